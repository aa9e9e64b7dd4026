package dev.sno.jackson3;

import dev.sno.SnoId;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteCapability;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;
import tools.jackson.databind.util.TokenBuffer;

/** Writes a SnoId as its canonical string, or as 10 raw bytes where the format has binary. */
final class SnoIdSerializer extends StdSerializer<SnoId> {

    static final SnoIdSerializer INSTANCE = new SnoIdSerializer();

    private SnoIdSerializer() {
        super(SnoId.class);
    }

    @Override
    public void serialize(SnoId value, JsonGenerator gen, SerializationContext ctxt) {
        // A TokenBuffer claims binary support but may end up as JSON text: keep the string there.
        if (!(gen instanceof TokenBuffer) && gen.has(StreamWriteCapability.CAN_WRITE_BINARY_NATIVELY)) {
            gen.writeBinary(value.toBytes());
        } else {
            char[] text = new char[SnoId.SIZE_CHARS];
            value.encodeTo(text, 0);
            gen.writeString(text, 0, SnoId.SIZE_CHARS);
        }
    }
}
