package dev.sno.mybatis;

import dev.sno.SnoGenerator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** A generator supplier named by {@code @SnoGeneratedId}: partition 12; counts its instances. */
public final class PartitionTwelve implements Supplier<SnoGenerator> {

    static final AtomicInteger INSTANCES = new AtomicInteger();
    private static final SnoGenerator GENERATOR = SnoGenerator.builder().partition(12).build();

    public PartitionTwelve() {
        INSTANCES.incrementAndGet();
    }

    @Override
    public SnoGenerator get() {
        return GENERATOR;
    }
}
