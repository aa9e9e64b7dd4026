package dev.sno.example.mariadb.jpa;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A Spring MVC and Spring Data JPA service on MariaDB whose events have sno IDs in BINARY(16). */
@SpringBootApplication
public class MariaDbJpaApplication {

    /**
     * Starts the service.
     *
     * @param args  Spring Boot's arguments
     */
    public static void main(String[] args) {
        SpringApplication.run(MariaDbJpaApplication.class, args);
    }
}
