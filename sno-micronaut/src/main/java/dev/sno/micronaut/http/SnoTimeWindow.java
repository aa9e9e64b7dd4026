package dev.sno.micronaut.http;

import dev.sno.config.TimeWindowInput;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the query values of a controller's {@link dev.sno.SnoIdRange} parameter.
 *
 * <p>With sno-micronaut, a controller method parameter of type {@code SnoIdRange} is bound from
 * two query values holding ISO-8601 instants, {@code from} and {@code to} unless this annotation
 * names others, through sno-core's {@link dev.sno.config.TimeWindowInput}: the range of the IDs
 * whose time lies in {@code [from, to)}, as the Spring Boot starter and sno-kotlin's Ktor plugin
 * bind it. Before the method runs, a value that is not an instant, a time outside the sno range or
 * a window that ends before it starts answers 400 with a problem ({@code application/problem+json},
 * title {@code Invalid time window}) naming the query value and quoting it; a missing value
 * answers Micronaut's own 400 for a required argument. A window shorter than one 4 ms unit can be
 * empty; {@link dev.sno.SnoIdRange#last()} of an empty window throws.
 *
 * <pre>{@code
 * @Get("/orders")
 * List<Order> orders(@SnoTimeWindow(from = "since", to = "until") SnoIdRange window) {
 *     return window.isEmpty() ? List.of() : orders.findByIdBetween(window.from(), window.last());
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface SnoTimeWindow {

    /**
     * The query value holding the window's start, inclusive.
     *
     * @return its name
     */
    String from() default TimeWindowInput.FROM;

    /**
     * The query value holding the window's end, exclusive.
     *
     * @return its name
     */
    String to() default TimeWindowInput.TO;
}
