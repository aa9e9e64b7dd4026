package dev.sno.jackson2;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.cfg.MapperConfig;
import com.fasterxml.jackson.databind.introspect.AnnotatedClass;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;
import com.fasterxml.jackson.databind.jsontype.TypeResolverBuilder;
import com.fasterxml.jackson.databind.jsontype.impl.StdTypeResolverBuilder;
import dev.sno.jackson.SnoPolymorphic;

/**
 * Gives {@link SnoPolymorphic} its Jackson 2 meaning: a type carrying it (directly or inherited)
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

    @Override
    public TypeResolverBuilder<?> findTypeResolver(MapperConfig<?> config, AnnotatedClass ac, JavaType baseType) {
        if (!ac.hasAnnotation(SnoPolymorphic.class)) {
            return null;
        }
        SnoMetaTypeIdResolver resolver = new SnoMetaTypeIdResolver();
        resolver.init(baseType);
        return new StdTypeResolverBuilder().init(TYPE_INFO, resolver);
    }
}
