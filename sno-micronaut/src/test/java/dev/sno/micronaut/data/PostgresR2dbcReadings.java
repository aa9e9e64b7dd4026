package dev.sno.micronaut.data;

import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.r2dbc.annotation.R2dbcRepository;

/** Reactive readings (R2DBC) in SQL of the POSTGRES dialect, UUID IDs. */
@R2dbcRepository(dialect = Dialect.POSTGRES)
public interface PostgresR2dbcReadings extends ReactiveReadings<Reading> {
}
