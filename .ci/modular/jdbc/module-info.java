/** A module-path application with plain JDBC (H2), without JPA, Hibernate or Jackson. */
@SuppressWarnings("requires-automatic") // H2 and Hibernate 6 are automatic modules
module appjdbc {
    requires dev.sno.jdbc;
    requires com.h2database;
}
