package dev.sno.spring.boot;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import kotlinx.serialization.json.JsonElement;
import kotlinx.serialization.json.JsonElementKt;
import kotlinx.serialization.json.JsonNull;
import kotlinx.serialization.json.JsonObject;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;

/**
 * Writes a {@link ProblemDetail} as RFC 9457 JSON with kotlinx.serialization's JSON elements, for
 * a Spring MVC application whose only JSON library is kotlinx.serialization: Spring writes
 * {@code ProblemDetail} with Jackson (its mix-in) and not with its kotlinx converter, so without
 * this the starter's 400 answers for malformed IDs, and every other problem detail, would go out
 * with an empty body. {@code type} (unless {@code about:blank}), {@code title}, {@code status},
 * {@code detail}, {@code instance}, then the properties, as Jackson writes them; a property value
 * that is not a string, number or boolean is written as its {@code toString()}. Writes only.
 */
final class SnoProblemDetailConverter extends AbstractHttpMessageConverter<ProblemDetail> {

    private static final URI BLANK = URI.create("about:blank");

    /** application/problem+json and application/json, in UTF-8 (JSON's own, so no charset parameter, as Jackson's). */
    SnoProblemDetailConverter() {
        super(MediaType.APPLICATION_PROBLEM_JSON, MediaType.APPLICATION_JSON);
    }

    @Override
    protected boolean supports(Class<?> clazz) {
        return ProblemDetail.class.isAssignableFrom(clazz);
    }

    @Override
    protected boolean canRead(MediaType mediaType) {
        return false;
    }

    @Override
    protected ProblemDetail readInternal(Class<? extends ProblemDetail> clazz, HttpInputMessage input) {
        throw new HttpMessageNotReadableException("SnoProblemDetailConverter only writes problem details", input);
    }

    @Override
    protected void writeInternal(ProblemDetail problem, HttpOutputMessage output) throws IOException {
        output.getBody().write(json(problem).getBytes(StandardCharsets.UTF_8));
    }

    /** The problem as JSON text. */
    static String json(ProblemDetail problem) {
        Map<String, JsonElement> fields = new LinkedHashMap<>();
        URI type = problem.getType(); // about:blank by default in Spring 6, null (meaning the same) in 7
        if (type != null && !BLANK.equals(type)) {
            fields.put("type", JsonElementKt.JsonPrimitive(type.toString()));
        }
        if (problem.getTitle() != null) {
            fields.put("title", JsonElementKt.JsonPrimitive(problem.getTitle()));
        }
        fields.put("status", JsonElementKt.JsonPrimitive(problem.getStatus()));
        if (problem.getDetail() != null) {
            fields.put("detail", JsonElementKt.JsonPrimitive(problem.getDetail()));
        }
        if (problem.getInstance() != null) {
            fields.put("instance", JsonElementKt.JsonPrimitive(problem.getInstance().toString()));
        }
        if (problem.getProperties() != null) {
            problem.getProperties().forEach((name, value) -> fields.putIfAbsent(name, element(value)));
        }
        return new JsonObject(fields).toString();
    }

    private static JsonElement element(Object value) {
        if (value == null) {
            return JsonNull.INSTANCE;
        }
        if (value instanceof Number n) {
            return JsonElementKt.JsonPrimitive(n);
        }
        if (value instanceof Boolean b) {
            return JsonElementKt.JsonPrimitive(b);
        }
        return JsonElementKt.JsonPrimitive(value.toString());
    }
}
