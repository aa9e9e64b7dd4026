/** A module-path application with jOOQ 3.19 (H2), without JDBC helpers, JPA or Jackson. */
@SuppressWarnings("requires-automatic") // H2 is an automatic module
module appjooq {
    requires dev.sno.jooq;
    requires com.h2database;
}
