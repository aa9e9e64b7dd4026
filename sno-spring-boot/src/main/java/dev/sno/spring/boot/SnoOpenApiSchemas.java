package dev.sno.spring.boot;

import dev.sno.SnoId;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;

/**
 * The OpenAPI schemas of sno types: a new, inline instance on every call, so that a caller may
 * change its copy (a description, a pattern) without changing the others.
 */
final class SnoOpenApiSchemas {

    /** The base32 alphabet of sno IDs, in the order of its digit values. */
    private static final String ALPHABET = "23456789abcdefghijklmnopqrstuvwx";

    /** Every sno ID in canonical form, and nothing else (16 characters of 5 bits are 80 bits). */
    static final String PATTERN = "^[2-9a-x]{16}$";

    /** An ID to show: 2026-11-25T12:00:00Z, metabyte 0, partition 7, sequence 0. */
    static final String EXAMPLE = "9qct79q22222g222";

    static final String DESCRIPTION = "A sno ID: 16 characters of the alphabet 2-9 a-x, 80 bits that sort by creation"
            + " time (time, metabyte, partition, sequence).";

    private SnoOpenApiSchemas() {
    }

    /** A sno ID: a string of 16 characters of sno's alphabet. */
    static Schema<String> id() {
        Schema<String> s = new StringSchema();
        s.typesItem("string");
        s.setPattern(PATTERN);
        s.setMinLength(SnoId.SIZE_CHARS);
        s.setMaxLength(SnoId.SIZE_CHARS);
        s.setExample(EXAMPLE);
        s.setDescription(DESCRIPTION);
        return s;
    }

    /**
     * A sno ID with the given metabyte. The metabyte is bits 40 to 47 of the ID: character 8
     * holds its five high bits, character 9 its three low bits (and two bits of the partition),
     * so one character and a class of four pin it down.
     */
    static Schema<String> id(int meta) {
        if (meta < 0 || meta > 255) {
            throw new IllegalArgumentException("A metabyte is 0..255, not " + meta);
        }
        int low = (meta & 7) << 2;
        Schema<String> s = id();
        s.setPattern("^[2-9a-x]{8}" + ALPHABET.charAt(meta >>> 3) + "[" + ALPHABET.substring(low, low + 4)
                + "][2-9a-x]{6}$");
        s.setExample(EXAMPLE.substring(0, 8) + ALPHABET.charAt(meta >>> 3) + ALPHABET.charAt(low)
                + EXAMPLE.substring(10));
        s.setDescription("A sno ID with metabyte " + meta + " (characters 9 and 10 hold it). " + DESCRIPTION);
        return s;
    }

    /**
     * A {@link dev.sno.SnoIdRange} as Jackson writes the record: its two bounds. (As a
     * handler parameter it is two request parameters instead: {@link SnoOpenApiTimeWindows}.)
     */
    static Schema<Object> range() {
        Schema<Object> s = new ObjectSchema();
        s.typesItem("object");
        s.addProperty("from", id().description("The first ID of the range, inclusive."));
        s.addProperty("to", id().description("The end of the range, exclusive."));
        s.setDescription("A range of sno IDs, [from, to).");
        return s;
    }
}
