package dev.sno.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.jackson2.SnoModule;
import java.util.concurrent.TimeUnit;
import kotlinx.serialization.KSerializer;
import kotlinx.serialization.json.Json;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A JSON round trip of one object holding a sno ID and two ordinary fields (write it to a
 * String, read that String back) through kotlinx.serialization with sno-kotlin's
 * {@code SnoIdSerializer}, against Jackson 2 with sno-jackson's {@link SnoModule}, in the same
 * run. Both sides write the same text, {@code {"id":"...","name":"widget","count":42}}, and read
 * it back into an equal object; the {@code Json} and the {@code ObjectMapper} are built once, here
 * (KotlinxJsonBenchmarkTest checks all of this). Reported as kotlinx's time over Jackson's.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KotlinxJsonBenchmark {

    /** The object on the Jackson side: the same shape as {@link KotlinxOrder}. */
    public record JacksonOrder(SnoId id, String name, int count) {
    }

    final ObjectMapper mapper = JsonMapper.builder().addModule(new SnoModule()).build();
    /** kotlinx's default configuration, like the mapper's (which has only sno's module added). */
    final Json json = Json.Default;
    final KSerializer<KotlinxOrder> serializer = KotlinxOrder.Companion.serializer();
    final JacksonOrder jacksonOrder;
    final KotlinxOrder kotlinxOrder;

    /** The same ID, name and count on both sides. */
    public KotlinxJsonBenchmark() {
        SnoId id = SnoGenerator.builder().partition(3).build().next(1);
        jacksonOrder = new JacksonOrder(id, "widget", 42);
        kotlinxOrder = new KotlinxOrder(id, "widget", 42);
    }

    /** kotlinx.serialization: encode to a String, decode it back. */
    @Benchmark
    public KotlinxOrder kotlinxRoundTrip() {
        String text = json.encodeToString(serializer, kotlinxOrder);
        return json.decodeFromString(serializer, text);
    }

    /** Jackson 2: write to a String, read it back. */
    @Benchmark
    public JacksonOrder jackson2RoundTrip() throws Exception {
        String text = mapper.writeValueAsString(jacksonOrder);
        return mapper.readValue(text, JacksonOrder.class);
    }
}
