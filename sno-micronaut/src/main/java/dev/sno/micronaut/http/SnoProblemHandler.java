package dev.sno.micronaut.http;

import dev.sno.config.ProblemBody;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Secondary;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ConversionErrorHandler;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

/**
 * Answers a request whose sno ID could not be read (a path variable, query value, header or
 * cookie, one element of a list of them, a JSON body's field or the {@code id} of a
 * {@link dev.sno.jackson.SnoPolymorphic} body), or whose {@code SnoIdRange} time window could not
 * be read ({@link SnoTimeWindow}), with 400 and a problem body ({@value ProblemBody#MEDIA_TYPE},
 * sno-core's {@link ProblemBody}, the same as the Quarkus extension's) whose {@code detail} names
 * the value and what is wrong with it. Every other conversion error gets Micronaut's own answer.
 *
 * <p>Micronaut reports a value it could not bind as a {@link ConversionErrorException}; this bean
 * replaces Micronaut's {@link ConversionErrorHandler} for it and hands it what is not about a sno
 * ID. It is {@link Secondary}: an application's own handler of {@code ConversionErrorException}
 * wins, and then answers sno IDs too.
 */
@Singleton
@Secondary
@Produces
@Replaces(ConversionErrorHandler.class)
@Requires(classes = ExceptionHandler.class)
final class SnoProblemHandler implements ExceptionHandler<ConversionErrorException, HttpResponse<?>> {

    private final ConversionErrorHandler fallback;

    /**
     * Created by Micronaut.
     *
     * @param responseProcessor  Micronaut's error response processor, for other conversion errors
     */
    SnoProblemHandler(ErrorResponseProcessor<?> responseProcessor) {
        this.fallback = new ConversionErrorHandler(responseProcessor);
    }

    /**
     * A 400 problem if the failure is about a sno ID or a time window, else Micronaut's answer.
     *
     * @param request    the request
     * @param exception  the failure
     * @return the answer
     */
    @Override
    @SuppressWarnings("rawtypes") // as ExceptionHandler declares it
    public HttpResponse<?> handle(HttpRequest request, ConversionErrorException exception) {
        Problem problem = Problem.of(request, exception);
        if (problem == null) {
            return fallback.handle(request, exception);
        }
        String body = ProblemBody.badRequest(problem.title(), problem.detail(), request.getUri().getRawPath(),
                problem.parameter(), problem.in());
        return HttpResponse.badRequest(body).contentType(MediaType.of(ProblemBody.MEDIA_TYPE));
    }
}
