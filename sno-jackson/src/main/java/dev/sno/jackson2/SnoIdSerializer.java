package dev.sno.jackson2;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteCapability;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.sno.SnoId;
import java.io.IOException;

/** Writes a SnoId as its canonical string, or as 10 raw bytes where the format has binary. */
final class SnoIdSerializer extends StdSerializer<SnoId> {

    private static final long serialVersionUID = 1L;

    static final SnoIdSerializer INSTANCE = new SnoIdSerializer();

    private SnoIdSerializer() {
        super(SnoId.class);
    }

    @Override
    public void serialize(SnoId value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        // A TokenBuffer (convertValue, valueToTree, buffering) claims binary support, but its
        // content may end up as JSON text: keep the string form there, as Jackson does for UUID.
        if (!(gen instanceof TokenBuffer)
                && gen.getWriteCapabilities().isEnabled(StreamWriteCapability.CAN_WRITE_BINARY_NATIVELY)) {
            gen.writeBinary(value.toBytes());
        } else {
            char[] text = new char[SnoId.SIZE_CHARS];
            value.encodeTo(text, 0);
            gen.writeString(text, 0, SnoId.SIZE_CHARS);
        }
    }
}
