package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.Sno;
import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import jakarta.persistence.Access;
import jakarta.persistence.AccessType;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Table;
import java.util.List;
import java.util.UUID;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code @SnoGeneratedId} on attributes that are not the identifier, through real Hibernate ORM
 * (6.6, or 7 with {@code -Phibernate7}) on H2 and PostgreSQL: generated on insert with their
 * metabyte, kept when the application set them, in embeddables, mapped superclasses and under
 * property access; a misplaced annotation stops the bootstrap naming the attribute.
 */
class HibernateValueGenerationTest {

    /** Audit fields every entity below inherits: a generated correlation ID. */
    @MappedSuperclass
    public abstract static class Audited {
        @SnoGeneratedId(meta = 9)
        SnoId correlation;
    }

    /** Where a shipment goes, with its own generated label ID. */
    @Embeddable
    public static class Label {
        @SnoGeneratedId(meta = 6)
        SnoId labelId;
        String text;

        public Label() {
        }

        Label(String text) {
            this.text = text;
        }
    }

    /** An entity with a generated identifier and a generated public reference. */
    @Entity(name = "Shipment")
    @Table(name = "vg_shipment")
    public static class Shipment extends Audited {
        @Id
        @SnoGeneratedId(meta = 4)
        SnoId id;
        @SnoGeneratedId(meta = 5)
        SnoId reference;
        SnoId plain;       // not marked: stays null
        @Embedded
        Label label;

        public Shipment() {
        }
    }

    /** Property access: the annotations on the getters. */
    @Entity(name = "Parcel")
    @Table(name = "vg_parcel")
    @Access(AccessType.PROPERTY)
    public static class Parcel {
        private UUID number;
        private SnoId tracking;

        @Id
        public UUID getNumber() {
            return number;
        }

        public void setNumber(UUID number) {
            this.number = number;
        }

        @SnoGeneratedId(meta = 12)
        public SnoId getTracking() {
            return tracking;
        }

        public void setTracking(SnoId tracking) {
            this.tracking = tracking;
        }
    }

    /** A marked attribute that is not a SnoId. */
    @Entity(name = "WrongType")
    @Table(name = "vg_wrong_type")
    public static class WrongType {
        @Id
        SnoId id;
        @SnoGeneratedId(meta = 1)
        UUID reference;
    }

    /** A marked non-key attribute with an impossible metabyte. */
    @Entity(name = "WrongMeta")
    @Table(name = "vg_wrong_meta")
    public static class WrongMeta {
        @Id
        SnoId id;
        @SnoGeneratedId(meta = -1)
        SnoId reference;
    }

    static List<String> databases() {
        return Databases.all();
    }

    private static SessionFactory open(String db, Class<?>... entities) throws Exception {
        Databases.connect(db).close(); // skips or fails as Databases decides
        Configuration config = new Configuration();
        for (Class<?> entity : entities) {
            config.addAnnotatedClass(entity);
        }
        return config.setProperty("hibernate.connection.url", Databases.url(db))
                .setProperty("hibernate.hbm2ddl.auto", "create-drop")
                .buildSessionFactory();
    }

    @ParameterizedTest
    @MethodSource("databases")
    void nonKeyAttributesGetIdsWithTheirMetabytesOnInsert(String db) throws Exception {
        try (SessionFactory sf = open(db, Shipment.class)) {
            Shipment s = new Shipment();
            s.label = new Label("fragile");
            sf.inTransaction(session -> session.persist(s));
            assertEquals(4, s.id.meta(), "identifier");
            assertEquals(5, s.reference.meta(), "non-key attribute");
            assertEquals(9, s.correlation.meta(), "attribute of a mapped superclass");
            assertEquals(6, s.label.labelId.meta(), "attribute of an embeddable");
            assertNull(s.plain, "an unmarked SnoId is not generated");
            for (SnoId id : List.of(s.id, s.reference, s.correlation, s.label.labelId)) {
                assertEquals(Sno.generator().partition(), id.partition(), "from the installed generator: " + id);
            }
            assertEquals(4, List.of(s.id, s.reference, s.correlation, s.label.labelId).stream().distinct().count());

            try (EntityManager em = sf.createEntityManager()) {
                Shipment found = em.createQuery("select s from Shipment s where s.reference = :r", Shipment.class)
                        .setParameter("r", s.reference).getSingleResult();
                assertEquals(s.id, found.id);
                assertEquals(s.correlation, found.correlation);
                assertEquals(s.label.labelId, found.label.labelId);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aNonKeyValueTheApplicationSetIsKeptAndAnUpdateGeneratesNothing(String db) throws Exception {
        SnoId imported = SnoId.parse("29gfem22232im222");
        try (SessionFactory sf = open(db, Shipment.class)) {
            Shipment s = new Shipment();
            s.reference = imported;
            sf.inTransaction(session -> session.persist(s));
            assertEquals(imported, s.reference, "kept");
            assertNotNull(s.correlation, "the unset one is generated");

            SnoId correlation = s.correlation;
            sf.inTransaction(session -> session.find(Shipment.class, s.id).plain = imported);
            Shipment found = sf.fromTransaction(session -> session.find(Shipment.class, s.id));
            assertEquals(imported, found.plain, "updated");
            assertEquals(imported, found.reference);
            assertEquals(correlation, found.correlation, "an update generates nothing");
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void propertyAccessReadsTheAnnotationOnTheGetter(String db) throws Exception {
        try (SessionFactory sf = open(db, Parcel.class)) {
            Parcel p = new Parcel();
            p.setNumber(UUID.randomUUID());
            sf.inTransaction(session -> session.persist(p));
            assertNotNull(p.getTracking());
            assertEquals(12, p.getTracking().meta());
            Parcel second = new Parcel();
            second.setNumber(UUID.randomUUID());
            sf.inTransaction(session -> session.persist(second));
            assertNotEquals(p.getTracking(), second.getTracking());
        }
    }

    @Test
    void aMarkedAttributeThatIsNotASnoIdStopsTheBootstrapNamingIt() {
        String messages = messages(assertThrows(Exception.class, () -> open(Databases.H2, WrongType.class).close()));
        assertTrue(messages.contains("@SnoGeneratedId marks " + WrongType.class.getName()
                + ".reference of type java.util.UUID: only a dev.sno.SnoId attribute can be generated"), messages);
    }

    @Test
    void aNonKeyMetabyteOutOfRangeStopsTheBootstrapNamingIt() {
        String messages = messages(assertThrows(Exception.class, () -> open(Databases.H2, WrongMeta.class).close()));
        assertTrue(messages.contains("@SnoGeneratedId meta must be in [0, 255]: meta=-1 on "
                + WrongMeta.class.getName() + ".reference"), messages);
    }

    private static String messages(Throwable e) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append(" | ");
        }
        return messages.toString();
    }
}
