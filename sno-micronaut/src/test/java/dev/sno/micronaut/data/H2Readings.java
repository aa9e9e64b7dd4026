package dev.sno.micronaut.data;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;

/** Readings in SQL of the H2 dialect. */
@JdbcRepository(dialect = Dialect.H2)
public interface H2Readings extends Readings<Reading> {
}
