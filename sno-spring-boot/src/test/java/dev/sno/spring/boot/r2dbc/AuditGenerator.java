package dev.sno.spring.boot.r2dbc;

import dev.sno.SnoGenerator;
import java.util.function.Supplier;

/** A generator of its own (partition 4321), named by {@link Event}'s {@code @SnoGeneratedId}; not a bean. */
public final class AuditGenerator implements Supplier<SnoGenerator> {

    /** The partition of its IDs. */
    public static final int PARTITION = 4321;

    private static final SnoGenerator GENERATOR = SnoGenerator.builder().partition(PARTITION).build();

    @Override
    public SnoGenerator get() {
        return GENERATOR;
    }
}
