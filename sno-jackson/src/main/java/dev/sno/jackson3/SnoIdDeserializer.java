package dev.sno.jackson3;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.internal.BinaryIds;
import dev.sno.jackson.internal.Messages;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonTokenId;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.type.LogicalType;

/**
 * Reads a SnoId from a string in canonical form, or from 10 raw bytes (binary formats). Binary
 * data of another length goes to the problem handlers; if none takes it, it is an
 * {@code InvalidFormatException} that says "expected 10 bytes, got N" and holds the bytes. Every other input goes to Jackson's problem handling,
 * which by default throws.
 */
final class SnoIdDeserializer extends StdScalarDeserializer<SnoId> {

    static final SnoIdDeserializer INSTANCE = new SnoIdDeserializer();

    private SnoIdDeserializer() {
        super(SnoId.class);
    }

    @Override
    public LogicalType logicalType() {
        return LogicalType.OtherScalar;
    }

    @Override
    public SnoId deserialize(JsonParser p, DeserializationContext ctxt) {
        switch (p.currentTokenId()) {
            case JsonTokenId.ID_STRING:
                return fromText(p.getString(), ctxt);
            case JsonTokenId.ID_EMBEDDED_OBJECT:
                return fromEmbedded(p, ctxt);
            case JsonTokenId.ID_NUMBER_INT:
            case JsonTokenId.ID_NUMBER_FLOAT:
                return (SnoId) ctxt.handleWeirdNumberValue(SnoId.class, p.getNumberValue(),
                        "sno IDs are strings of 16 characters, not numbers");
            case JsonTokenId.ID_START_ARRAY:
                return _deserializeFromArray(p, ctxt);
            default:
                return (SnoId) ctxt.handleUnexpectedToken(SnoId.class, p);
        }
    }

    private SnoId fromText(String text, DeserializationContext ctxt) {
        if (text.isEmpty()) {
            CoercionAction action = ctxt.findCoercionAction(logicalType(), SnoId.class, CoercionInputShape.EmptyString);
            // An explicit coercion setting for SnoId wins; by default (TryConvert) the empty
            // string is an error unless ACCEPT_EMPTY_STRING_AS_NULL_OBJECT is enabled.
            if (action == CoercionAction.AsNull || action == CoercionAction.AsEmpty
                    || action == CoercionAction.TryConvert
                    && ctxt.isEnabled(DeserializationFeature.ACCEPT_EMPTY_STRING_AS_NULL_OBJECT)) {
                return null;
            }
        }
        try {
            return SnoId.parse(text);
        } catch (InvalidSnoIdException e) {
            try {
                return (SnoId) ctxt.handleWeirdStringValue(SnoId.class, text, "%s", e.getMessage());
            } catch (InvalidFormatException jackson) {
                if (jackson.getValue() != text) {
                    throw jackson;   // a problem handler's own exception
                }
                // No handler took it: Jackson's exception, with the text quoted safely.
                throw InvalidFormatException.from(ctxt.getParser(), Messages.notAnId(text, e.getMessage()), text, SnoId.class);
            }
        }
    }

    private SnoId fromEmbedded(JsonParser p, DeserializationContext ctxt) {
        Object embedded = p.getEmbeddedObject();
        if (embedded instanceof SnoId) {
            return (SnoId) embedded;
        }
        if (embedded instanceof byte[]) {
            byte[] bytes = (byte[]) embedded;
            if (bytes.length == SnoId.SIZE_BYTES) {
                return SnoId.fromBytes(bytes);
            }
            try {
                return (SnoId) ctxt.handleWeirdNativeValue(getValueType(ctxt), bytes, p);
            } catch (InvalidFormatException e) {
                if (e.getValue() != bytes) {
                    throw e;   // a problem handler's own exception
                }
                // No handler took it: Jackson's exception, with the reason (as UUIDDeserializer's).
                throw InvalidFormatException.from(p, BinaryIds.wrongLength(bytes), bytes, SnoId.class);
            }
        }
        return (SnoId) ctxt.handleWeirdNativeValue(getValueType(ctxt), embedded, p);
    }
}
