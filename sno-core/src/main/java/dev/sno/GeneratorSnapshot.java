package dev.sno;

/**
 * The bookkeeping data of a {@link SnoGenerator} at one moment: its configuration (partition and
 * sequence bounds) and its clock state. Snapshots serve both to configure a generator and to
 * restore one across restarts so that it never repeats IDs made before, even if the clock went
 * back while it was offline.
 *
 * <p>The fields are those of the reference's snapshot, with the same meaning and JSON names:
 * {@code {"partition":[hi,lo],"sequenceMin":n,"sequenceMax":n,"sequence":n,"now":n,
 * "wallHi":n,"wallSafe":n,"drifts":n}}. Times are absolute 4 ms units since {@link SnoId#EPOCH}.
 *
 * <p>The constructor checks only that every field is within its type's range; the reference's
 * rules that relate fields to each other (a {@code sequenceMax} of 0 meaning 65535, bounds in
 * either order, a {@code sequence} of 0 meaning {@code sequenceMin}, the minimum pool size) are
 * applied when a generator is built from the snapshot, see SPEC.md.
 *
 * @param partition    the partition, 0..65535
 * @param sequenceMin  one bound of the sequence pool, 0..65535
 * @param sequenceMax  the other bound of the sequence pool, 0..65535
 * @param sequence     the last sequence handed out in time unit {@code wallHi} (may exceed
 *                     {@code sequenceMax} while callers are stalled), 0..2^32-1
 * @param now          the clock's time unit when the snapshot was taken, 0..2^39-1
 * @param wallHi       the highest time unit of the generator's current timeline, 0..2^39-1
 * @param wallSafe     the time unit at or before which a further regression is unsafe,
 *                     0..2^39-1
 * @param drifts       the number of regressions the generator tick-tocked at, 0..2^32-1; its
 *                     lowest bit is the current tick-tock bit
 */
public record GeneratorSnapshot(int partition, int sequenceMin, int sequenceMax, long sequence,
        long now, long wallHi, long wallSafe, long drifts) {

    /**
     * Checks that every field is within its range.
     *
     * @param partition    0..65535
     * @param sequenceMin  0..65535
     * @param sequenceMax  0..65535
     * @param sequence     0..2^32-1
     * @param now          0..2^39-1
     * @param wallHi       0..2^39-1
     * @param wallSafe     0..2^39-1
     * @param drifts       0..2^32-1
     * @throws IllegalArgumentException naming the first field out of range and its value
     */
    public GeneratorSnapshot {
        check("partition", partition, 0xFFFF);
        check("sequenceMin", sequenceMin, 0xFFFF);
        check("sequenceMax", sequenceMax, 0xFFFF);
        check("sequence", sequence, 0xFFFF_FFFFL);
        check("now", now, SnoId.MAX_UNITS);
        check("wallHi", wallHi, SnoId.MAX_UNITS);
        check("wallSafe", wallSafe, SnoId.MAX_UNITS);
        check("drifts", drifts, 0xFFFF_FFFFL);
    }

    private static void check(String name, long value, long max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException("Invalid generator snapshot: " + name + " must be in [0, "
                    + max + "]: " + name + "=" + value);
        }
    }

    /**
     * The snapshot in the reference's JSON form, with the fields in the reference's order:
     * {@code {"partition":[65,10],"sequenceMin":0,"sequenceMax":65535,"sequence":0,"now":..,
     * "wallHi":..,"wallSafe":..,"drifts":0}}.
     *
     * @return the JSON text, one line
     */
    public String toJson() {
        return "{\"partition\":[" + (partition >>> 8) + "," + (partition & 0xFF) + "]"
                + ",\"sequenceMin\":" + sequenceMin
                + ",\"sequenceMax\":" + sequenceMax
                + ",\"sequence\":" + sequence
                + ",\"now\":" + now
                + ",\"wallHi\":" + wallHi
                + ",\"wallSafe\":" + wallSafe
                + ",\"drifts\":" + drifts + "}";
    }
}
