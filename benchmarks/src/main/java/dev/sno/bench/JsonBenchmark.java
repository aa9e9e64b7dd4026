package dev.sno.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.jackson2.SnoModule;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Jackson 2: a small record with a SnoId against the same record with a UUID. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JsonBenchmark {

    /** A record keyed by a sno ID. */
    public record WithSno(SnoId id, String name, int count) {
    }

    /** The same record keyed by a UUID. */
    public record WithUuid(UUID id, String name, int count) {
    }

    private final ObjectMapper mapper = JsonMapper.builder().addModule(new SnoModule()).build();
    private final WithSno sno = new WithSno(SnoGenerator.builder().partition(3).build().next(1), "widget", 42);
    private final WithUuid uuid = new WithUuid(UUID.randomUUID(), "widget", 42);
    private final String snoJson;
    private final String uuidJson;

    /** Prepares the JSON texts. */
    public JsonBenchmark() {
        try {
            snoJson = mapper.writeValueAsString(sno);
            uuidJson = mapper.writeValueAsString(uuid);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Serialize with a SnoId. */
    @Benchmark
    public String writeSno() throws Exception {
        return mapper.writeValueAsString(sno);
    }

    /** Serialize with a UUID. */
    @Benchmark
    public String writeUuid() throws Exception {
        return mapper.writeValueAsString(uuid);
    }

    /** Deserialize with a SnoId. */
    @Benchmark
    public WithSno readSno() throws Exception {
        return mapper.readValue(snoJson, WithSno.class);
    }

    /** Deserialize with a UUID. */
    @Benchmark
    public WithUuid readUuid() throws Exception {
        return mapper.readValue(uuidJson, WithUuid.class);
    }
}
