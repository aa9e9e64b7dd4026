package dev.sno.bench;

import com.github.f4b6a3.tsid.Tsid;
import com.github.f4b6a3.tsid.TsidCreator;
import com.github.f4b6a3.ulid.Ulid;
import com.github.f4b6a3.ulid.UlidCreator;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Encoding to and decoding from text, against the peers and the JDK's UUID. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmark {

    private static final int N = 1024;

    private final SnoId[] ids = new SnoId[N];
    private final String[] snoTexts = new String[N];
    private final UUID[] uuids = new UUID[N];
    private final String[] uuidTexts = new String[N];
    private final Tsid[] tsids = new Tsid[N];
    private final String[] tsidTexts = new String[N];
    private final Ulid[] ulids = new Ulid[N];
    private final String[] ulidTexts = new String[N];
    private final byte[] ascii = new byte[16];
    private final byte[] idBytes = new byte[8 * SnoId.SIZE_BYTES];
    private int i;

    /** Fills the inputs with distinct values. */
    public CodecBenchmark() {
        SnoGenerator g = SnoGenerator.builder().partition(5).build();
        for (int k = 0; k < N; k++) {
            ids[k] = g.next(k & 255);
            snoTexts[k] = ids[k].toString();
            uuids[k] = UUID.randomUUID();
            uuidTexts[k] = uuids[k].toString();
            tsids[k] = TsidCreator.getTsid();
            tsidTexts[k] = tsids[k].toString();
            ulids[k] = UlidCreator.getMonotonicUlid();
            ulidTexts[k] = ulids[k].toString();
        }
        for (int k = 0; k < 8; k++) {
            ids[k].writeBytes(idBytes, k * SnoId.SIZE_BYTES);
        }
    }

    private int next() {
        return i++ & (N - 1);
    }

    /** SnoId.toString. */
    @Benchmark
    public String encodeSnoToString() {
        return ids[next()].toString();
    }

    /** SnoId.encodeTo a reused buffer: no allocation. */
    @Benchmark
    public byte[] encodeSnoEncodeTo() {
        ids[next()].encodeTo(ascii, 0);
        return ascii;
    }

    /** UUID.toString. */
    @Benchmark
    public String encodeUuidToString() {
        return uuids[next()].toString();
    }

    /** Tsid.toString. */
    @Benchmark
    public String encodeTsidToString() {
        return tsids[next()].toString();
    }

    /** Ulid.toString. */
    @Benchmark
    public String encodeUlidToString() {
        return ulids[next()].toString();
    }

    /** SnoId.parse, fully validating. */
    @Benchmark
    public SnoId decodeSnoParse() {
        return SnoId.parse(snoTexts[next()]);
    }

    /** SnoId.metaOf: validates all 16 characters, decodes two. */
    @Benchmark
    public int decodeSnoMetaOf() {
        return SnoId.metaOf(snoTexts[next()]);
    }

    /** UUID.fromString. */
    @Benchmark
    public UUID decodeUuidFromString() {
        return UUID.fromString(uuidTexts[next()]);
    }

    /** Tsid.from. */
    @Benchmark
    public Tsid decodeTsidFrom() {
        return Tsid.from(tsidTexts[next()]);
    }

    /** Ulid.from. */
    @Benchmark
    public Ulid decodeUlidFrom() {
        return Ulid.from(ulidTexts[next()]);
    }

    /** Allocating one SnoId from its bytes: its shallow (= retained) size under -prof gc. */
    @Benchmark
    public SnoId sizeOfSnoId() {
        return SnoId.fromBytes(idBytes, (next() & 7) * SnoId.SIZE_BYTES);
    }

    /** Allocating one UUID: its shallow (= retained) size under -prof gc. */
    @Benchmark
    public UUID sizeOfUuid() {
        UUID u = uuids[next()];
        return new UUID(u.getMostSignificantBits(), u.getLeastSignificantBits());
    }
}
