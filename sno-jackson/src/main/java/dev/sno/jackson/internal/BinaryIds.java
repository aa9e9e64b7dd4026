package dev.sno.jackson.internal;

import dev.sno.SnoId;

/**
 * The message for binary data that cannot be a {@link dev.sno.SnoId}, for both Jackson
 * generations. Not part of the API.
 */
public final class BinaryIds {

    /** Bytes shown in a message at most; longer data is cut. */
    private static final int SHOWN = 32;

    private BinaryIds() {
    }

    /**
     * Says what is wrong with binary data of the wrong length: the length expected, the length
     * given, and the bytes in hex (cut after 32).
     *
     * @param bytes  the data, not null
     * @return the message, in the form Jackson's own deserialization messages take
     */
    public static String wrongLength(byte[] bytes) {
        int n = Math.min(bytes.length, SHOWN);
        StringBuilder sb = new StringBuilder(64 + 3 * n)
                .append("Cannot deserialize value of type `").append(SnoId.class.getName())
                .append("` from a byte string: expected ").append(SnoId.SIZE_BYTES).append(" bytes, got ")
                .append(bytes.length).append(" ([");
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(Character.forDigit(bytes[i] >> 4 & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
        }
        return sb.append(bytes.length > n ? " ...])" : "])").toString();
    }
}
