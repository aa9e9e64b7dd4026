package dev.sno.example.mybatis;

import dev.sno.SnoGenerator;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/** The receipts' own generator (partition 900), a Spring bean. */
@Component
public class ReceiptIds implements Supplier<SnoGenerator> {

    private final SnoGenerator generator = SnoGenerator.builder().partition(900).build();

    @Override
    public SnoGenerator get() {
        return generator;
    }
}
