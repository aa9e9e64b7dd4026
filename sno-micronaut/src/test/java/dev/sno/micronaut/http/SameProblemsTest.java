package dev.sno.micronaut.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sno.testsupport.ProblemCases;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The same malformed requests answer the same problem bodies as the Quarkus extension's
 * ({@code sno-quarkus-deployment}'s {@code HttpTest.sameProblemBodiesAsMicronaut} holds Quarkus to
 * the same {@link ProblemCases}), but for the {@code instance} member, which only Micronaut writes.
 * Runs on Micronaut Serialization (the polymorphic bodies read by {@link SnoPolymorphicDeserializer})
 * and again on Jackson databind (by sno-jackson's module).
 */
@MicronautTest
@Property(name = "micronaut.server.port", value = "-1")
@Property(name = "micronaut.server.host", value = "127.0.0.1")
@Property(name = "test.app", value = "http")
@Property(name = "sno.install", value = "false") // one context of many in this JVM
@Property(name = "sno.partition", value = "1")
class SameProblemsTest {

    @Inject
    EmbeddedServer server;

    @Test
    void sameBodiesAsQuarkus() throws IOException {
        RawHttp http = new RawHttp(server.getURL());
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        for (ProblemCases.Case c : ProblemCases.CASES) {
            RawHttp.Answer a = "POST".equals(c.method()) ? http.post(c.target(), c.json())
                    : c.header() == null ? http.get(c.target()) : http.get(c.target(), c.header());
            String label = c.method() + " " + c.target() + " " + c.json() + " -> ";
            expected.append(label).append("400 application/problem+json ")
                    .append(c.expected().replace("%PARTY%", HttpApp.Party.class.getName())).append('\n');
            String path = c.target().contains("?") ? c.target().substring(0, c.target().indexOf('?')) : c.target();
            actual.append(label).append(a.status()).append(' ').append(a.contentType()).append(' ')
                    .append(a.body().replace(",\"instance\":\"" + path + "\"", "")).append('\n');
        }
        assertEquals(expected.toString(), actual.toString());
    }
}
