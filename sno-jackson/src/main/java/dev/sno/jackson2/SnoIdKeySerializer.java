package dev.sno.jackson2;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.sno.SnoId;
import java.io.IOException;

/** Writes a SnoId map key as its canonical string. */
final class SnoIdKeySerializer extends StdSerializer<SnoId> {

    private static final long serialVersionUID = 1L;

    static final SnoIdKeySerializer INSTANCE = new SnoIdKeySerializer();

    private SnoIdKeySerializer() {
        super(SnoId.class);
    }

    @Override
    public void serialize(SnoId value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        gen.writeFieldName(value.toString());
    }
}
