package dev.sno.example.mariadb.r2dbc;

import dev.sno.SnoId;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

/** The events, with derived queries over their IDs. */
public interface EventRepository extends ReactiveCrudRepository<Event, SnoId> {

    /**
     * All events in ID order (creation order).
     *
     * @return the events
     */
    Flux<Event> findAllByOrderByIdAsc();

    /**
     * The events whose IDs lie in [first, last], in ID order.
     *
     * @param first  the lowest ID
     * @param last   the highest ID
     * @return the events
     */
    Flux<Event> findByIdBetweenOrderById(SnoId first, SnoId last);
}
