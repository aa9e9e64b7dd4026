package dev.sno.example.quarkus;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The example on the build's own PostgreSQL (scripts/pg-test-server.sh; its URL in SNO_PG_URL or
 * -Dsno.pg.url), no Dev Services, with the partition leased from it.
 */
public final class PostgresProfile implements QuarkusTestProfile {

    /** The JDBC URL of the test server, or null when none is configured. */
    static String url() {
        String url = System.getProperty("sno.pg.url");
        return url != null ? url : System.getenv("SNO_PG_URL");
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        String url = url();
        return Map.of(
                "quarkus.datasource.db-kind", "postgresql",
                "quarkus.datasource.jdbc.url", url == null ? "jdbc:postgresql://127.0.0.1:1/none" : url,
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
