package dev.sno.example.micronaut;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.CrudRepository;
import java.util.List;

@JdbcRepository(dialect = Dialect.POSTGRES)
public interface NoteRepository extends CrudRepository<Note, SnoId> {

    List<Note> findByIdBetweenOrderById(SnoId from, SnoId last);

    /** The notes whose IDs lie in the range: for a time window, the notes created in it. */
    default List<Note> findIn(SnoIdRange range) {
        return range.isEmpty() ? List.of() : findByIdBetweenOrderById(range.from(), range.last());
    }
}
