package dev.sno.example.mariadb.r2dbc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A WebFlux and Spring Data R2DBC service on MariaDB whose events have sno IDs in BINARY(16). */
@SpringBootApplication
public class MariaDbR2dbcApplication {

    /**
     * Starts the service.
     *
     * @param args  Spring Boot's arguments
     */
    public static void main(String[] args) {
        SpringApplication.run(MariaDbR2dbcApplication.class, args);
    }
}
