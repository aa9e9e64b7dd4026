package dev.sno.micronaut;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.env.Environment;
import jakarta.annotation.PreDestroy;

/**
 * Installs the generator bean behind {@link Sno#next} and {@code @SnoGeneratedId} when the context
 * starts, unless {@code sno.install=false}; and when the context stops, frees a leased generator's
 * lease before the beans it leased through are closed (made after the generator, this bean is
 * destroyed before it and before the application's clients that the generator found).
 */
@Context
final class SnoLifecycle {

    private final SnoGenerator generator;
    private final SnoDecisions decisions;

    SnoLifecycle(SnoGenerator generator, SnoDecisions decisions, Environment environment) {
        this.generator = generator;
        this.decisions = decisions;
        if (SnoGeneratorFactory.settings(environment).flag("sno.install").orElse(true)) {
            try {
                Sno.install(generator);
            } catch (RuntimeException e) {
                // the context will not start, and a context that failed is not closed: the
                // lease would be renewed on, its partition lost to the fleet
                decisions.closeLeased(generator);
                throw e;
            }
        }
    }

    /** Saves the leased generator's state in its store and frees the lease. */
    @PreDestroy
    void stop() {
        decisions.closeLeased(generator);
    }
}
