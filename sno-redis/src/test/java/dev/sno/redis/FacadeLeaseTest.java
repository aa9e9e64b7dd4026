package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.lease.PartitionLeases;
import io.lettuce.core.RedisClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Plain Java leases from Redis through {@code Sno.next} alone (issue 29): the settings the Spring
 * starter and the Quarkus extension read, given as system properties and {@code SNO_*}
 * environment variables of a real process, decided by the same sno-core code (sno-redis's
 * provider found by ServiceLoader). The process exits normally and its shutdown hook releases the
 * lease: the partition can be leased again at once, not after the lease duration.
 */
class FacadeLeaseTest {

    @Test
    void snoNextLeasesFromTheStoreTheSettingsNameAndReleasesAtExit() throws Exception {
        String namespace = "facade-" + UUID.randomUUID();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "-Dsno.lease.enabled=true", "-Dsno.lease.redis.url=" + TestRedis.url(),
                "-Dsno.lease.redis.accept-unsafe-persistence=true", "-Dsno.lease.partitions=40-41",
                FacadeChild.class.getName()).redirectErrorStream(true);
        pb.environment().put("SNO_LEASE_STORE", "redis");
        pb.environment().put("SNO_LEASE_NAMESPACE", namespace);
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not exit");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        List<String> line = out.lines().filter(l -> l.startsWith("GENERATOR ")).map(l -> l.split(" ")[1] + " "
                + l.split(" ")[2] + " " + l.split(" ")[3]).toList();
        assertEquals(1, line.size(), out);
        int partition = Integer.parseInt(line.get(0).split(" ")[0]);
        assertTrue(partition == 40 || partition == 41, out);
        assertEquals(partition + " leased " + partition, line.get(0), out);

        RedisClient client = RedisClient.create(TestRedis.url());
        try (SnoGenerator again = PartitionLeases.builder(RedisPartitionLeases.store(client)
                .acceptUnsafePersistence(true).build()).namespace(namespace).partitions(partition, partition)
                .build().acquire()) {
            assertEquals(partition, again.partition(), "released at exit");
        } catch (IOException | IllegalStateException e) {
            throw new AssertionError("partition " + partition + " was not released at exit: " + e, e);
        } finally {
            client.shutdown();
        }
    }

    /**
     * Naming the store and where it is asks for a lease without {@code sno.lease.enabled} (issue
     * 41: the same rule as Spring and Quarkus, decided in sno-core); {@code enabled=false} is the
     * only way to name them and not lease.
     */
    @Test
    void namingTheStoreLeasesUnlessLeasingIsTurnedOff() throws Exception {
        String namespace = "facade-named-" + UUID.randomUUID();
        String leased = child("-Dsno.lease.store=redis", "-Dsno.lease.redis.url=" + TestRedis.url(),
                "-Dsno.lease.redis.accept-unsafe-persistence=true", "-Dsno.lease.namespace=" + namespace,
                "-Dsno.lease.partitions=7-7");
        assertTrue(leased.lines().anyMatch(l -> l.equals("GENERATOR 7 leased 7")), leased);
        String off = child("-Dsno.lease.enabled=false", "-Dsno.lease.store=redis",
                "-Dsno.lease.redis.url=" + TestRedis.url(), "-Dsno.lease.namespace=" + namespace);
        assertTrue(off.lines().anyMatch(l -> l.matches("GENERATOR \\d+ random \\d+")), off);
    }

    /** Runs FacadeChild with these system properties; its output, once it exited 0. */
    private static String child(String... properties) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path")));
        command.addAll(List.of(properties));
        command.add(FacadeChild.class.getName());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not exit");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
