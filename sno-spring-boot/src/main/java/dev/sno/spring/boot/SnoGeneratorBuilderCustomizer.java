package dev.sno.spring.boot;

import dev.sno.SnoGenerator;

/**
 * Customizes the builder of the generator bean the starter makes, after the sno.* properties
 * were applied (a clock, a write-ahead horizon, an overflow listener of one's own). Every bean
 * of this type is applied, in their order. Not applied to a leased generator, which the lease
 * builds; an application's own {@code SnoGenerator} bean replaces the starter's altogether.
 */
@FunctionalInterface
public interface SnoGeneratorBuilderCustomizer {

    /**
     * Customizes the builder.
     *
     * @param builder  the builder, with the properties applied
     */
    void customize(SnoGenerator.Builder builder);
}
