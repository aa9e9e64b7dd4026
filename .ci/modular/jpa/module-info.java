/** A module-path application with JPA and Hibernate ORM on H2, without Jackson. */
@SuppressWarnings("requires-automatic") // H2 and Hibernate 6 are automatic modules
module appjpa {
    requires dev.sno.jdbc;
    requires jakarta.persistence;
    requires org.hibernate.orm.core;
    requires com.h2database;
    requires java.naming;   // SessionFactory is a javax.naming.Referenceable

    opens appjpa to org.hibernate.orm.core;

    // sno-jdbc's descriptor cannot provide it (Hibernate is optional there): see SnoIds.
    provides org.hibernate.boot.spi.AdditionalMappingContributor with appjpa.SnoIds;
}
