package dev.sno.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

class OpenApiHttpTest {
    private static ConfigurableApplicationContext app;
    private static String base;

    @BeforeAll
    static void start() {
        app = SpringApplication.run(ExampleApplication.class, "--server.port=0", "--server.address=127.0.0.1",
                "--spring.datasource.url=jdbc:h2:mem:openapi;DB_CLOSE_DELAY=-1");
        base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void dump() throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/v3/api-docs")).build(),
                HttpResponse.BodyHandlers.ofString());
        Files.writeString(Path.of("target/api-docs.json"), r.body());
        assertEquals(200, r.statusCode());
    }
}
