package dev.sno.example.quarkus;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run-time configuration of the packaged application in TwoInstancesIT: an H2 file database
 * in server mode (AUTO_SERVER), which both instances share, with the partition leased from it.
 */
public final class SharedH2Lease implements QuarkusTestResourceLifecycleManager {

    /** The settings, also given to the second instance. */
    static Map<String, String> config() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("quarkus.datasource.jdbc.url", "jdbc:h2:file:" + Path.of("target", "it-db", "people").toAbsolutePath()
                + ";AUTO_SERVER=TRUE");
        c.put("quarkus.hibernate-orm.schema-management.strategy", "update");
        c.put("sno.lease.enabled", "true");
        c.put("sno.lease.initialize-schema", "always");
        c.put("sno.lease.namespace", "example-it");
        c.put("sno.lease.partitions", "100-101");
        return c;
    }

    @Override
    public Map<String, String> start() {
        // A fresh database: leases of an interrupted earlier run would hold the two partitions.
        Path dir = Path.of("target", "it-db");
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.exists(dir) ? java.nio.file.Files.list(dir)
                : java.util.stream.Stream.empty()) {
            for (Path f : (Iterable<Path>) files::iterator) {
                java.nio.file.Files.delete(f);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return config();
    }

    @Override
    public void stop() {
    }
}
