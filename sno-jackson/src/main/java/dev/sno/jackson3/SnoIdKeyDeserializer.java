package dev.sno.jackson3;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.KeyDeserializer;

/** Reads a SnoId map key, as strictly as a value. */
final class SnoIdKeyDeserializer extends KeyDeserializer {

    static final SnoIdKeyDeserializer INSTANCE = new SnoIdKeyDeserializer();

    private SnoIdKeyDeserializer() {
    }

    @Override
    public Object deserializeKey(String key, DeserializationContext ctxt) {
        try {
            return SnoId.parse(key);
        } catch (InvalidSnoIdException e) {
            return ctxt.handleWeirdKey(SnoId.class, key, "%s", e.getMessage());
        }
    }
}
