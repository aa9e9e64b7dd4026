package dev.sno.spring.boot;

import org.springframework.core.MethodParameter;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.codec.CodecException;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;

/**
 * Spring WebFlux advice: a malformed {@code SnoId} in a path variable, request parameter or JSON
 * body, or a bad time window (see {@link SnoTimeWindow}), answers 400 with a problem detail whose {@code detail} names the value and what is wrong
 * with it, as {@link SnoProblems} does for Spring MVC. Other failures are rethrown to the
 * application's and Spring's handlers.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public final class SnoReactiveProblems {

    /** Created by the auto-configuration. */
    SnoReactiveProblems() {
    }

    /**
     * Request input (path variable, request parameter, body) that is not a sno ID, or a bad
     * time window.
     *
     * @param e         the failure
     * @param exchange  the exchange, for the problem's instance
     * @return 400 naming the value, and the parameter where known
     * @throws ServerWebInputException e itself, if not about a {@code SnoId}
     */
    @ExceptionHandler(ServerWebInputException.class)
    public ProblemDetail input(ServerWebInputException e, ServerWebExchange exchange) throws ServerWebInputException {
        ProblemDetail window = SnoProblems.timeWindow(e);
        if (window != null) {
            return at(window, exchange);
        }
        String detail = SnoProblems.detail(e);
        if (detail == null) {
            throw e;
        }
        ProblemDetail problem = SnoProblems.invalidId(detail);
        MethodParameter parameter = e.getMethodParameter();
        if (parameter != null && parameter.getParameterName() != null) {
            problem.setProperty("parameter", parameter.getParameterName());
        }
        return at(problem, exchange);
    }

    /**
     * A request body that the JSON codec could not map to its type for want of an {@code id}: an
     * abstract {@link dev.sno.jackson.SnoPolymorphic} base read with
     * {@code spring.jackson.mapper.require-type-id-for-subtypes=false} (a {@code CodecException}
     * that is not a decoding error, a 500 otherwise).
     *
     * @param e         the failure
     * @param exchange  the exchange, for the problem's instance
     * @return 400 saying the id is missing
     * @throws CodecException e itself, if not about a {@code SnoId}
     */
    @ExceptionHandler(CodecException.class)
    public ProblemDetail codec(CodecException e, ServerWebExchange exchange) throws CodecException {
        String detail = SnoProblems.detail(e);
        if (detail == null) {
            throw e;
        }
        return at(SnoProblems.invalidId(detail), exchange);
    }

    /** The problem with its {@code instance}: the request's path, bounded. */
    private static ProblemDetail at(ProblemDetail problem, ServerWebExchange exchange) {
        problem.setInstance(SnoProblems.instance(exchange.getRequest().getPath().value()));
        return problem;
    }
}
