/**
 * sno IDs and generator snapshots in JSON and binary data formats, for Jackson 2
 * ({@code dev.sno.jackson2.SnoModule}) and Jackson 3 ({@code dev.sno.jackson3.SnoModule}).
 *
 * <p>Both Jackson generations are optional: the application brings the one it uses. The
 * annotations {@link dev.sno.jackson.SnoPolymorphic} and {@link dev.sno.jackson.SnoMeta} serve
 * both.
 */
module dev.sno.jackson {
    requires transitive dev.sno;
    requires static transitive com.fasterxml.jackson.annotation;
    requires static transitive com.fasterxml.jackson.core;
    requires static transitive com.fasterxml.jackson.databind;
    requires static transitive tools.jackson.core;
    requires static transitive tools.jackson.databind;

    exports dev.sno.jackson;
    exports dev.sno.jackson2;
    exports dev.sno.jackson3;

    provides com.fasterxml.jackson.databind.Module with dev.sno.jackson2.SnoModule;
    provides tools.jackson.databind.JacksonModule with dev.sno.jackson3.SnoModule;
}
