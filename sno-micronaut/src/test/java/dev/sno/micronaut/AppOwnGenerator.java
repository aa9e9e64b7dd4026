package dev.sno.micronaut;

import dev.sno.SnoGenerator;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/** An application's own generator bean, in the contexts that set {@code test.own-generator}. */
@Factory
@Requires(property = "test.own-generator")
class AppOwnGenerator {

    @Singleton
    @Bean(preDestroy = "close")
    SnoGenerator ownGenerator() {
        return SnoGenerator.builder().partition(555).build();
    }
}
