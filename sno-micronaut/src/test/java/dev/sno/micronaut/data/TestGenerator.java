package dev.sno.micronaut.data;

import dev.sno.SnoGenerator;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** The tests' own generator bean, on partition {@value #PARTITION}. */
@Factory
class TestGenerator {

    static final int PARTITION = 0x4d4e;

    @Singleton
    SnoGenerator generator() {
        return SnoGenerator.builder().partition(PARTITION).build();
    }
}
