package dev.sno.micronaut.data;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;

/** Readings in SQL of the POSTGRES dialect. */
@JdbcRepository(dialect = Dialect.POSTGRES)
public interface PostgresReadings extends Readings<Reading> {
}
