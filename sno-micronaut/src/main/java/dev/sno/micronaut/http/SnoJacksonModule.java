package dev.sno.micronaut.http;

import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.jackson2.SnoModule;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * With micronaut-jackson-databind and sno-jackson, sno-jackson's Jackson 2 module as a bean, which
 * Micronaut's {@code ObjectMapperFactory} registers on the application's {@code ObjectMapper}
 * (also with {@code jackson.module-scan=false}): {@code SnoId} as a string, read strictly, and
 * {@link dev.sno.jackson.SnoPolymorphic} bodies read as the subtype their ID's metabyte names.
 */
@Factory
@Requires(classes = {ObjectMapper.class, SnoModule.class})
final class SnoJacksonModule {

    /** Created by Micronaut. */
    SnoJacksonModule() {
    }

    /**
     * sno-jackson's module.
     *
     * @return the module
     */
    @Singleton
    @Bean(typed = Module.class)
    Module snoJacksonModule() {
        return new SnoModule();
    }
}
