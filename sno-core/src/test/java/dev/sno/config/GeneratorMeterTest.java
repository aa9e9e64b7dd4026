package dev.sno.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SequenceOverflowNotification;
import dev.sno.SnoClock;
import dev.sno.SnoGenerator;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.PartitionLease;
import dev.sno.lease.PartitionLeases;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The meter table every framework module registers with Micrometer: which meters, of which kind,
 * with which tags, and values that follow the generator, its overflow counter and its lease.
 */
class GeneratorMeterTest {

    /** A clock that stands still, or moves on a millisecond every 8 reads. */
    private static final class TestClock implements SnoClock {
        final AtomicLong now = new AtomicLong(System.currentTimeMillis());
        final AtomicLong reads = new AtomicLong();
        volatile boolean ticking;

        @Override
        public long millis() {
            return ticking ? now.get() + reads.incrementAndGet() / 8 : now.get();
        }
    }

    private static Map<String, GeneratorMeter> byName(List<GeneratorMeter> table) {
        Map<String, GeneratorMeter> m = new LinkedHashMap<>();
        table.forEach(meter -> m.put(meter.name(), meter));
        return m;
    }

    private static double value(List<GeneratorMeter> table, String name) {
        return byName(table).get(name).value();
    }

    @Test
    void theMetersOfAGeneratorWithoutALease() {
        SnoGenerator g = SnoGenerator.builder().partition(7).build();
        List<GeneratorMeter> table = GeneratorMeter.table(g, new OverflowCounter(), null);
        assertEquals(List.of("sno.generator.ids COUNTER", "sno.generator.regressions COUNTER",
                "sno.generator.overflow.stalls COUNTER", "sno.generator.unit.ids GAUGE",
                "sno.generator.unit.capacity GAUGE", "sno.generator.closed GAUGE"),
                table.stream().map(m -> m.name() + " " + m.kind()).collect(Collectors.toList()));
        for (GeneratorMeter m : table) {
            assertEquals(Map.of("partition", "7", "source", "configured"), m.tags(), m.name());
            assertFalse(m.description().isBlank(), m.name());
        }
        assertEquals("sno.generator.ids{partition=7, source=configured}", table.get(0).toString());
        assertFalse(byName(GeneratorMeter.table(g, null, null)).containsKey("sno.generator.overflow.stalls"),
                "no stalls meter without a counter");
    }

    @Test
    void valuesFollowTheGenerator() {
        TestClock clock = new TestClock();
        OverflowCounter overflows = new OverflowCounter();
        SnoGenerator g = SnoGenerator.builder().partition(7).sequenceRange(0, 3).clock(clock)
                .overflowListener(overflows).build();
        List<GeneratorMeter> table = GeneratorMeter.table(g, overflows, null);
        assertEquals(0, value(table, "sno.generator.ids"));
        for (int i = 0; i < 3; i++) {
            g.next(0);
        }
        assertEquals(3, value(table, "sno.generator.ids"));
        assertEquals(3, value(table, "sno.generator.unit.ids"), "three IDs in the clock's one unit");
        assertEquals(4, value(table, "sno.generator.unit.capacity"));
        assertEquals(0, value(table, "sno.generator.overflow.stalls"));
        assertEquals(0, value(table, "sno.generator.regressions"));
        assertEquals(0, value(table, "sno.generator.closed"));

        clock.ticking = true; // 40 IDs from a pool of 4 per 4 ms unit: callers stall
        for (int i = 0; i < 40; i++) {
            g.next(0);
        }
        assertEquals(43, value(table, "sno.generator.ids"));
        assertTrue(overflows.stalledCallers() > 0, "callers stalled");
        assertEquals(overflows.stalledCallers(), value(table, "sno.generator.overflow.stalls"));

        clock.ticking = false;
        clock.now.set(clock.now.get() + clock.reads.get() / 8 - 160); // the clock steps back
        g.next(0);
        assertEquals(1, value(table, "sno.generator.regressions"));

        g.close();
        assertEquals(1, value(table, "sno.generator.closed"));
        assertEquals(0, value(table, "sno.generator.unit.ids"), "a closed generator makes nothing in this unit");
    }

    @Test
    void theLeaseStateOnlyForALeasedPartition() {
        Map<String, String> settings = Map.of("sno.lease.store", "fake", "sno.lease.fake.where", "here",
                "sno.lease.namespace", "orders");
        try (PartitionDecision d = PartitionDecision.make(Settings.of(settings::get), LeaseResources.none(),
                b -> { }, List.of(new PartitionDecisionTest.FakeProvider()))) {
            SnoGenerator g = d.generator();
            GeneratorMeter state = byName(GeneratorMeter.table(g, null, d.lease())).get("sno.lease.state");
            assertEquals(GeneratorMeter.Kind.GAUGE, state.kind());
            assertEquals(Map.of("partition", Integer.toString(g.partition()), "source", "leased",
                    "namespace", "orders"), state.tags());
            assertEquals(LeaseState.HELD, state.value());
            PartitionLease lease = PartitionLeases.leaseOf(g).orElseThrow();
            d.lease().renewalFailed(lease, new IOException("the store is away"));
            assertEquals(LeaseState.RENEWAL_FAILING, state.value());
            d.lease().leaseRecovered(lease);
            assertEquals(LeaseState.HELD, state.value());

            assertFalse(byName(GeneratorMeter.table(g, null, null)).containsKey("sno.lease.state"),
                    "no state, no meter");
            SnoGenerator configured = SnoGenerator.builder().partition(7).build();
            assertFalse(byName(GeneratorMeter.table(configured, null, d.lease())).containsKey("sno.lease.state"),
                    "a state, but the generator is not leased");
        }
    }

    @Test
    void theCounterAddsTheStalledCallers() {
        OverflowCounter c = new OverflowCounter();
        c.accept(new SequenceOverflowNotification(Instant.now(), 3, 1));
        c.accept(new SequenceOverflowNotification(Instant.now(), 2, 2));
        assertEquals(5, c.stalledCallers());
    }
}
