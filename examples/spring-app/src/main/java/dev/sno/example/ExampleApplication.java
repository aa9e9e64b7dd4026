package dev.sno.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * A small service with sno IDs everywhere: JPA entities ({@code jpa}), Spring Data JDBC
 * aggregates ({@code jdbc}), plain {@code JdbcClient} queries, JSON, path variables and request
 * parameters. The same code runs on Spring Boot 3.5 (examples/spring-boot3) and 4
 * (examples/spring-boot4); all it needs from sno is the starter and {@code sno.partition}.
 */
@SpringBootApplication
@EnableJpaRepositories("dev.sno.example.jpa")
@EnableJdbcRepositories("dev.sno.example.jdbc")
public class ExampleApplication {

    /**
     * Starts the service.
     *
     * @param args  Spring Boot arguments, for example {@code --server.port=8080}
     */
    public static void main(String[] args) {
        SpringApplication.run(ExampleApplication.class, args);
    }
}
