package dev.sno.quarkus;

import io.quarkus.runtime.configuration.ConfigBuilder;
import io.smallrye.config.SmallRyeConfigBuilder;

/**
 * Keeps SmallRye Config from refusing to start on a {@code sno.*} name that {@link SnoConfig}
 * does not map. Unrelated {@code sno.*} system properties and environment variables are common
 * (Maven passes a build's {@code -Dsno.version=...} into the test JVM), and an application must
 * never fail on them; misspelt names in the application's own configuration are refused by the
 * extension itself, naming the nearest known name ({@code SnoGeneratorFactory.check}), as the
 * Spring starter does. Registered by the deployment module for static init and run time.
 */
public final class SnoConfigBuilder implements ConfigBuilder {

    /** Made by the configuration Quarkus generates. */
    public SnoConfigBuilder() {
    }

    /**
     * Ignores unmapped names below {@code sno.} in the mapping's validation.
     *
     * @param builder  the configuration being built
     * @return the builder
     */
    @Override
    public SmallRyeConfigBuilder configBuilder(SmallRyeConfigBuilder builder) {
        return builder.withMappingIgnore("sno.**");
    }
}
