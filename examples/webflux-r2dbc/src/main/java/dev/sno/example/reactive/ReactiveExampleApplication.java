package dev.sno.example.reactive;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A WebFlux and Spring Data R2DBC service whose tickets have sno IDs. */
@SpringBootApplication
public class ReactiveExampleApplication {

    /**
     * Starts the service.
     *
     * @param args  Spring Boot's arguments
     */
    public static void main(String[] args) {
        SpringApplication.run(ReactiveExampleApplication.class, args);
    }
}
