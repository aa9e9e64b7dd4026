package dev.sno.bench.micronaut;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.util.List;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface NoteRepository extends CrudRepository<Note, UUID> {

    /** A random UUID holds no time: the example's time window has no counterpart, so this lists all. */
    List<Note> findAllOrderById();
}
