package dev.sno.jackson.internal;

import dev.sno.GeneratorSnapshot;

/**
 * Collects the fields of a {@link GeneratorSnapshot} read from JSON in the reference form, for
 * both Jackson generations. Missing fields are 0, as when the reference decodes JSON; a field
 * given twice, an unknown name, a value of the wrong shape or out of range is an error whose
 * message the caller hands to Jackson. Not part of the API.
 */
public final class SnapshotFields {

    /** Creates an empty set of fields, all 0. */
    public SnapshotFields() {
    }

    /** Field name: the partition as [hi, lo]. */
    public static final String PARTITION = "partition";
    /** Field name. */
    public static final String SEQUENCE_MIN = "sequenceMin";
    /** Field name. */
    public static final String SEQUENCE_MAX = "sequenceMax";
    /** Field name. */
    public static final String SEQUENCE = "sequence";
    /** Field name. */
    public static final String NOW = "now";
    /** Field name. */
    public static final String WALL_HI = "wallHi";
    /** Field name. */
    public static final String WALL_SAFE = "wallSafe";
    /** Field name. */
    public static final String DRIFTS = "drifts";

    private static final String[] NUMERIC = {SEQUENCE_MIN, SEQUENCE_MAX, SEQUENCE, NOW, WALL_HI, WALL_SAFE, DRIFTS};

    private final long[] values = new long[NUMERIC.length];
    private int partition;
    private int seen;

    /**
     * Looks up a field.
     *
     * @param name  the JSON name
     * @return the index of a numeric field, -1 for partition, -2 for an unknown name
     */
    public static int indexOf(String name) {
        if (PARTITION.equals(name)) {
            return -1;
        }
        for (int i = 0; i < NUMERIC.length; i++) {
            if (NUMERIC[i].equals(name)) {
                return i;
            }
        }
        return -2;
    }

    /**
     * Marks a known field as seen.
     *
     * @param name  the JSON name of a known field
     * @return an error message if it was seen before, else null
     */
    public String see(String name) {
        int bit = 1 << (indexOf(name) + 1);
        if ((seen & bit) != 0) {
            return "Invalid sno generator snapshot: field '" + name + "' appears twice";
        }
        seen |= bit;
        return null;
    }

    /**
     * Sets a numeric field.
     *
     * @param index  from {@link #indexOf}, at least 0
     * @param value  the value
     */
    public void set(int index, long value) {
        values[index] = value;
    }

    /**
     * Sets the partition from its two bytes.
     *
     * @param hi  the high byte
     * @param lo  the low byte
     * @return an error message if they are not bytes, else null
     */
    public String setPartition(long hi, long lo) {
        if (hi < 0 || hi > 255 || lo < 0 || lo > 255) {
            return "Invalid sno generator snapshot: 'partition' must be [hi, lo] with bytes 0..255, got ["
                    + hi + ", " + lo + "]";
        }
        partition = (int) (hi << 8 | lo);
        return null;
    }

    /**
     * The message for a partition that is not an array of two integers.
     *
     * @return the message
     */
    public static String partitionShapeError() {
        return "Invalid sno generator snapshot: 'partition' must be an array of two integers [hi, lo]";
    }

    /**
     * The message for a field that is not an integer.
     *
     * @param name  the field
     * @return the message
     */
    public static String numberShapeError(String name) {
        return "Invalid sno generator snapshot: '" + name + "' must be an integer";
    }

    /**
     * The message for a snapshot that is not an object.
     *
     * @return the message
     */
    public static String objectShapeError() {
        return "Invalid sno generator snapshot: expected a JSON object";
    }

    /**
     * The snapshot.
     *
     * @return the snapshot of the fields set
     * @throws IllegalArgumentException with a message naming the field out of range
     */
    public GeneratorSnapshot build() {
        long min = values[0];
        long max = values[1];
        if (min < 0 || min > 0xFFFF || max < 0 || max > 0xFFFF) {
            throw new IllegalArgumentException("Invalid generator snapshot: sequence bounds must be in [0, 65535]:"
                    + " sequenceMin=" + min + ", sequenceMax=" + max);
        }
        return new GeneratorSnapshot(partition, (int) min, (int) max, values[2], values[3], values[4], values[5],
                values[6]);
    }
}
