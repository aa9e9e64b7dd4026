package dev.sno.micronaut.data;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.repository.CrudRepository;
import java.util.List;

/**
 * What every database's repository of readings has; each subinterface names its dialect and its
 * entity (the ID's converter).
 */
public interface Readings<E extends Row> extends CrudRepository<E, SnoId> {

    /** Every reading in the database's order of the ID column. */
    @Query("SELECT * FROM sno_reading ORDER BY id")
    List<E> ordered();

    /** Readings whose IDs lie in [from, last], both inclusive, by ID. */
    List<E> findByIdBetweenOrderById(SnoId from, SnoId last);

    /** Readings whose IDs lie in the range, by ID. */
    default List<E> findIn(SnoIdRange range) {
        return range.isEmpty() ? List.of() : findByIdBetweenOrderById(range.from(), range.last());
    }
}
