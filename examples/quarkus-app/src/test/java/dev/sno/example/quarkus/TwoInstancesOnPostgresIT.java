package dev.sno.example.quarkus;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoId;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 21, "with leases on PostgreSQL: two app instances get different partitions". The
 * application packaged for PostgreSQL (target/quarkus-app-postgresql, the pom's second packaging)
 * is started twice as plain JVMs on the build's PostgreSQL (test-support's TestServers), with
 * {@code sno.lease.enabled=true} and a namespace of its own with the two partitions 100 and 101.
 * It proves that
 * <ul>
 * <li>each instance leases a different partition (readiness: source {@code leased}, lease
 * {@code held}; the lease table names each process as the holder of its partition);
 * <li>the ID of a person each creates over HTTP carries that instance's partition, and both
 * people are in the one database (each instance reads the other's);
 * <li>SIGTERM stops both and frees both leases ({@code holder_token} NULL in the lease table).
 * </ul>
 * The instances work in a schema created for the run ({@code currentSchema}) and dropped after it,
 * so the tables of other tests on the same server do not interfere.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TwoInstancesOnPostgresIT {

    private static final Path JAR = Path.of("target", "quarkus-app-postgresql", "quarkus-run.jar");
    private static final Duration READY = Duration.ofSeconds(120);
    private static final String SNO = "checks.find { it.name == 'sno' }";

    @Test
    void twoInstancesLeaseDifferentPartitionsFromPostgres() throws Exception {
        String url = PostgresProfile.url();
        String run = UUID.randomUUID().toString().substring(0, 8);
        String schema = "sno_it_" + run;
        String namespace = "quarkus-it-" + run;
        sql(url, "CREATE SCHEMA " + schema);
        Map<String, String> config = new LinkedHashMap<>();
        config.put("quarkus.datasource.jdbc.url", url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema);
        config.put("quarkus.hibernate-orm.schema-management.strategy", "update");
        config.put("sno.lease.enabled", "true");
        config.put("sno.lease.initialize-schema", "always");
        config.put("sno.lease.namespace", namespace);
        config.put("sno.lease.partitions", "100-101");
        List<PackagedInstance> instances = new ArrayList<>();
        try {
            int[] partitions = new int[2];
            for (int i = 0; i < 2; i++) {
                // One after the other: both would otherwise create the person table at once.
                PackagedInstance instance = PackagedInstance.start(JAR, config,
                        Path.of("target", "postgres-it", "instance-" + i + ".log"));
                instances.add(instance);
                partitions[i] = leasedPartition(instance.awaitReady(READY), namespace);
            }
            assertNotEquals(partitions[0], partitions[1], "two instances, one partition each");
            assertEquals(Set.of(100, 101), Set.of(partitions[0], partitions[1]), "sno.lease.partitions=100-101");
            assertEquals(Map.of(partitions[0], instances.get(0).pid(), partitions[1], instances.get(1).pid()),
                    holders(url, schema, namespace), "lease rows: partition -> holder_pid");

            SnoId[] ids = new SnoId[2];
            for (int i = 0; i < 2; i++) {
                String id = instances.get(i).given().contentType(ContentType.JSON)
                        .body("{\"name\":\"Person " + i + "\"}").post("/people")
                        .then().statusCode(201).extract().path("id");
                ids[i] = SnoId.parse(id);
                assertEquals(Person.META, ids[i].meta(), id);
                assertEquals(partitions[i], ids[i].partition(), id + " from the instance with partition " + partitions[i]);
            }
            instances.get(0).given().get("/people/" + ids[1]).then().statusCode(200).body("name", equalTo("Person 1"));
            instances.get(1).given().get("/people/" + ids[0]).then().statusCode(200).body("name", equalTo("Person 0"));

            for (PackagedInstance instance : instances) {
                assertTrue(instance.stop(Duration.ofSeconds(60)), () -> "no exit on SIGTERM:\n" + instance.log());
                assertTrue(instance.log().contains("(leased from the table sno_partition_lease in PostgreSQL"),
                        instance::log);
            }
            assertEquals(Map.of(), holders(url, schema, namespace), "leases still held after shutdown");
            assertEquals(2, count(url, schema, namespace), "the namespace's lease rows");
        } finally {
            for (PackagedInstance instance : instances) {
                instance.close();
            }
            sql(url, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    /** The partition in the sno readiness check, which must say leased and held in the namespace. */
    private static int leasedPartition(String health, String namespace) {
        JsonPath h = JsonPath.from(health);
        assertEquals("UP", h.getString(SNO + ".status"), health);
        assertEquals("leased", h.getString(SNO + ".data.source"), health);
        assertEquals(namespace, h.getString(SNO + ".data.leaseNamespace"), health);
        assertEquals("held", h.getString(SNO + ".data.lease"), health);
        return h.getInt(SNO + ".data.partition");
    }

    /** Partition to holder_pid of the namespace's leases that are held (holder_token not NULL). */
    private static Map<Integer, Long> holders(String url, String schema, String namespace) throws SQLException {
        Map<Integer, Long> held = new TreeMap<>();
        try (Connection c = DriverManager.getConnection(url); PreparedStatement s = c.prepareStatement(
                "SELECT partition_no, holder_pid FROM " + schema + ".sno_partition_lease"
                        + " WHERE namespace = ? AND holder_token IS NOT NULL")) {
            s.setString(1, namespace);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    held.put(r.getInt(1), r.getLong(2));
                }
            }
        }
        return held;
    }

    private static int count(String url, String schema, String namespace) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); PreparedStatement s = c.prepareStatement(
                "SELECT count(*) FROM " + schema + ".sno_partition_lease WHERE namespace = ?")) {
            s.setString(1, namespace);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    private static void sql(String url, String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
