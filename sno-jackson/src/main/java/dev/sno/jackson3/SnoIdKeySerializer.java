package dev.sno.jackson3;

import dev.sno.SnoId;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/** Writes a SnoId map key as its canonical string. */
final class SnoIdKeySerializer extends StdSerializer<SnoId> {

    static final SnoIdKeySerializer INSTANCE = new SnoIdKeySerializer();

    private SnoIdKeySerializer() {
        super(SnoId.class);
    }

    @Override
    public void serialize(SnoId value, JsonGenerator gen, SerializationContext ctxt) {
        gen.writeName(value.toString());
    }
}
