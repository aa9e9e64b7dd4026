package dev.sno.jackson3;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.internal.Messages;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;

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
            try {
                return ctxt.handleWeirdKey(SnoId.class, key, "%s", e.getMessage());
            } catch (InvalidFormatException jackson) {
                if (jackson.getValue() != key) {
                    throw jackson;   // a problem handler's own exception
                }
                // No handler took it: Jackson's exception, with the key quoted safely.
                throw InvalidFormatException.from(ctxt.getParser(), Messages.notAnIdKey(key, e.getMessage()), key, SnoId.class);
            }
        }
    }
}
