/**
 * sno IDs in database UUID columns: JDBC helpers ({@code dev.sno.jdbc}), a JPA attribute
 * converter ({@code dev.sno.jdbc.jpa}, needs the JPA API) and Hibernate support for
 * {@link dev.sno.SnoId} entity identifiers ({@code dev.sno.jdbc.hibernate}, needs Hibernate ORM), and
 * partitions leased from the database for fleets of instances ({@code dev.sno.jdbc.lease}).
 *
 * <p>JPA and Hibernate are optional: the application requires what it uses, and this module
 * runs without them. This descriptor declares no {@code provides} for Hibernate's
 * {@code TypeContributor} and {@code AdditionalMappingContributor}, because on JDK 17 a {@code provides} clause whose
 * service type lives in an absent optional module stops the boot layer from resolving. On the
 * class path, {@code META-INF/services} registers {@link dev.sno.jdbc.hibernate.SnoTypeContributor}
 * and {@link dev.sno.jdbc.hibernate.SnoGeneratedIds}; on the module path, pass them in
 * the {@code hibernate.type_contributors} setting (or use {@code @JavaType(SnoIdJavaType.class)})
 * and in {@code hibernate.integrator_provider}.
 */
@SuppressWarnings("requires-automatic") // Hibernate ORM 6 is an automatic module
module dev.sno.jdbc {
    requires transitive dev.sno;
    requires transitive java.sql;
    requires static jakarta.persistence;
    requires static org.hibernate.orm.core;
    requires static java.naming; // @SnoGeneratedId with a supplier: Hibernate's SessionFactory is Referenceable

    exports dev.sno.jdbc;
    exports dev.sno.jdbc.jpa;
    exports dev.sno.jdbc.hibernate;
    exports dev.sno.jdbc.lease;

    provides dev.sno.lease.LeaseStoreProvider with dev.sno.jdbc.lease.JdbcLeaseStoreProvider;
}
