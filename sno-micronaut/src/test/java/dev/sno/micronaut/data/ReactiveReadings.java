package dev.sno.micronaut.data;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.repository.reactive.ReactorCrudRepository;
import reactor.core.publisher.Flux;

/**
 * What every database's reactive repository of readings has (Micronaut Data R2DBC); each
 * subinterface names its dialect and its entity (the ID's converter).
 */
public interface ReactiveReadings<E extends Row> extends ReactorCrudRepository<E, SnoId> {

    /** Every reading in the database's order of the ID column. */
    @Query("SELECT * FROM sno_reading ORDER BY id")
    Flux<E> ordered();

    /** Readings whose IDs lie in [from, last], both inclusive, by ID. */
    Flux<E> findByIdBetweenOrderById(SnoId from, SnoId last);

    /** Readings whose IDs lie in the range, by ID. */
    default Flux<E> findIn(SnoIdRange range) {
        return range.isEmpty() ? Flux.empty() : findByIdBetweenOrderById(range.from(), range.last());
    }
}
