package dev.sno.micronaut.data;

import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.r2dbc.annotation.R2dbcRepository;

/** Reactive readings (R2DBC) in SQL of the MYSQL dialect (MariaDB), BINARY(16) IDs. */
@R2dbcRepository(dialect = Dialect.MYSQL)
public interface MySqlR2dbcReadings extends ReactiveReadings<BinaryReading> {
}
