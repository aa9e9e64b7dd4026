package dev.sno.jackson3;

import dev.sno.GeneratorSnapshot;
import dev.sno.jackson.internal.SnapshotFields;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/** Writes a GeneratorSnapshot in the reference's JSON form. */
final class SnapshotSerializer extends StdSerializer<GeneratorSnapshot> {

    static final SnapshotSerializer INSTANCE = new SnapshotSerializer();

    private SnapshotSerializer() {
        super(GeneratorSnapshot.class);
    }

    @Override
    public void serialize(GeneratorSnapshot s, JsonGenerator gen, SerializationContext ctxt) {
        gen.writeStartObject(s);
        gen.writeName(SnapshotFields.PARTITION);
        gen.writeStartArray();
        gen.writeNumber(s.partition() >>> 8);
        gen.writeNumber(s.partition() & 0xFF);
        gen.writeEndArray();
        gen.writeNumberProperty(SnapshotFields.SEQUENCE_MIN, s.sequenceMin());
        gen.writeNumberProperty(SnapshotFields.SEQUENCE_MAX, s.sequenceMax());
        gen.writeNumberProperty(SnapshotFields.SEQUENCE, s.sequence());
        gen.writeNumberProperty(SnapshotFields.NOW, s.now());
        gen.writeNumberProperty(SnapshotFields.WALL_HI, s.wallHi());
        gen.writeNumberProperty(SnapshotFields.WALL_SAFE, s.wallSafe());
        gen.writeNumberProperty(SnapshotFields.DRIFTS, s.drifts());
        gen.writeEndObject();
    }
}
