/**
 * sno IDs in database UUID columns: JDBC helpers ({@code dev.sno.jdbc}), a JPA attribute
 * converter ({@code dev.sno.jdbc.jpa}, needs the JPA API) and Hibernate support for
 * {@link dev.sno.SnoId} entity identifiers ({@code dev.sno.jdbc.hibernate}, needs Hibernate ORM), and
 * partitions leased from the database for fleets of instances ({@code dev.sno.jdbc.lease}).
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"}) // Hibernate ORM 6 is an automatic module
module dev.sno.jdbc {
    requires transitive dev.sno;
    requires transitive java.sql;
    requires static transitive jakarta.persistence;
    requires static transitive org.hibernate.orm.core;

    exports dev.sno.jdbc;
    exports dev.sno.jdbc.jpa;
    exports dev.sno.jdbc.hibernate;
    exports dev.sno.jdbc.lease;

    provides org.hibernate.boot.model.TypeContributor with dev.sno.jdbc.hibernate.SnoTypeContributor;
}
