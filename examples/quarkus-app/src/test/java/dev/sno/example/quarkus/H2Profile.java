package dev.sno.example.quarkus;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The example on H2 in memory (application.properties) with sno.partition=21 and no lease. */
public final class H2Profile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sno.partition", "21", "sno.lease.enabled", "false");
    }
}
