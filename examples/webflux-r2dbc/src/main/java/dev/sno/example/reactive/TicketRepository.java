package dev.sno.example.reactive;

import dev.sno.SnoId;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

/** Tickets in the database. */
public interface TicketRepository extends ReactiveCrudRepository<Ticket, SnoId> {

    /**
     * The tickets created after the given one, oldest first (sno IDs sort by creation time).
     *
     * @param after  exclusive lower bound
     * @return the tickets
     */
    Flux<Ticket> findByIdGreaterThanOrderById(SnoId after);
}
