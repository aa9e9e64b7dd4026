package appkotlin;

import dev.sno.SnoId;
import dev.sno.kotlin.SnoIdBytesSerializer;
import dev.sno.kotlin.SnoIdSerializer;
import dev.sno.kotlin.SnoSerializersModules;
import dev.sno.kotlin.SnoStrings;
import kotlinx.serialization.SerializationException;
import kotlinx.serialization.json.Json;

public final class Main {

    public static void main(String[] args) {
        check(ModuleLayer.boot().findModule("exposed.core").isEmpty(), "Exposed absent");
        check(ModuleLayer.boot().findModule("io.ktor.server.core").isEmpty(), "Ktor absent");
        SnoId id = SnoStrings.toSnoId("29gfem22232im222");
        check(SnoStrings.toSnoIdOrNull("29gfem22232im22z") == null, "toSnoIdOrNull");
        Json json = Json.Default;
        String text = json.encodeToString(SnoIdSerializer.INSTANCE, id);
        check(text.equals("\"29gfem22232im222\""), "text form " + text);
        check(json.decodeFromString(SnoIdSerializer.INSTANCE, text).equals(id), "text round trip");
        check(SnoSerializersModules.getSnoSerializersModule() != null, "module");
        check(SnoIdBytesSerializer.INSTANCE.getDescriptor().getSerialName().equals("dev.sno.SnoId.Bytes"), "bytes");
        try {
            json.decodeFromString(SnoIdSerializer.INSTANCE, "\"nope\"");
            throw new AssertionError("accepted nope");
        } catch (SerializationException e) {
            check(e.getMessage().contains("(length 4, expected 16)"), e.getMessage());
        }
        System.out.println("kotlin on the module path: OK (" + Runtime.version().feature() + ")");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
