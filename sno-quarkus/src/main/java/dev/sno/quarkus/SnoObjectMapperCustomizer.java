package dev.sno.quarkus;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.jackson2.SnoModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Registers sno's Jackson 2 module with the application's {@code ObjectMapper}: {@code SnoId} as
 * its 16-character string, {@code SnoId} map keys, generator snapshots, and
 * {@link dev.sno.jackson.SnoPolymorphic} types read as the subtype their ID's metabyte names.
 * A bean when the application has quarkus-jackson.
 */
@Singleton
final class SnoObjectMapperCustomizer implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(new SnoModule());
    }
}
