package dev.sno.jdbc;

import dev.sno.SnoId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Inputs shared by the tests of the SQL functions on MariaDB and H2. */
final class FunctionCases {

    static final String ALPHABET = "23456789abcdefghijklmnopqrstuvwx";

    private FunctionCases() {
    }

    /** The seed of a randomized test: {@code -Dsno.seed}, else the clock. */
    static long seed() {
        return Long.getLong("sno.seed", System.nanoTime());
    }

    /** How to replay a randomized failure. */
    static String replay(long seed) {
        return "seed " + seed + " (replay with -Dsno.seed=" + seed + ")";
    }

    /**
     * 20,000 seeded random IDs ({@code -Dsno.cases} changes the count; bytes biased towards 0x00,
     * 0x7F, 0x80, 0xFF) followed by the edges: epoch, MAX_TIME, every metabyte, partition and
     * sequence extremes, tick-tock both ways.
     */
    static List<SnoId> idsWithEdges(long seed) {
        List<SnoId> ids = new ArrayList<>(SnoJdbcTest.randomIds(seed, Integer.getInteger("sno.cases", 20_000)));
        Instant t = Instant.parse("2026-11-25T18:00:00.004Z");
        ids.addAll(List.of(SnoId.ZERO, SnoId.MAX,
                SnoId.of(SnoId.EPOCH, false, 0, 0, 0), SnoId.of(SnoId.EPOCH, true, 255, 65535, 65535),
                SnoId.of(SnoId.MAX_TIME, false, 0, 0, 0), SnoId.of(SnoId.MAX_TIME, true, 255, 65535, 65535),
                SnoId.of(t, false, 0, 65535, 0), SnoId.of(t, false, 0, 0, 65535),
                SnoId.of(t, false, 128, 32768, 32768), SnoId.of(t, false, 127, 32767, 32767),
                SnoId.parse("29gfem22232im222")));
        for (int meta = 0; meta < 256; meta++) {
            ids.add(SnoId.of(t, meta % 2 == 0, meta, meta * 257, 65535 - meta * 257));
        }
        return ids;
    }

    /** The UUID image as 16 bytes: the ID's 10 bytes, then six zero bytes. */
    static byte[] image(SnoId id) {
        return Arrays.copyOf(id.toBytes(), 16);
    }

    /**
     * Text that SnoId.parse rejects, and the message it gives: length, case, characters outside
     * the alphabet, quoting and escaping, the 40-character cut.
     */
    static final String[][] INVALID_TEXTS = {
        {"", "Invalid sno ID: \"\" (length 0, expected 16)"},
        {"29gfem22232im22", "Invalid sno ID: \"29gfem22232im22\" (length 15, expected 16)"},
        {"29gfem22232im2222", "Invalid sno ID: \"29gfem22232im2222\" (length 17, expected 16)"},
        {" 29gfem22232im222", "Invalid sno ID: \" 29gfem22232im222\" (length 17, expected 16)"},
        {"29gfem22232im222 ", "Invalid sno ID: \"29gfem22232im222 \" (length 17, expected 16)"},
        {"29gfem22232im22y", "Invalid sno ID: \"29gfem22232im22y\" (character 'y' at index 15 is not in the alphabet "
                + ALPHABET + ")"},
        {"29GFEM22232IM222", "Invalid sno ID: \"29GFEM22232IM222\" (character 'G' at index 2 is not in the alphabet "
                + ALPHABET + ")"},
        {"29gfem21232im222", "Invalid sno ID: \"29gfem21232im222\" (character '1' at index 7 is not in the alphabet "
                + ALPHABET + ")"},
        {"29gfem22\u013232im222", "Invalid sno ID: \"29gfem22\\u013232im222\" (character '\\u0132' at index 8 is not in"
                + " the alphabet " + ALPHABET + ")"},
        {"29gfem22232im2\t2", "Invalid sno ID: \"29gfem22232im2\\u00092\" (character '\\u0009' at index 14 is not in"
                + " the alphabet " + ALPHABET + ")"},
        {"29gfem22232im2'2", "Invalid sno ID: \"29gfem22232im2\\'2\" (character '\\'' at index 14 is not in the"
                + " alphabet " + ALPHABET + ")"},
        {"29gfem22\"\\2im222", "Invalid sno ID: \"29gfem22\\\"\\\\2im222\" (character '\\\"' at index 8 is not in the"
                + " alphabet " + ALPHABET + ")"},
        {"x".repeat(45), "Invalid sno ID: \"" + "x".repeat(40) + "\"... (length 45, expected 16)"},
    };

    /** n random corruptions of valid IDs: 1 to 3 characters replaced, sometimes cut short. */
    static List<String> corruptions(SplittableRandom r, int n) {
        String others = "01yzAXZ -_.'\"\\\u00e9\u0132\u00ff\u007f\n";
        List<String> texts = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            StringBuilder text = new StringBuilder(SnoJdbcTest.randomIds(r.nextLong(), 1).get(0).toString());
            int bad = 1 + r.nextInt(3);
            for (int j = 0; j < bad; j++) {
                text.setCharAt(r.nextInt(16), others.charAt(r.nextInt(others.length())));
            }
            if (r.nextInt(4) == 0) {
                text.setLength(r.nextInt(16));
            }
            texts.add(text.toString());
        }
        return texts;
    }

    /** Random instants in [EPOCH, MAX_TIME], to the microsecond. */
    static List<Instant> instants(SplittableRandom r, int n) {
        long lo = SnoId.EPOCH.getEpochSecond() * 1_000_000;
        long hi = SnoId.MAX_TIME.toEpochMilli() * 1_000;
        List<Instant> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(Instant.EPOCH.plusNanos((lo + r.nextLong(hi - lo + 1)) * 1_000));
        }
        Instant t = Instant.parse("2026-11-25T18:00:00.004Z");
        list.addAll(List.of(SnoId.EPOCH, SnoId.EPOCH.plusNanos(3_999_000), SnoId.EPOCH.plusMillis(4),
                SnoId.MAX_TIME, SnoId.MAX_TIME.minusNanos(1_000), t, t.minusNanos(1_000), t.plusNanos(3_999_000),
                t.plusMillis(4), Instant.parse("2026-11-25T18:00:00.0079Z")));
        return list;
    }

    /** Times out of the sno range, as UTC text, and the message SnoId.firstAt gives for them. */
    static final String[][] OUT_OF_RANGE = {
        {"2009-12-31T23:59:59.999999Z", "2009-12-31T23:59:59.999999Z"},
        {"2009-12-31T23:59:59.999Z", "2009-12-31T23:59:59.999Z"},
        {"1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"},
        {"2079-09-07T15:47:35.548001Z", "2079-09-07T15:47:35.548001Z"},
        {"2079-09-07T15:47:35.549Z", "2079-09-07T15:47:35.549Z"},
        {"2100-01-01T00:00:00Z", "2100-01-01T00:00:00Z"},
    };

    static String outOfRangeMessage(String time) {
        return "Invalid sno ID time: " + time + " (must be in [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.548Z])";
    }
}
