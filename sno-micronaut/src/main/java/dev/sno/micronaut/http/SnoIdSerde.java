package dev.sno.micronaut.http;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.config.SafeText;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.type.Argument;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Encoder;
import io.micronaut.serde.Serde;
import io.micronaut.serde.exceptions.InvalidFormatException;
import io.micronaut.serde.exceptions.InvalidPropertyFormatException;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@link SnoId} in Micronaut Serialization (micronaut-serde): a JSON string of its 16 characters,
 * read strictly ({@link SnoId#parse}: no trimming, no case folding, the empty string refused). A
 * value that is not a sno ID fails with the message sno-jackson's Jackson module gives for it
 * ({@code Cannot deserialize value of type `dev.sno.SnoId` from String "..." : ...}), which the
 * HTTP server answers with a 400 problem ({@link SnoProblemHandler}). JSON null is null. The
 * serializer is found by Micronaut Serialization as a bean; its own settings (inclusion, naming
 * strategy, views) apply to the objects that hold sno IDs as to any other value.
 */
@Singleton
@Requires(classes = Serde.class)
final class SnoIdSerde implements Serde<SnoId> {

    private static final String TYPE = "Cannot deserialize value of type `dev.sno.SnoId` from ";

    /** Created by Micronaut. */
    SnoIdSerde() {
    }

    /**
     * Writes the ID's 16 characters.
     *
     * @param encoder  the encoder
     * @param context  the context
     * @param type     the type
     * @param value    the ID, not null
     * @throws IOException if the encoder fails
     */
    @Override
    public void serialize(Encoder encoder, EncoderContext context, Argument<? extends SnoId> type, SnoId value)
            throws IOException {
        encoder.encodeString(value.toString());
    }

    /**
     * Reads an ID from a JSON string.
     *
     * @param decoder  the decoder
     * @param context  the context
     * @param type     the type
     * @return the ID
     * @throws IOException if the value is not a string holding a sno ID
     */
    @Override
    public SnoId deserialize(Decoder decoder, DecoderContext context, Argument<? super SnoId> type)
            throws IOException {
        Object value = decoder.decodeArbitrary();
        if (value == null) {
            return null;
        }
        if (value instanceof String text) {
            try {
                return SnoId.parse(text);
            } catch (InvalidSnoIdException e) {
                throw new Malformed(TYPE + "String \"" + SafeText.of(text) + "\": " + e.getMessage(), e, text);
            }
        }
        if (value instanceof Number number) {
            throw new Malformed(TYPE + "number " + SafeText.of(String.valueOf(number), 40)
                    + ": sno IDs are strings of 16 characters, not numbers",
                    null, number);
        }
        String kind = value instanceof Map ? "Object value (token `JsonToken.START_OBJECT`)"
                : value instanceof List ? "Array value (token `JsonToken.START_ARRAY`)"
                : "Boolean value (token `JsonToken.VALUE_" + String.valueOf(value).toUpperCase(java.util.Locale.ROOT) + "`)";
        throw new Malformed(TYPE + kind, null, value);
    }

    /**
     * The JSON path of the value that failed, from the properties Micronaut Serialization names
     * around it (such as {@code owner.id}); null if none.
     */
    static String path(Throwable failure) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InvalidPropertyFormatException property) {
                sb.append(sb.length() == 0 ? "" : ".").append(property.getArgument().getName());
            }
        }
        return sb.length() == 0 ? null : sb.toString();
    }

    /** A JSON value that is not a sno ID: its message is the problem's detail. */
    static final class Malformed extends InvalidFormatException {
        private static final long serialVersionUID = 1L;

        Malformed(String message, Exception cause, Object value) {
            super(message, cause, value);
        }
    }
}
