package dev.sno.micronaut.data;

import dev.sno.SnoGenerator;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * The data tests' own generator bean, on partition {@value #PARTITION}: only in their contexts
 * ({@code test.app=data}), since an application's own generator replaces the module's, and every
 * other test of the module (the decision table first) needs the module's.
 */
@Factory
@Requires(property = "test.app", value = "data")
class TestGenerator {

    static final int PARTITION = 0x4d4e;

    @Singleton
    SnoGenerator generator() {
        return SnoGenerator.builder().partition(PARTITION).build();
    }
}
