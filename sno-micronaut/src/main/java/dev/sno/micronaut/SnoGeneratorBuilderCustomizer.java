package dev.sno.micronaut;

import dev.sno.SnoGenerator;

/**
 * Customizes the builder of the generator bean this module makes, after the {@code sno.*}
 * settings were applied (a clock, a write-ahead horizon). Every bean of this type is applied, in their order,
 * to a leased generator too, whose lease then sets its partition and state store. An overflow
 * listener set here replaces the one the {@code sno.generator.overflow.stalls} meter counts
 * with, which then stays at 0. An application's own {@code SnoGenerator} bean replaces the
 * module's altogether.
 */
@FunctionalInterface
public interface SnoGeneratorBuilderCustomizer {

    /**
     * Customizes the builder.
     *
     * @param builder  the builder, with the settings applied
     */
    void customize(SnoGenerator.Builder builder);
}
