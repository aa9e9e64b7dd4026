package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.Sno;
import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.jdbc.jpa.SnoIdConverter;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import jakarta.persistence.Version;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.data.domain.Persistable;
import org.springframework.data.jpa.repository.support.SimpleJpaRepository;

/**
 * Real Hibernate ORM against real H2 and PostgreSQL: 6.6 by default, 7 with {@code -Phibernate7}
 * (CI runs both).
 */
class JpaTest {

    /** An entity whose ID is generated on persist, with metabyte 7. */
    @Entity(name = "Person")
    @Table(name = "jpa_person")
    public static class Person {
        @Id
        @SnoGeneratedId(meta = 7)
        SnoId id;
        String name;
        @Convert(converter = SnoIdConverter.class)
        SnoId parent;   // through the JPA converter
        SnoId friend;   // through the Hibernate type contributor, no annotation

        public Person() {
        }

        Person(String name) {
            this.name = name;
        }
    }

    /** An entity with an assigned SnoId identifier. */
    @Entity(name = "Item")
    @Table(name = "jpa_item")
    public static class Item {
        @Id
        SnoId id;
        int n;

        public Item() {
        }

        Item(SnoId id, int n) {
            this.id = id;
            this.n = n;
        }
    }

    /** The generator of {@link Gadget}, named by its {@code @SnoGeneratedId}. */
    static final SnoGenerator PARTITION_4242 = SnoGenerator.builder().partition(4242).build();

    /** Supplies {@link #PARTITION_4242}. */
    public static final class Partition4242 implements Supplier<SnoGenerator> {
        @Override
        public SnoGenerator get() {
            return PARTITION_4242;
        }
    }

    /** An entity whose IDs come from a generator its annotation names. */
    @Entity(name = "Gadget")
    @Table(name = "jpa_gadget")
    public static class Gadget {
        @Id
        @SnoGeneratedId(meta = 3, generator = Partition4242.class)
        SnoId id;

        public Gadget() {
        }
    }

    /** An entity with an impossible metabyte. */
    @Entity(name = "Broken")
    @Table(name = "jpa_broken")
    public static class Broken {
        @Id
        @SnoGeneratedId(meta = 300)
        SnoId id;

        public Broken() {
        }
    }

    /**
     * An imported record that tells Spring Data whether it is new ({@link Persistable}): new until
     * it is persisted or loaded, so {@code save} persists it with the key it came with.
     */
    @Entity(name = "Account")
    @Table(name = "jpa_account")
    public static class Account implements Persistable<SnoId> {
        @Id
        @SnoGeneratedId(meta = 8)
        SnoId id;
        String name;
        @Transient
        boolean stored;

        public Account() {
        }

        Account(SnoId id, String name) {
            this.id = id;
            this.name = name;
        }

        @Override
        public SnoId getId() {
            return id;
        }

        @Override
        public boolean isNew() {
            return !stored;
        }

        @PostPersist
        @PostLoad
        void markStored() {
            stored = true;
        }
    }

    /** An imported record with a version, by which Spring Data tells a new entity (null version). */
    @Entity(name = "Ledger")
    @Table(name = "jpa_ledger")
    public static class Ledger {
        @Id
        @SnoGeneratedId(meta = 9)
        SnoId id;
        @Version
        Long version;
        String name;

        public Ledger() {
        }

