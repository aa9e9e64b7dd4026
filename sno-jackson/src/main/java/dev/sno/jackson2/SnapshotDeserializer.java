package dev.sno.jackson2;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import dev.sno.GeneratorSnapshot;
import dev.sno.jackson.internal.SnapshotFields;
import java.io.IOException;

/** Reads a GeneratorSnapshot from the reference's JSON form, strictly. */
final class SnapshotDeserializer extends StdDeserializer<GeneratorSnapshot> {

    private static final long serialVersionUID = 1L;

    static final SnapshotDeserializer INSTANCE = new SnapshotDeserializer();

    private SnapshotDeserializer() {
        super(GeneratorSnapshot.class);
    }

    @Override
    public GeneratorSnapshot deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            t = p.nextToken();
        } else if (t != JsonToken.FIELD_NAME && t != JsonToken.END_OBJECT) {
            return ctxt.reportInputMismatch(this, "%s", SnapshotFields.objectShapeError());
        }
        SnapshotFields fields = new SnapshotFields();
        for (; t == JsonToken.FIELD_NAME; t = p.nextToken()) {
            String name = p.currentName();
            int index = SnapshotFields.indexOf(name);
            p.nextToken();
            if (index == -2) {
                ctxt.handleUnknownProperty(p, this, GeneratorSnapshot.class, name);
                p.skipChildren();
                continue;
            }
            fail(ctxt, fields.see(name));
            if (index == -1) {
                readPartition(p, ctxt, fields);
            } else {
                if (p.currentToken() != JsonToken.VALUE_NUMBER_INT
                        || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    fail(ctxt, SnapshotFields.numberShapeError(name));
                }
                fields.set(index, p.getLongValue());
            }
        }
        try {
            return fields.build();
        } catch (IllegalArgumentException e) {
            return ctxt.reportInputMismatch(this, "%s", e.getMessage());
        }
    }

    private void readPartition(JsonParser p, DeserializationContext ctxt, SnapshotFields fields) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            fail(ctxt, SnapshotFields.partitionShapeError());
        }
        long[] bytes = new long[2];
        for (int i = 0; i < 2; i++) {
            if (p.nextToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                fail(ctxt, SnapshotFields.partitionShapeError());
            }
            bytes[i] = p.getLongValue();
        }
        if (p.nextToken() != JsonToken.END_ARRAY) {
            fail(ctxt, SnapshotFields.partitionShapeError());
        }
        fail(ctxt, fields.setPartition(bytes[0], bytes[1]));
    }

    private void fail(DeserializationContext ctxt, String message) throws IOException {
        if (message != null) {
            ctxt.reportInputMismatch(this, "%s", message);
        }
    }
}
