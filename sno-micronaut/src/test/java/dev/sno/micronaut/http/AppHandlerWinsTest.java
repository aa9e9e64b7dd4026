package dev.sno.micronaut.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.convert.exceptions.ConversionErrorException;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** An application's own handler of ConversionErrorException wins over sno's, sno IDs included. */
@MicronautTest
@Property(name = "micronaut.server.port", value = "-1")
@Property(name = "micronaut.server.host", value = "127.0.0.1")
@Property(name = "test.app", value = "http")
@Property(name = "sno.install", value = "false") // one context of many in this JVM
@Property(name = "sno.partition", value = "1")
@Property(name = "test.app-handler", value = "true")
class AppHandlerWinsTest {

    @Inject
    EmbeddedServer server;

    @Test
    void theApplicationsHandlerAnswers() throws IOException {
        assertEquals("418 text/plain app: id", new RawHttp(server.getURL()).get("/ids/path/bad").toString());
    }

    /** The application's handler. */
    @Singleton
    @Requires(property = "test.app-handler", value = "true")
    static final class AppHandler implements ExceptionHandler<ConversionErrorException, HttpResponse<?>> {
        @Override
        @SuppressWarnings("rawtypes")
        public HttpResponse<?> handle(HttpRequest request, ConversionErrorException exception) {
            return HttpResponse.status(HttpStatus.I_AM_A_TEAPOT).body("app: " + exception.getArgument().getName())
                    .contentType("text/plain");
        }
    }
}
