package dev.sno.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.Table;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 33: {@code SnoIdJavaType} follows Hibernate's UUID preference, as {@code java.util.UUID}
 * does. With {@code hibernate.type.preferred_uuid_jdbc_type=BINARY}, schema generation makes
 * {@code binary(16)} columns on MariaDB 11.4, MySQL 8.0 (there without any setting too) and H2, the rows hold the 16 bytes of each ID's
 * UUID image, {@code ORDER BY id} is sno order for IDs spread over years and inserted out of
 * order, a time window returns exactly what {@link SnoIdRange#contains} accepts, and a 16-byte
 * value that is not a sno image fails the load naming it. Without the setting, the columns stay
 * UUID on H2 and PostgreSQL (and on MariaDB, Hibernate's MariaDB dialect chooses MariaDB's
 * {@code uuid} type, which does not keep sno order: the reason the setting is documented).
 * With {@code CHAR}, the third preference, the columns are {@code char(36)} (Hibernate 7 on MariaDB:
 * {@code varchar(36)}) holding the UUID text, also in sno order. In each case sno's columns are of
 * the type Hibernate gives a {@code java.util.UUID} attribute of the same entity. Hibernate 6.6 by default, 7 with {@code -Phibernate7}.
 */
class HibernateBinaryIdsTest {

    /** Assigned IDs, and a non-key ID column. */
    @Entity(name = "BinItem")
    @Table(name = "bin_item")
    public static class BinItem {
        @Id
        SnoId id;
        SnoId ref;
        int n;
        /** Hibernate's own UUID mapping, which sno's follows. */
        java.util.UUID plain;

        public BinItem() {
        }

        BinItem(SnoId id, SnoId ref, int n) {
            this.id = id;
            this.ref = ref;
            this.n = n;
        }
    }

    /** Generated IDs. */
    @Entity(name = "BinTicket")
    @Table(name = "bin_ticket")
    public static class BinTicket {
        @Id
        @SnoGeneratedId(meta = 5)
        SnoId id;
        String title;

        public BinTicket() {
        }

        BinTicket(String title) {
            this.title = title;
        }
    }

    /** A session factory on url; preference: hibernate.type.preferred_uuid_jdbc_type, or null. */
    private static SessionFactory open(String url, String preference) {
        Configuration config = new Configuration().addAnnotatedClass(BinItem.class).addAnnotatedClass(BinTicket.class)
                .setProperty("hibernate.connection.url", url)
                .setProperty("hibernate.hbm2ddl.auto", "create-drop")
                .setProperty("hibernate.show_sql", "false");
        if (preference != null) {
            config.setProperty("hibernate.type.preferred_uuid_jdbc_type", preference);
        }
        return config.buildSessionFactory();
    }

    /** A database of its own on MariaDB or MySQL, else the shared H2 or PostgreSQL one. */
    private static String database(String db) throws SQLException {
        return Databases.MARIADB.equals(db) ? MariaDb.createDatabase("sno_hib")
                : Databases.MYSQL.equals(db) ? MySql.createDatabase("sno_hib") : null;
    }

    private static String url(String db, String database) {
        return database == null ? Databases.url(db) : Databases.MYSQL.equals(db) ? MySql.url(database) : MariaDb.url(database);
    }

    private static void drop(String db, String database) throws SQLException {
        if (Databases.MYSQL.equals(db)) {
            MySql.dropDatabase(database);
        } else {
            MariaDb.dropDatabase(database);
        }
    }

    private static boolean mySqlFamily(String db) {
        return Databases.MARIADB.equals(db) || Databases.MYSQL.equals(db);
    }

    /** "binary(16)", "char(36)", "varchar(36)", "uuid": the column's type as information_schema.columns says it. */
    private static String columnType(Connection c, String db, String table, String column) throws SQLException {
        String sql = mySqlFamily(db)
                ? "SELECT column_type FROM information_schema.columns WHERE table_schema = DATABASE()"
                        + " AND table_name = ? AND column_name = ?"
                : "SELECT data_type, character_maximum_length FROM information_schema.columns"
                        + " WHERE lower(table_name) = ? AND lower(column_name) = ?";
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, table);
            p.setString(2, column);
            try (ResultSet r = p.executeQuery()) {
                assertTrue(r.next(), table + "." + column + " exists");
                String type = r.getString(1).toLowerCase(Locale.ROOT);
                if (!mySqlFamily(db) && (type.contains("binary") || type.startsWith("char"))) {
                    String name = type.contains("binary") ? "binary" : type.contains("varying") ? "varchar" : "char";
                    type = name + "(" + r.getLong(2) + ")";
                }
                return type;
            }
        }
    }

    /** 300 IDs spread over 2020..2035 in random (insertion) order, plus the edges of one window. */
    private static List<SnoId> spreadIds(SplittableRandom r) {
        List<SnoId> ids = new ArrayList<>();
        long start = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();
        long end = Instant.parse("2035-01-01T00:00:00Z").toEpochMilli();
        for (int i = 0; i < 300; i++) {
            byte[] bytes = new byte[10];
            r.nextBytes(bytes);
            SnoId at = SnoId.firstAt(Instant.ofEpochMilli(r.nextLong(start, end)));
            System.arraycopy(at.toBytes(), 0, bytes, 0, 5); // the time, with random low bits below
            ids.add(SnoId.fromBytes(bytes));
        }
        return ids.stream().distinct().toList();
    }

    /** One BinItem per ID, in the list's order, n its index, each with the reference ref. */
    private static void persistItems(SessionFactory sf, List<SnoId> ids, SnoId ref) {
        try (EntityManager em = sf.createEntityManager()) {
            em.getTransaction().begin();
            for (int i = 0; i < ids.size(); i++) {
                em.persist(new BinItem(ids.get(i), ref, i));
            }
            em.getTransaction().commit();
        }
    }

    /** 20 random time windows of up to three years: each query returns what contains accepts. */
    private static void assertWindowsSelectWhatContainsAccepts(EntityManager em, List<SnoId> ids,
            SplittableRandom random) {
        for (int w = 0; w < 20; w++) {
            long a = random.nextLong(Instant.parse("2020-01-01T00:00:00Z").toEpochMilli(),
                    Instant.parse("2035-01-01T00:00:00Z").toEpochMilli());
            SnoIdRange window = SnoIdRange.timeWindow(Instant.ofEpochMilli(a),
                    Instant.ofEpochMilli(a + random.nextLong(1, 3L * 365 * 24 * 3600 * 1000)));
            List<SnoId> inWindow = em.createQuery(
                    "select i.id from BinItem i where i.id >= :from and i.id < :to order by i.id", SnoId.class)
                    .setParameter("from", window.from()).setParameter("to", window.to()).getResultList();
            assertEquals(ids.stream().filter(window::contains).sorted().toList(), inWindow, window.toString());
        }
    }

    /**
     * With the BINARY preference, and on MySQL without any setting: Hibernate's MySQL dialect
     * makes a UUID {@code binary(16)} by default (MariaDB's makes it {@code uuid}, see
     * {@link #withoutTheSettingTheColumnsAreUuid}), so a MySQL application needs no setting.
     */
    @ParameterizedTest(name = "{0}, preference {1}")
    @CsvSource({Databases.MARIADB + ",BINARY", Databases.MYSQL + ",BINARY", Databases.MYSQL + ",",
            Databases.H2 + ",BINARY"})
    void theBinaryPreferenceMakesBinary16ColumnsHoldingTheImageInSnoOrder(String db, String preference)
            throws Exception {
        String database = database(db);
        try (SessionFactory sf = open(url(db, database), preference);
                Connection c = DriverManager.getConnection(url(db, database))) {
            for (String[] column : new String[][] {{"bin_item", "id"}, {"bin_item", "ref"}, {"bin_ticket", "id"},
                {"bin_item", "plain"}}) {
                assertEquals("binary(16)", columnType(c, db, column[0], column[1]), String.join(".", column));
            }
            SplittableRandom random = new SplittableRandom(FunctionCases.seed());
            List<SnoId> ids = spreadIds(random);
            SnoId ref = SnoId.parse("29gfem22232im222");
            persistItems(sf, ids, ref);
            try (PreparedStatement p = c.prepareStatement("SELECT id, ref, n FROM bin_item ORDER BY id");
                    ResultSet r = p.executeQuery()) {
                List<SnoId> stored = new ArrayList<>();
                while (r.next()) {
                    SnoId expected = ids.get(r.getInt(3));
                    assertArrayEquals(FunctionCases.image(expected), r.getBytes(1), "the 16 image bytes of " + expected);
                    assertArrayEquals(FunctionCases.image(ref), r.getBytes(2));
                    stored.add(expected);
                }
                assertEquals(ids.stream().sorted().toList(), stored, "the database's own ORDER BY is sno order");
            }
            try (EntityManager em = sf.createEntityManager()) {
                List<SnoId> ordered = em.createQuery("select i.id from BinItem i order by i.id", SnoId.class)
                        .getResultList();
                assertEquals(ids.stream().sorted().toList(), ordered);
                BinItem found = em.find(BinItem.class, ids.get(7));
                assertEquals(7, found.n);
                assertEquals(ref, found.ref);
                assertWindowsSelectWhatContainsAccepts(em, ids, random);
            }
            BinTicket ticket = new BinTicket("first");
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                em.persist(ticket);
                em.getTransaction().commit();
            }
            assertNotNull(ticket.id);
            assertEquals(5, ticket.id.meta());
            try (EntityManager em = sf.createEntityManager()) {
                assertEquals("first", em.find(BinTicket.class, ticket.id).title);
            }
            try (PreparedStatement p = c.prepareStatement("SELECT id FROM bin_ticket"); ResultSet r = p.executeQuery()) {
                assertTrue(r.next());
                assertArrayEquals(FunctionCases.image(ticket.id), r.getBytes(1));
            }

            // 16 bytes whose tail is not zero: not the image of a sno ID
            byte[] bad = FunctionCases.image(SnoId.parse("xxxxxxxx25xxxxxx"));
            bad[15] = 1;
            java.nio.ByteBuffer badImage = java.nio.ByteBuffer.wrap(bad);
            String badUuid = new java.util.UUID(badImage.getLong(), badImage.getLong()).toString();
            try (PreparedStatement p = c.prepareStatement("INSERT INTO bin_item (id, n) VALUES (?, -1)")) {
                p.setBytes(1, bad);
                p.executeUpdate();
            }
            try (EntityManager em = sf.createEntityManager()) {
                PersistenceException e = assertThrows(PersistenceException.class,
                        () -> em.createQuery("select i from BinItem i where i.n = -1", BinItem.class).getResultList());
                StringBuilder messages = new StringBuilder();
                for (Throwable t = e; t != null; t = t.getCause()) {
                    messages.append(t.getMessage()).append(" | ");
                }
                assertTrue(messages.toString().contains("Not a sno ID in column '" + (db.equals(Databases.H2) ? "ID" : "id") + "': 0x"
                        + java.util.HexFormat.of().formatHex(bad)
                        + " (Invalid sno ID UUID: " + badUuid
                        + " (bytes 10..15 must be zero"), messages.toString());
                assertTrue(badUuid.endsWith("01"),
                        messages.toString());
            }
        } finally {
            drop(db, database);
        }
    }

    /**
     * Hibernate's third UUID preference, {@code CHAR}: {@code char(36)} or {@code varchar(36)}
     * columns, as for {@code java.util.UUID}, holding the UUID text of each ID's image, lowercase,
     * which every one of these databases orders as sno order (the hyphens stand at the same places
     * in every value).
     */
    @ParameterizedTest
    @ValueSource(strings = {Databases.MARIADB, Databases.MYSQL, Databases.H2, Databases.POSTGRES})
    void theCharPreferenceMakesCharacterColumnsHoldingTheUuidTextInSnoOrder(String db) throws Exception {
        String database = database(db);
        if (database == null) {
            Databases.require(db);
        }
        try (SessionFactory sf = open(url(db, database), "CHAR");
                Connection c = DriverManager.getConnection(url(db, database))) {
            // Hibernate 6.6 makes char(36), 7 varchar(36) on MariaDB: whichever it makes for java.util.UUID.
            String uuidColumn = columnType(c, db, "bin_item", "plain");
            assertTrue(List.of("char(36)", "varchar(36)").contains(uuidColumn), uuidColumn);
            for (String[] column : new String[][] {{"bin_item", "id"}, {"bin_item", "ref"}, {"bin_ticket", "id"}}) {
                assertEquals(uuidColumn, columnType(c, db, column[0], column[1]), String.join(".", column));
            }
            SplittableRandom random = new SplittableRandom(FunctionCases.seed());
            List<SnoId> ids = spreadIds(random);
            persistItems(sf, ids, ids.get(0));
            try (PreparedStatement p = c.prepareStatement("SELECT id, n FROM bin_item ORDER BY id");
                    ResultSet r = p.executeQuery()) {
                List<SnoId> stored = new ArrayList<>();
                while (r.next()) {
                    SnoId expected = ids.get(r.getInt(2));
                    assertEquals(expected.toUuid().toString(), r.getString(1), "the UUID text of " + expected);
                    stored.add(expected);
                }
                assertEquals(ids.stream().sorted().toList(), stored, "the database's own ORDER BY is sno order");
            }
            try (EntityManager em = sf.createEntityManager()) {
                assertWindowsSelectWhatContainsAccepts(em, ids, random);
                assertEquals(ids.get(0), em.find(BinItem.class, ids.get(9)).ref);
            }
            BinTicket ticket = new BinTicket("char");
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                em.persist(ticket);
                em.getTransaction().commit();
            }
            assertEquals(5, ticket.id.meta());
            try (EntityManager em = sf.createEntityManager()) {
                assertEquals("char", em.find(BinTicket.class, ticket.id).title);
            }
        } finally {
            drop(db, database);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.H2, Databases.POSTGRES, Databases.MARIADB})
    void withoutTheSettingTheColumnsAreUuid(String db) throws Exception {
        String database = database(db);
        if (database == null) {
            Databases.require(db);
        }
        try (SessionFactory sf = open(url(db, database), null);
                Connection c = DriverManager.getConnection(url(db, database))) {
            for (String[] column : new String[][] {{"bin_item", "id"}, {"bin_item", "ref"}, {"bin_ticket", "id"},
                {"bin_item", "plain"}}) {
                assertEquals("uuid", columnType(c, db, column[0], column[1]), String.join(".", column));
            }
            SnoId id = SnoId.parse("29gfem22232im222");
            try (EntityManager em = sf.createEntityManager()) {
                em.getTransaction().begin();
                em.persist(new BinItem(id, id, 1));
                em.getTransaction().commit();
            }
            try (EntityManager em = sf.createEntityManager()) {
                assertEquals(id, em.find(BinItem.class, id).ref);
            }
        } finally {
            drop(db, database);
        }
    }
}
