package dev.sno.example.mariadb.jpa;

import dev.sno.SnoId;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.transaction.annotation.Transactional;

/** The events, with derived queries over their IDs. */
public interface EventRepository extends JpaRepository<Event, SnoId> {

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

    /**
     * Inserts an event that already has its ID (an import): the generator gives IDs only to new
     * entities, so the row is written with a native insert, its ID bound by Hibernate's type.
     *
     * @param id     the ID
     * @param title  the title
     */
    @Modifying
    @Transactional
    @Query(value = "INSERT INTO events (id, title) VALUES (:id, :title)", nativeQuery = true)
    void insert(SnoId id, String title);
}
