package dev.sno.spring.boot;

import com.fasterxml.jackson.databind.JavaType;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import dev.sno.SnoIdRange;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.Arrays;
import java.util.Iterator;

/**
 * springdoc's (swagger-core's) model converter for sno types, wherever they appear in a body:
 * a {@link SnoId} (field, list or array element, map value, {@code Optional}) is an inline
 * string schema ({@link SnoOpenApiSchemas#id()}); the keys of a map keyed by {@code SnoId} are
 * described by {@code propertyNames} (an OpenAPI 3.1 keyword; springdoc's 3.0 output leaves it
 * out); a {@link SnoPolymorphic} base type is a {@code oneOf} of its subtypes, each of whose
 * {@code id} pattern admits only its own metabyte, so exactly one subtype matches a valid body,
 * the one sno-jackson reads. No {@code discriminator}: OpenAPI's maps the whole value of a
 * property to a schema, and the metabyte is two characters inside the value.
 */
final class SnoOpenApiModels implements ModelConverter {

    @Override
    public Schema<?> resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
        JavaType java = Json.mapper().constructType(type.getType());
        Class<?> raw = java.getRawClass();
        if (raw == SnoId.class) {
            return SnoOpenApiSchemas.id();
        }
        if (raw == SnoIdRange.class) {
            return SnoOpenApiSchemas.range();
        }
        if (java.isMapLikeType() && java.getKeyType() != null && java.getKeyType().getRawClass() == SnoId.class) {
            Schema<?> map = next(type, context, chain);
            if (map != null) {
                map.setPropertyNames(SnoOpenApiSchemas.id().description("Each key is a sno ID."));
            }
            return map;
        }
        SnoPolymorphic poly = raw.getAnnotation(SnoPolymorphic.class); // inherited by the subtypes
        if (poly == null || java.isContainerType()) {
            return next(type, context, chain);
        }
        if (Arrays.asList(poly.value()).contains(raw)) {
            return subtype(raw, next(type, context, chain), context);
        }
        return base(raw, poly, context);
    }

    /** The next converter's schema, or null at the end of the chain. */
    private static Schema<?> next(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
        return chain.hasNext() ? chain.next().resolve(type, context, chain) : null;
    }

    /**
     * A listed subtype as the next converter describes it, its {@code id} narrowed to its
     * metabyte. The schema may be a reference to the model defined in the context.
     */
    private static Schema<?> subtype(Class<?> sub, Schema<?> schema, ModelConverterContext context) {
        SnoMeta meta = sub.getAnnotation(SnoMeta.class);
        Schema<?> model = schema == null || schema.get$ref() == null ? schema
                : context.getDefinedModels().get(schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1));
        if (meta != null && model != null && model.getProperties() != null
                && model.getProperties().containsKey(SnoPolymorphic.PROPERTY)) {
            model.getProperties().put(SnoPolymorphic.PROPERTY, SnoOpenApiSchemas.id(meta.value()));
        }
        return schema;
    }

    /** The base type: a model of its own holding only the {@code oneOf}, and a reference to it. */
    private static Schema<?> base(Class<?> base, SnoPolymorphic poly, ModelConverterContext context) {
        ComposedSchema oneOf = new ComposedSchema();
        StringBuilder which = new StringBuilder();
        for (Class<?> sub : poly.value()) {
            Schema<?> resolved = context.resolve(new AnnotatedType(sub).resolveAsRef(true));
            String name = resolved == null ? null : resolved.get$ref() != null
                    ? resolved.get$ref().substring(resolved.get$ref().lastIndexOf('/') + 1) : resolved.getName();
            if (name == null) {
                continue;
            }
            oneOf.addOneOfItem(new Schema<>().$ref(Components.COMPONENTS_SCHEMAS_REF + name));
            SnoMeta meta = sub.getAnnotation(SnoMeta.class);
            which.append(which.length() == 0 ? "" : ", ").append(name).append(" (metabyte ")
                    .append(meta == null ? "?" : String.valueOf(meta.value())).append(')');
        }
        oneOf.setDescription("One of " + which + ": the metabyte of \"" + SnoPolymorphic.PROPERTY
                + "\" (characters 9 and 10 of the ID) picks the subtype.");
        String name = base.getSimpleName();
        context.defineModel(name, oneOf, base, null);
        return new Schema<>().$ref(Components.COMPONENTS_SCHEMAS_REF + name);
    }
}
