package dev.sno.jackson2;

import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.KeyDeserializer;
import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import java.io.IOException;

/** Reads a SnoId map key, as strictly as a value. */
final class SnoIdKeyDeserializer extends KeyDeserializer {

    static final SnoIdKeyDeserializer INSTANCE = new SnoIdKeyDeserializer();

    private SnoIdKeyDeserializer() {
    }

    @Override
    public Object deserializeKey(String key, DeserializationContext ctxt) throws IOException {
        try {
            return SnoId.parse(key);
        } catch (InvalidSnoIdException e) {
            return ctxt.handleWeirdKey(SnoId.class, key, "%s", e.getMessage());
        }
    }
}
