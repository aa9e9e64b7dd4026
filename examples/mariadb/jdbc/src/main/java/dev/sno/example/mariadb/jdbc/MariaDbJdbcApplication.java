package dev.sno.example.mariadb.jdbc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A Spring MVC and Spring Data JDBC service on MariaDB whose events have sno IDs in BINARY(16). */
@SpringBootApplication
public class MariaDbJdbcApplication {

    /**
     * Starts the service.
     *
     * @param args  Spring Boot's arguments
     */
    public static void main(String[] args) {
        SpringApplication.run(MariaDbJdbcApplication.class, args);
    }
}
