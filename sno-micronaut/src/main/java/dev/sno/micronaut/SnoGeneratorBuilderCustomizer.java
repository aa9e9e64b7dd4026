package dev.sno.micronaut;

import dev.sno.SnoGenerator;

/**
 * Customizes the builder of the generator bean this module makes, after the {@code sno.*}
 * settings were applied (a clock, a write-ahead horizon, an overflow listener of one's own).
 * Every bean of this type is applied, in their order. Not applied to a leased generator, which the
 * lease builds; an application's own {@code SnoGenerator} bean replaces this module's altogether.
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
