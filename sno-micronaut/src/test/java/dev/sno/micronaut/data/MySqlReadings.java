package dev.sno.micronaut.data;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;

/** Readings in SQL of the MYSQL dialect (MariaDB and MySQL). */
@JdbcRepository(dialect = Dialect.MYSQL)
public interface MySqlReadings extends Readings<BinaryReading> {
}
