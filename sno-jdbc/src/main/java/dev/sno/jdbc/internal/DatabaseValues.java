package dev.sno.jdbc.internal;

import dev.sno.SnoId;
import dev.sno.config.SafeText;
import java.util.UUID;

/**
 * The one conversion from what a driver returns for a UUID column to a {@link SnoId}, shared by
 * {@code SnoJdbc} and the Hibernate {@code SnoIdJavaType} so both accept and reject exactly the
 * same values. Not part of the API (the package is not exported).
 *
 * <p>Accepted: {@link UUID} (the canonical image: last six bytes zero), a 16-byte array (the same
 * image), a 10-byte array (the ID's bytes), a string in strict 8-4-4-4-12 UUID form or in sno
 * form. Everything else is rejected with a {@link Rejected} naming the value and the reason: text
 * through {@link SafeText} (control characters and bidi overrides escaped, bounded), bytes in
 * hexadecimal (the first 32).
 */
public final class DatabaseValues {

    /** How many bytes of a rejected byte array a message shows. */
    static final int SHOWN_BYTES = 32;

    private DatabaseValues() {
    }

    /**
     * A value that is not a sno ID. Each layer turns it into its own exception type.
     */
    public static final class Rejected extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        private final String value;
        private final String reason;

        Rejected(String value, String reason, Throwable cause) {
            super(value + " (" + reason + ")", cause);
            this.value = value;
            this.reason = reason;
        }

        /**
         * The rejected value, described for a message.
         *
         * @return e.g. {@code string "abc"} or {@code 0x01dc...}
         */
        public String value() {
            return value;
        }

        /**
         * Why it was rejected.
         *
         * @return e.g. {@code expected UUID, byte[] or String}
         */
        public String reason() {
            return reason;
        }
    }

    /**
     * Converts a database value to an ID.
     *
     * @param value  what the driver returned, not null
     * @return the ID
     * @throws Rejected if the value is not a sno ID in one of the accepted forms
     */
    public static SnoId toSnoId(Object value) {
        try {
            if (value instanceof UUID) {
                return SnoId.fromUuid((UUID) value);
            }
            if (value instanceof byte[]) {
                byte[] bytes = (byte[]) value;
                if (bytes.length == SnoId.SIZE_BYTES) {
                    return SnoId.fromBytes(bytes);
                }
                if (bytes.length == 16) {
                    return SnoId.fromUuidBytes(bytes);
                }
                throw new Rejected(describe(value), "length " + bytes.length + ", expected 10 (sno) or 16 (UUID) bytes",
                        null);
            }
            if (value instanceof String) {
                String text = (String) value;
                if (text.length() == 36) {
                    return SnoId.fromUuid(parseUuid(text));
                }
                return SnoId.parse(text);
            }
        } catch (Rejected e) {
            throw e;
        } catch (IllegalArgumentException e) { // InvalidSnoIdException, or bad UUID text
            throw new Rejected(describe(value), e.getMessage(), e);
        }
        throw new Rejected("a value of type " + value.getClass().getName(), "expected UUID, byte[] or String", null);
    }

    /**
     * Strict UUID text: 8-4-4-4-12 hexadecimal digits ({@link UUID#fromString} accepts much
     * more, such as short groups and signs).
     *
     * @param text  36 characters
     * @return the UUID
     * @throws IllegalArgumentException naming the text (through {@link SafeText}) and the first bad
     *     character
     */
    public static UUID parseUuid(String text) {
        long msb = 0;
        long lsb = 0;
        int digits = 0;
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    throw new IllegalArgumentException("Invalid UUID text: \"" + SafeText.of(text) + "\" (expected '-' at index "
                            + i + ")");
                }
                continue;
            }
            int d = Character.digit(c, 16);
            if (d < 0 || c >= 128) {
                throw new IllegalArgumentException("Invalid UUID text: \"" + SafeText.of(text) + "\" (character at index " + i
                        + " is not a hexadecimal digit)");
            }
            if (digits++ < 16) {
                msb = msb << 4 | d;
            } else {
                lsb = lsb << 4 | d;
            }
        }
        return new UUID(msb, lsb);
    }

    private static String describe(Object value) {
        if (value instanceof UUID) {
            return "UUID " + value;
        }
        if (value instanceof String) {
            return "string \"" + SafeText.of((String) value) + "\"";
        }
        if (value instanceof byte[]) {
            byte[] bytes = (byte[]) value;
            StringBuilder hex = new StringBuilder("0x");
            for (int i = 0; i < Math.min(bytes.length, SHOWN_BYTES); i++) {
                hex.append(Character.forDigit(bytes[i] >> 4 & 0xf, 16)).append(Character.forDigit(bytes[i] & 0xf, 16));
            }
            return bytes.length > SHOWN_BYTES ? hex.append("...").toString() : hex.toString();
        }
        return value.getClass().getSimpleName();
    }
}
