package dev.sno.micronaut;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

/** An application's customizer of the generator's builder, in the contexts that set {@code test.customizer}. */
@Factory
@Requires(property = "test.customizer")
class AppCustomizer {

    @Singleton
    SnoGeneratorBuilderCustomizer partitionOverride(@Value("${test.customizer}") int partition) {
        return b -> b.partition(partition);
    }
}
