package dev.sno.spring.boot.mybatis;

import dev.sno.SnoGenerator;
import java.util.function.Supplier;

/** The audit references' generator, a Spring bean of the application (it has no no-argument constructor). */
public final class AuditIds implements Supplier<SnoGenerator> {

    private final SnoGenerator generator;

    public AuditIds(int partition) {
        this.generator = SnoGenerator.builder().partition(partition).build();
    }

    @Override
    public SnoGenerator get() {
        return generator;
    }
}
