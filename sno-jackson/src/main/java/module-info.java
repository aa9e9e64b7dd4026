/**
 * sno IDs and generator snapshots in JSON and binary data formats, for Jackson 2
 * ({@code dev.sno.jackson2.SnoModule}) and Jackson 3 ({@code dev.sno.jackson3.SnoModule}).
 *
 * <p>Both Jackson generations are optional: the application brings and requires the one it
 * uses; this module runs with either, both or neither. The annotations
 * {@link dev.sno.jackson.SnoPolymorphic} and {@link dev.sno.jackson.SnoMeta} serve both.
 *
 * <p>On the module path, register the module yourself
 * ({@code JsonMapper.builder().addModule(new dev.sno.jackson2.SnoModule())}): this descriptor
 * declares no {@code provides}, because on JDK 17 a {@code provides} clause whose service type
 * lives in an absent optional module stops the boot layer from resolving. On the class path,
 * {@code META-INF/services} makes both modules discoverable.
 */
module dev.sno.jackson {
    requires transitive dev.sno;
    requires static com.fasterxml.jackson.annotation;
    requires static com.fasterxml.jackson.core;
    requires static com.fasterxml.jackson.databind;
    requires static tools.jackson.core;
    requires static tools.jackson.databind;

    exports dev.sno.jackson;
    exports dev.sno.jackson2;
    exports dev.sno.jackson3;
}
