package dev.sno.config;

import dev.sno.SnoGenerator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * One meter of a generator, as every framework module registers it (with Micrometer, as a
 * function counter or a gauge): its name, kind, description, tags and current value.
 * {@link #table} lists them, so that the modules register the same meters under the same names
 * and compute them the same way:
 * <ul>
 * <li>{@code sno.generator.ids} (counter): IDs the generator made;</li>
 * <li>{@code sno.generator.regressions} (counter): clock regressions the generator moved to the
 *     other tick-tock timeline at (the snapshot's {@code drifts});</li>
 * <li>{@code sno.generator.overflow.stalls} (counter, with an {@link OverflowCounter}): callers
 *     that stalled because the sequence pool of a 4 ms unit was exhausted;</li>
 * <li>{@code sno.generator.unit.ids} (gauge): IDs made in the current 4 ms unit (0 once closed),
 *     and {@code sno.generator.unit.capacity} (gauge): the most it can make in one;</li>
 * <li>{@code sno.generator.closed} (gauge): 1 once the generator is closed, else 0;</li>
 * <li>{@code sno.lease.state} (gauge, for a leased partition only): {@link LeaseState#HELD},
 *     {@link LeaseState#RENEWAL_FAILING} or {@link LeaseState#LOST}.</li>
 * </ul>
 * Every meter is tagged with the {@code partition} and its {@code source} ({@code configured},
 * {@code leased}, {@code random}, {@code restored}); {@code sno.lease.state} with the lease's
 * {@code namespace} too.
 *
 * <p>Micrometer keeps the object a meter reads from weakly: a module that registers a meter of
 * this table with the meter itself as that object keeps the table for as long as the generator.
 */
public final class GeneratorMeter {

    /** How a meter is registered. */
    public enum Kind {
        /** A monotonic count, read from a function (Micrometer's {@code FunctionCounter}). */
        COUNTER,
        /** A value that goes up and down (Micrometer's {@code Gauge}). */
        GAUGE
    }

    private final String name;
    private final Kind kind;
    private final String description;
    private final Map<String, String> tags;
    private final DoubleSupplier value;

    private GeneratorMeter(String name, Kind kind, String description, Map<String, String> tags,
            DoubleSupplier value) {
        this.name = name;
        this.kind = kind;
        this.description = description;
        this.tags = tags;
        this.value = value;
    }

    /**
     * The meters of a generator.
     *
     * @param generator  the generator, not null
     * @param overflows  the counter set as the generator's overflow listener, or null for no
     *     {@code sno.generator.overflow.stalls} meter
     * @param lease      the lease's state, or null; {@code sno.lease.state} is in the table only
     *     when the generator's partition is leased and this is not null
     *     ({@link PartitionDecision#leaseOf})
     * @return the meters, in the order of the list above; unmodifiable
     */
    public static List<GeneratorMeter> table(SnoGenerator generator, OverflowCounter overflows, LeaseState lease) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("partition", Integer.toString(generator.partition()));
        tags.put("source", generator.partitionSource().toString());
        Map<String, String> common = Collections.unmodifiableMap(tags);
        List<GeneratorMeter> table = new ArrayList<>();
        table.add(new GeneratorMeter("sno.generator.ids", Kind.COUNTER, "IDs the generator made", common,
                generator::idsGenerated));
        table.add(new GeneratorMeter("sno.generator.regressions", Kind.COUNTER,
                "clock regressions the generator tick-tocked at", common, () -> generator.snapshot().drifts()));
        if (overflows != null) {
            table.add(new GeneratorMeter("sno.generator.overflow.stalls", Kind.COUNTER,
                    "callers stalled on an exhausted sequence pool", common, overflows::stalledCallers));
        }
        table.add(new GeneratorMeter("sno.generator.unit.ids", Kind.GAUGE, "IDs made in the current 4 ms unit",
                common, () -> generator.isClosed() ? 0 : generator.idsInCurrentUnit()));
        table.add(new GeneratorMeter("sno.generator.unit.capacity", Kind.GAUGE,
                "IDs the generator can make per 4 ms unit", common, generator::capacityPerUnit));
        table.add(new GeneratorMeter("sno.generator.closed", Kind.GAUGE, "1 once the generator is closed", common,
                () -> generator.isClosed() ? 1 : 0));
        LeaseState leased = PartitionDecision.leaseOf(generator, lease);
        if (leased != null) {
            Map<String, String> withNamespace = new LinkedHashMap<>(common);
            withNamespace.put("namespace", leased.namespace());
            table.add(new GeneratorMeter("sno.lease.state", Kind.GAUGE, "0 held, 1 renewals failing, 2 lost",
                    Collections.unmodifiableMap(withNamespace), leased::state));
        }
        return List.copyOf(table);
    }

    /**
     * The meter's name.
     *
     * @return as {@code sno.generator.ids}
     */
    public String name() {
        return name;
    }

    /**
     * How the meter is registered.
     *
     * @return counter or gauge
     */
    public Kind kind() {
        return kind;
    }

    /**
     * What the meter shows, for the registry's description.
     *
     * @return a short phrase
     */
    public String description() {
        return description;
    }

    /**
     * The meter's tags.
     *
     * @return tag names and values, {@code partition} and {@code source} first; unmodifiable
     */
    public Map<String, String> tags() {
        return tags;
    }

    /**
     * The meter's value, read now.
     *
     * @return the count or the gauge's value
     */
    public double value() {
        return value.getAsDouble();
    }

    /**
     * The meter's name and tags, for messages and tests.
     *
     * @return as {@code sno.generator.ids{partition=3, source=configured}}
     */
    @Override
    public String toString() {
        return name + tags;
    }
}
