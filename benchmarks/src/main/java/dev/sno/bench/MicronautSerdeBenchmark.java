package dev.sno.bench;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import io.micronaut.context.ApplicationContext;
import io.micronaut.serde.ObjectMapper;
import io.micronaut.serde.annotation.Serdeable;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Micronaut Serialization (micronaut-serde-jackson): a JSON round trip (write, then read back) of
 * a small record with a SnoId, through sno-micronaut's serde, against the same record with a UUID.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MicronautSerdeBenchmark {

    /** A record keyed by a sno ID. */
    @Serdeable
    public record WithSno(SnoId id, String name, int count) {
    }

    /** The same record keyed by a UUID. */
    @Serdeable
    public record WithUuid(UUID id, String name, int count) {
    }

    private ApplicationContext context;
    private ObjectMapper mapper;
    private final WithSno sno = new WithSno(SnoGenerator.builder().partition(3).build().next(1), "widget", 42);
    private final WithUuid uuid = new WithUuid(UUID.randomUUID(), "widget", 42);

    /** Starts a Micronaut context for its ObjectMapper, which finds sno-micronaut's serde. */
    @Setup(Level.Trial)
    public void start() throws Exception {
        context = ApplicationContext.run();
        mapper = context.getBean(ObjectMapper.class);
        if (!mapper.readValue(mapper.writeValueAsString(sno), WithSno.class).equals(sno)) {
            throw new IllegalStateException("the SnoId record does not round-trip");
        }
    }

    /** Stops the context. */
    @TearDown(Level.Trial)
    public void stop() {
        context.close();
    }

    /** The JSON text of a record, as the round trips write it (for the benchmark's test). */
    String json(Object record) throws Exception {
        return mapper.writeValueAsString(record);
    }

    /** Write and read back the record with a SnoId. */
    @Benchmark
    public WithSno roundTripSno() throws Exception {
        return mapper.readValue(mapper.writeValueAsString(sno), WithSno.class);
    }

    /** Write and read back the record with a UUID. */
    @Benchmark
    public WithUuid roundTripUuid() throws Exception {
        return mapper.readValue(mapper.writeValueAsString(uuid), WithUuid.class);
    }
}
