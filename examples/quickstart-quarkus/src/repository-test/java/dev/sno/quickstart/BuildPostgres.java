package dev.sno.quickstart;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The repository's build only, not part of the quickstart: points every {@code @QuarkusTest} of
 * this module (a {@code QuarkusTestResource} that is not restricted to the class it is on) at the
 * build's PostgreSQL, from test-support's TestServers, in place of application.properties'
 * database.
 */
@QuarkusTestResource(BuildPostgres.class)
public final class BuildPostgres implements QuarkusTestResourceLifecycleManager {

    /** Created by Quarkus's test framework. */
    public BuildPostgres() {
    }

    @Override
    public Map<String, String> start() {
        return Map.of("quarkus.datasource.jdbc.url", TestServers.url(Server.POSTGRES),
                "quarkus.datasource.username", "sno");
    }

    @Override
    public void stop() {
        // TestServers stops the server when the build ends.
    }
}
