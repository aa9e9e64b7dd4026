package dev.sno.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.bench.MySqlInsertBenchmark.Kind;
import dev.sno.bench.MySqlInsertBenchmark.Run;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What MySqlInsertBenchmark claims without a server: its keys' bytes, its order of runs, its ratios. */
class MySqlInsertBenchmarkTest {

    @Test
    void aUuidIsStoredAsItsSixteenBytesInTheirOwnOrder() {
        UUID u = UUID.fromString("01234567-89ab-cdef-fedc-ba9876543210");
        assertArrayEquals(new byte[] {0x01, 0x23, 0x45, 0x67, (byte) 0x89, (byte) 0xab, (byte) 0xcd, (byte) 0xef,
            (byte) 0xfe, (byte) 0xdc, (byte) 0xba, (byte) 0x98, 0x76, 0x54, 0x32, 0x10}, MySqlInsertBenchmark.bytes(u));
    }

    @Test
    void everyKindRunsTwiceInEveryPositionAndTwiceRightAfterEveryOtherKind() {
        int kinds = Kind.values().length;
        int[][] order = MySqlInsertBenchmark.ORDER;
        int[][] inPosition = new int[kinds][kinds];
        int[][] after = new int[kinds][kinds];
        for (int[] round : order) {
            assertArrayEquals(new int[] {0, 1, 2}, Arrays.stream(round).sorted().toArray(), Arrays.toString(round));
            for (int p = 0; p < kinds; p++) {
                inPosition[round[p]][p]++;
                if (p > 0) {
                    after[round[p - 1]][round[p]]++;
                }
            }
        }
        for (int k = 0; k < kinds; k++) {
            for (int j = 0; j < kinds; j++) {
                assertEquals(2, inPosition[k][j], "kind " + k + " in position " + j);
                assertEquals(k == j ? 0 : 2, after[k][j], "kind " + j + " right after kind " + k);
            }
        }
    }

    @Test
    void theTargetsTableComparesSnoWithUuidV7AndAutoIncrement() {
        List<Run> runs = List.of(new Run(Kind.SNO, 300, 2, 4800), new Run(Kind.UUID_V7, 200, 2, 4800),
                new Run(Kind.AUTO_INCREMENT, 400, 2, 4000));
        String md = MySqlInsertBenchmark.markdown(runs, List.of("1-2", "3-4", "5-6"), 100, "MySQL 8.0.33", "driver",
                "benchmarks/mysql-insert.sh");
        assertTrue(md.contains("| sno, BINARY(16) (setSnoIdBinary) | 150 | 1-2 | 4,800 B | 48.0 |"), md);
        assertTrue(md.contains("| sno insert rate >= UUIDv7's | 1.50x UUIDv7's | yes |"), md);
        assertTrue(md.contains("| sno table <= UUIDv7's | 1.00x UUIDv7's (+0 B) | yes |"), md);
        assertTrue(md.contains("| 0.75x AUTO_INCREMENT's | - |"), md);
        assertTrue(md.contains("| 1.20x AUTO_INCREMENT's (+800 B) | - |"), md);
        assertTrue(md.contains("with `benchmarks/mysql-insert.sh`"), md);
    }
}
