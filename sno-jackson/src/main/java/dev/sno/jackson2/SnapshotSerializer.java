package dev.sno.jackson2;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.sno.GeneratorSnapshot;
import dev.sno.jackson.internal.SnapshotFields;
import java.io.IOException;

/** Writes a GeneratorSnapshot in the reference's JSON form. */
final class SnapshotSerializer extends StdSerializer<GeneratorSnapshot> {

    private static final long serialVersionUID = 1L;

    static final SnapshotSerializer INSTANCE = new SnapshotSerializer();

    private SnapshotSerializer() {
        super(GeneratorSnapshot.class);
    }

    @Override
    public void serialize(GeneratorSnapshot s, JsonGenerator gen, SerializerProvider provider) throws IOException {
        gen.writeStartObject(s);
        gen.writeFieldName(SnapshotFields.PARTITION);
        gen.writeStartArray();
        gen.writeNumber(s.partition() >>> 8);
        gen.writeNumber(s.partition() & 0xFF);
        gen.writeEndArray();
        gen.writeNumberField(SnapshotFields.SEQUENCE_MIN, s.sequenceMin());
        gen.writeNumberField(SnapshotFields.SEQUENCE_MAX, s.sequenceMax());
        gen.writeNumberField(SnapshotFields.SEQUENCE, s.sequence());
        gen.writeNumberField(SnapshotFields.NOW, s.now());
        gen.writeNumberField(SnapshotFields.WALL_HI, s.wallHi());
        gen.writeNumberField(SnapshotFields.WALL_SAFE, s.wallSafe());
        gen.writeNumberField(SnapshotFields.DRIFTS, s.drifts());
        gen.writeEndObject();
    }
}
