package dev.sno.example.jpa;

import dev.sno.SnoGenerator;
import java.util.function.Supplier;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Billing's own generator, on a partition of its own ({@code example.billing-partition}). A
 * Spring bean: Hibernate obtains it through Spring when an {@link Invoice} is inserted.
 */
@Component
public class BillingIds implements Supplier<SnoGenerator>, DisposableBean {

    private final SnoGenerator generator;

    public BillingIds(@Value("${example.billing-partition}") int partition) {
        this.generator = SnoGenerator.builder().partition(partition).build();
    }

    @Override
    public SnoGenerator get() {
        return generator;
    }

    @Override
    public void destroy() {
        generator.close();
    }
}