        Ledger(SnoId id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    static List<String> databases() {
        return Databases.all();
    }

    private static SessionFactory open(String db, Class<?>... entities) throws Exception {
        Databases.connect(db).close(); // skips or fails as Databases decides
        Configuration config = new Configuration();
        for (Class<?> entity : entities.length == 0 ? new Class<?>[] {Person.class, Item.class, Gadget.class} : entities) {
            config.addAnnotatedClass(entity);
        }
        return config
                .setProperty("hibernate.connection.url", Databases.url(db))
                .setProperty("hibernate.hbm2ddl.auto", "create-drop")
                .setProperty("hibernate.show_sql", "false")
                .setProperty("hibernate.jdbc.batch_size", "500")
                .buildSessionFactory();
    }

    @ParameterizedTest
    @MethodSource("databases")
    void generatedIdsArePersistedFoundAndQueriedByRange(String db) throws Exception {
        try (SessionFactory sf = open(db)) {
            Instant before = SnoId.firstAt(Instant.now()).time();
            SnoId parent = SnoId.parse("xxxxxxxx25xxxxxx");
            SnoId friend = SnoId.parse("29gfem22232im222");
            List<SnoId> created = new ArrayList<>();
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                for (int i = 0; i < 20; i++) {
                    Person p = new Person("p" + i);
                    p.parent = parent;
                    p.friend = friend;
                    em.persist(p);
                    assertNotNull(p.id, "assigned on persist");
                    created.add(p.id);
                }
                em.getTransaction().commit();
            }
            Instant after = Instant.now();
            for (SnoId id : created) {
                assertEquals(7, id.meta(), "metabyte from @SnoGeneratedId");
                assertEquals(Sno.generator().partition(), id.partition(), "from the application's generator");
                assertTrue(!id.time().isBefore(before) && !id.time().isAfter(after));
            }
            try (EntityManager em = sf.createEntityManager()) {
                Person found = em.find(Person.class, created.get(3));
                assertEquals("p3", found.name);
                assertEquals(parent, found.parent);
                assertEquals(friend, found.friend);

                SnoIdRange window = SnoIdRange.timeWindow(before, after.plusMillis(4));
                List<SnoId> inRange = em.createQuery(
                        "select p.id from Person p where p.id >= :lo and p.id < :hi order by p.id", SnoId.class)
                        .setParameter("lo", window.from()).setParameter("hi", window.to()).getResultList();
                List<SnoId> sorted = new ArrayList<>(created);
                Collections.sort(sorted);
                assertEquals(sorted, inRange);
                assertEquals(List.of(), em.createQuery("select p.id from Person p where p.id < :lo", SnoId.class)
                        .setParameter("lo", window.from()).getResultList());
            }
            try (Connection c = Databases.connect(db);
                 ResultSet cols = c.getMetaData().getColumns(null, null, db.equals(Databases.H2) ? "JPA_PERSON" : "jpa_person", null)) {
                int checked = 0;
                while (cols.next()) {
                    String name = cols.getString("COLUMN_NAME").toLowerCase();
                    if (name.equals("id") || name.equals("parent") || name.equals("friend")) {
                        assertEquals("uuid", cols.getString("TYPE_NAME").toLowerCase(), name);
                        checked++;
                    }
                }
                assertEquals(3, checked, "id, parent and friend are UUID columns");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void tenThousandRandomIdsRoundTripThroughJpaInSnoOrder(String db) throws Exception {
        List<SnoId> ids = SnoJdbcTest.randomIds(Long.getLong("sno.seed", 7L), 10_000);
        try (SessionFactory sf = open(db)) {
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                for (int i = 0; i < ids.size(); i++) {
                    em.persist(new Item(ids.get(i), i));
                }
                em.getTransaction().commit();
            }
            try (EntityManager em = sf.createEntityManager()) {
                List<Item> items = em.createQuery("select i from Item i order by i.id", Item.class).getResultList();
                List<SnoId> expected = new ArrayList<>(ids);
                Collections.sort(expected);
                List<SnoId> got = new ArrayList<>();
                for (Item item : items) {
                    assertEquals(ids.get(item.n), item.id);
                    got.add(item.id);
                }
                assertEquals(expected, got, db + ": ORDER BY id is sno order");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aUuidThatIsNotASnoIdFailsTheLoadNamingTheValue(String db) throws Exception {
        try (SessionFactory sf = open(db)) {
            try (Connection c = Databases.connect(db);
                 PreparedStatement p = c.prepareStatement("INSERT INTO jpa_item (id, n) VALUES (?, 1)")) {
                p.setObject(1, UUID.fromString("01234567-89ab-cdef-0123-000000000001"));
                p.executeUpdate();
            }
            try (EntityManager em = sf.createEntityManager()) {
                PersistenceException e = assertThrows(PersistenceException.class,
                        () -> em.createQuery("select i from Item i", Item.class).getResultList());
                Throwable t = e;
                StringBuilder messages = new StringBuilder();
                while (t != null) {
                    messages.append(t.getMessage()).append(" | ");
                    t = t.getCause();
                }
                assertTrue(messages.toString().contains("Not a sno ID in column '" + (db.equals(Databases.H2) ? "ID" : "id")
                        + "': UUID 01234567-89ab-cdef-0123-000000000001 (Invalid sno ID UUID:"
                        + " 01234567-89ab-cdef-0123-000000000001 (bytes 10..15 must be zero"), messages.toString());
            }
        }
    }

    /** Of an entity's three SnoId columns, the one holding a bad value is named, with the value. */
    @ParameterizedTest
    @MethodSource("databases")
    void aBadValueInOneOfThreeSnoIdColumnsFailsTheLoadNamingThatColumn(String db) throws Exception {
        try (SessionFactory sf = open(db)) {
            SnoId id = SnoId.parse("29gfem22232im222");
            try (Connection c = Databases.connect(db);
                 PreparedStatement p = c.prepareStatement("INSERT INTO jpa_person (id, name, parent, friend) VALUES (?, 'p', ?, ?)")) {
                p.setObject(1, id.toUuid());
                p.setObject(2, id.toUuid());
                p.setObject(3, UUID.fromString("0195b2b6-0000-4000-8000-000000000001"));
                p.executeUpdate();
            }
            try (EntityManager em = sf.createEntityManager()) {
                PersistenceException e = assertThrows(PersistenceException.class, () -> em.find(Person.class, id));
                StringBuilder messages = new StringBuilder();
                for (Throwable t = e; t != null; t = t.getCause()) {
                    messages.append(t.getMessage()).append(" | ");
                }
                assertTrue(messages.toString().contains("Not a sno ID in column '" + (db.equals(Databases.H2) ? "FRIEND" : "friend")
                        + "': UUID 0195b2b6-0000-4000-8000-000000000001 (Invalid sno ID UUID:"
                        + " 0195b2b6-0000-4000-8000-000000000001 (bytes 10..15 must be zero"), messages.toString());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aGeneratorSupplierNamedByTheAnnotationMakesTheIds(String db) throws Exception {
        try (SessionFactory sf = open(db)) {
            Gadget g = new Gadget();
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                em.persist(g);
                em.getTransaction().commit();
            }
            assertEquals(4242, g.id.partition());
            assertEquals(3, g.id.meta());
            try (EntityManager em = sf.createEntityManager()) {
                assertNotNull(em.find(Gadget.class, g.id));
            }
        }
    }

    /**
     * Importing records that already have IDs: a key set by hand is kept by {@code persist} and by
     * {@code merge} (what Spring Data's {@code save} calls for an entity whose ID is not null), a
     * null key is generated by both, an existing row is updated by {@code merge}, and a second
     * {@code persist} of a key already stored fails without touching the stored row.
     */
    @ParameterizedTest
    @MethodSource("databases")
    void aKeySetByHandIsKeptOnPersistAndMergeAndOnlyANullKeyIsGenerated(String db) throws Exception {
        SnoId persisted = SnoId.parse("29gfem22232im222");
        SnoId merged = SnoId.parse("xxxxxxxx25xxxxxx");
        try (SessionFactory sf = open(db)) {
            Person generated;
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                Person a = new Person("persisted");
                a.id = persisted;
                em.persist(a);
                Person b = new Person("merged");
                b.id = merged;
                assertEquals(merged, em.merge(b).id);
                generated = em.merge(new Person("generated"));
                em.getTransaction().commit();
            }
            assertEquals(7, generated.id.meta(), "a null key is generated by merge");
            try (EntityManager em = sf.createEntityManager()) {
                assertEquals("persisted", em.find(Person.class, persisted).name);
                assertEquals("merged", em.find(Person.class, merged).name);
                assertEquals("generated", em.find(Person.class, generated.id).name);
                assertEquals(3L, em.createQuery("select count(p) from Person p", Long.class).getSingleResult());
            }
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                Person renamed = new Person("renamed");
                renamed.id = merged;
                em.merge(renamed);
                em.getTransaction().commit();
            }
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                Person again = new Person("duplicate");
                again.id = persisted;
                assertThrows(PersistenceException.class, () -> {
                    em.persist(again);
                    em.flush();
                });
                em.getTransaction().rollback();
            }
            try (EntityManager em = sf.createEntityManager()) {
                assertEquals("renamed", em.find(Person.class, merged).name, "merge of a stored key updates it");
                assertEquals("persisted", em.find(Person.class, persisted).name, "the stored row is untouched");
                assertEquals(3L, em.createQuery("select count(p) from Person p", Long.class).getSingleResult());
            }
        }
    }

    /**
     * Spring Data's {@code save} on an entity whose key was set by hand: a plain entity is merged
     * (a SELECT of its row, then an INSERT), a {@link Persistable} one that says it is new and one
     * with a null {@link Version} are persisted (an INSERT alone); each keeps its key, and a null
     * key is generated. Through {@link SimpleJpaRepository}, the class behind every Spring Data
     * JPA repository.
     */
    @ParameterizedTest
    @MethodSource("databases")
    void springDataSaveKeepsAKeySetByHandAndGeneratesANullOne(String db) throws Exception {
        SnoId person = SnoId.parse("29gfem22232im222");
        SnoId account = SnoId.parse("29gfem22232im223");
        SnoId ledger = SnoId.parse("29gfem22232im224");
        try (SessionFactory sf = open(db, Person.class, Account.class, Ledger.class)) {
            sf.getStatistics().setStatisticsEnabled(true);
            try (EntityManager em = sf.createEntityManager()) {
                SimpleJpaRepository<Person, SnoId> people = new SimpleJpaRepository<>(Person.class, em);
                SimpleJpaRepository<Account, SnoId> accounts = new SimpleJpaRepository<>(Account.class, em);
                SimpleJpaRepository<Ledger, SnoId> ledgers = new SimpleJpaRepository<>(Ledger.class, em);
                Person p = new Person("imported");
                p.id = person;
                assertEquals(List.of(1L, 1L), statements(sf, em, () -> assertEquals(person, people.save(p).id)),
                        "a plain entity with a key: merged, one SELECT and one INSERT");
                assertEquals(List.of(0L, 1L), statements(sf, em,
                        () -> assertEquals(account, accounts.save(new Account(account, "imported")).id)),
                        "a Persistable that says it is new: persisted, one INSERT");
                assertEquals(List.of(0L, 1L), statements(sf, em,
                        () -> assertEquals(ledger, ledgers.save(new Ledger(ledger, "imported")).id)),
                        "a null version: persisted, one INSERT");
                em.getTransaction().begin();
                SnoId generatedPerson = people.save(new Person("new")).id;
                SnoId generatedAccount = accounts.save(new Account(null, "new")).id;
                SnoId generatedLedger = ledgers.save(new Ledger(null, "new")).id;
                em.getTransaction().commit();
                assertEquals(List.of(7, 8, 9), List.of(generatedPerson.meta(), generatedAccount.meta(),
                        generatedLedger.meta()), "a null key is generated");
            }
            try (EntityManager em = sf.createEntityManager()) {
                assertEquals("imported", em.find(Person.class, person).name);
                assertEquals("imported", em.find(Account.class, account).name);
                assertEquals("imported", em.find(Ledger.class, ledger).name);
                SimpleJpaRepository<Account, SnoId> accounts = new SimpleJpaRepository<>(Account.class, em);
                em.getTransaction().begin();
                Account loaded = accounts.findById(account).orElseThrow();
                loaded.name = "renamed";
                accounts.save(loaded);
                em.getTransaction().commit();
                assertEquals(2L, accounts.count());
            }
            try (EntityManager em = sf.createEntityManager()) {
                assertEquals("renamed", em.find(Account.class, account).name, "a loaded Persistable is updated");
            }
        }
    }

    /**
     * The statements one save prepares, in its own transaction: {@code [others, inserts]}, where
     * the others are the SELECT of a merge.
     */
    private static List<Long> statements(SessionFactory sf, EntityManager em, Runnable save) {
        sf.getStatistics().clear();
        em.getTransaction().begin();
        save.run();
        em.getTransaction().commit();
        Statistics stats = sf.getStatistics();
        return List.of(stats.getPrepareStatementCount() - stats.getEntityInsertCount(), stats.getEntityInsertCount());
    }

    @Test
    void aMetabyteOutOfRangeFailsTheBootstrapNamingTheValue() {
        Exception e = assertThrows(Exception.class, () -> open(Databases.H2, Broken.class).close());
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append(" | ");
        }
        assertTrue(messages.toString().contains("@SnoGeneratedId meta must be in [0, 255]: meta=300 on " + Broken.class.getName() + ".id"),
                messages.toString());
    }
}
