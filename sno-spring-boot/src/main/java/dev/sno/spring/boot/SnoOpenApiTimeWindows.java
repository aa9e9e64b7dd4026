package dev.sno.spring.boot;

import dev.sno.SnoId;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.web.method.HandlerMethod;

/**
 * springdoc's operation customizer for {@link dev.sno.SnoIdRange} handler parameters: the
 * two query parameters the starter binds them from ({@link SnoTimeWindow}; {@code from} and
 * {@code to} unless named otherwise), required, {@code format: date-time}, in place of the one
 * object parameter springdoc would describe.
 */
final class SnoOpenApiTimeWindows implements OperationCustomizer {

    private final ParameterNameDiscoverer names = new DefaultParameterNameDiscoverer();

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        String[] declared = names.getParameterNames(handler.getMethod());
        for (MethodParameter parameter : handler.getMethodParameters()) {
            if (!TimeWindowParameters.supports(parameter)) {
                continue;
            }
            TimeWindowParameters window;
            try {
                window = TimeWindowParameters.of(parameter);
            } catch (IllegalStateException e) {
                continue; // a bad @SnoTimeWindow: calling the handler fails and says why
            }
            String name = declared == null ? null : declared[parameter.getParameterIndex()];
            if (operation.getParameters() != null && name != null) {
                operation.getParameters().removeIf(p -> name.equals(p.getName()) && !"path".equals(p.getIn()));
            }
            operation.addParametersItem(instant(window.fromName(), "The start of the time window, inclusive: the"
                    + " IDs made at or after this instant."));
            operation.addParametersItem(instant(window.toName(), "The end of the time window, exclusive: the IDs"
                    + " made before this instant. Not before " + window.fromName() + "."));
        }
        return operation;
    }

    /** A required query parameter holding an ISO-8601 instant within the sno time range. */
    private static Parameter instant(String name, String description) {
        Schema<String> schema = new StringSchema();
        schema.typesItem("string");
        schema.setFormat("date-time");
        schema.setExample("2026-11-25T12:00:00Z");
        return new Parameter().name(name).in("query").required(true).schema(schema)
                .description(description + " An ISO-8601 instant between " + SnoId.EPOCH + " and "
                        + SnoId.MAX_TIME + ".");
    }
}
