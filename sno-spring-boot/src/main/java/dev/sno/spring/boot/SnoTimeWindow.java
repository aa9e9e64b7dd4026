package dev.sno.spring.boot;

import dev.sno.config.TimeWindowInput;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the request parameters of a controller's {@link dev.sno.SnoIdRange} parameter.
 *
 * <p>With the starter, a handler method parameter of type {@code SnoIdRange} (Spring MVC or
 * WebFlux) is bound from two request parameters holding ISO-8601 instants, {@code from} and
 * {@code to} unless this annotation names others, through
 * {@link dev.sno.SnoIdRange#timeWindow}: the range of the IDs whose time lies in
 * {@code [from, to)}, as Spring Data binds a {@code Pageable}. Before the handler runs, a value
 * that is not an instant, a time outside the sno range or a window that ends before it starts
 * answers 400 with a problem detail naming the parameter and the value; a missing parameter
 * answers Spring's own 400, as for a missing {@code @RequestParam}. The values in a message are
 * quoted as sent. {@code sno.web.time-windows=false} turns the binding off. A window shorter than
 * one 4 ms unit can be empty; {@link dev.sno.SnoIdRange#last()} of an empty window throws.
 *
 * <pre>{@code
 * @GetMapping("/orders")
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
     * The request parameter holding the window's start, inclusive.
     *
     * @return its name
     */
    String from() default TimeWindowInput.FROM;

    /**
     * The request parameter holding the window's end, exclusive.
     *
     * @return its name
     */
    String to() default TimeWindowInput.TO;
}
