package dev.sno.spring.boot;

import dev.sno.SnoId;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.Collection;
import org.springdoc.core.customizers.ParameterCustomizer;
import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;

/**
 * springdoc's parameter customizer for {@link SnoId} path variables, request parameters and
 * headers, alone or as the elements of a list, set or array, optionally in an
 * {@code Optional}. springdoc describes such a parameter by the type Spring's conversion reads
 * it from, a bare string (the starter's formatter converts from {@code String}), so the model
 * converter never sees it; this puts the sno ID schema in its place.
 */
final class SnoOpenApiParameters implements ParameterCustomizer {

    @Override
    public Parameter customize(Parameter parameter, MethodParameter method) {
        if (parameter == null || parameter.get$ref() != null) {
            return parameter;
        }
        ResolvableType type = ResolvableType.forMethodParameter(method.nestedIfOptional());
        if (type.resolve() == SnoId.class) {
            parameter.setSchema(SnoOpenApiSchemas.id());
        } else if (elementIsId(type)) {
            Schema<?> schema = parameter.getSchema();
            if (schema == null || schema.getItems() == null) {
                schema = new ArraySchema();
                schema.typesItem("array");
                parameter.setSchema(schema);
            }
            schema.setItems(SnoOpenApiSchemas.id());
        }
        return parameter;
    }

    /** Whether the type is an array or collection of sno IDs. */
    private static boolean elementIsId(ResolvableType type) {
        if (type.isArray()) {
            return type.getComponentType().resolve() == SnoId.class;
        }
        Class<?> raw = type.resolve();
        return raw != null && Collection.class.isAssignableFrom(raw)
                && type.as(Collection.class).getGeneric(0).resolve() == SnoId.class;
    }
}
