package dev.sno.example.mariadb.jdbc;

import dev.sno.SnoId;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** The events, with derived queries over their IDs. */
public interface EventRepository extends ListCrudRepository<Event, SnoId> {

    /**
     * All events in ID order (creation order).
     *
     * @return the events
     */
    List<Event> findAllByOrderByIdAsc();

    /**
     * The events whose IDs lie in [first, last], in ID order.
     *
     * @param first  the lowest ID
     * @param last   the highest ID
     * @return the events
     */
    List<Event> findByIdBetweenOrderById(SnoId first, SnoId last);
}
