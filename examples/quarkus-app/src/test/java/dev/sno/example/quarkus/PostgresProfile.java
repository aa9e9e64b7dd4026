package dev.sno.example.quarkus;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The example on the build's PostgreSQL (the repository's test-support TestServers: the user's
 * SNO_PG_URL, or the build's own), no Dev Services, with the partition leased from it.
 */
public final class PostgresProfile implements QuarkusTestProfile {

    /** The JDBC URL of the test server. */
    static String url() {
        return TestServers.url(Server.POSTGRES);
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        String url = url();
        return Map.of(
                "quarkus.datasource.db-kind", "postgresql",
                "quarkus.datasource.jdbc.url", url,
                "sno.lease.enabled", "true",
                "sno.lease.initialize-schema", "always",
                "sno.lease.namespace", "quarkus-example",
                "sno.lease.duration", "10s");
    }

    @Override
    public String getConfigProfile() {
        return "pg";
    }
}
