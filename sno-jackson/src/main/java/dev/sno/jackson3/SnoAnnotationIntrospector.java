package dev.sno.jackson3;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.sno.jackson.SnoPolymorphic;
import tools.jackson.core.Version;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedClass;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;

/**
 * Gives {@link SnoPolymorphic} its Jackson 3 meaning: a type carrying it (directly or inherited)
 * has a custom type id held in the existing, visible {@code "id"} property, resolved by
 * {@link SnoMetaTypeIdResolver}. Installed by {@link SnoModule}; answers nothing else, so the
 * mapper's other introspectors decide everything else.
 */
final class SnoAnnotationIntrospector extends NopAnnotationIntrospector {

    private static final long serialVersionUID = 1L;

    /** Carries the type info {@link SnoPolymorphic} stands for (read once, portable across 2.x). */
    @JsonTypeInfo(use = JsonTypeInfo.Id.CUSTOM, include = JsonTypeInfo.As.EXISTING_PROPERTY,
            property = SnoPolymorphic.PROPERTY, visible = true)
    private static final class Settings {
    }

    private static final JsonTypeInfo.Value TYPE_INFO = JsonTypeInfo.Value.from(Settings.class.getAnnotation(JsonTypeInfo.class));

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    private static boolean polymorphic(Annotated ann) {
        return ann instanceof AnnotatedClass && ann.hasAnnotation(SnoPolymorphic.class);
    }

    @Override
    public JsonTypeInfo.Value findPolymorphicTypeInfo(MapperConfig<?> config, Annotated ann) {
        return polymorphic(ann) ? TYPE_INFO : null;
    }

    @Override
    public Object findTypeIdResolver(MapperConfig<?> config, Annotated ann) {
        return polymorphic(ann) ? SnoMetaTypeIdResolver.class : null;
    }
}
