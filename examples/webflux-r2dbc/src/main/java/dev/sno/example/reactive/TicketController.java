package dev.sno.example.reactive;

import dev.sno.SnoId;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Creates and reads tickets; a malformed ID in the path or query answers 400 (the starter's problem detail). */
@RestController
public class TicketController {

    private final TicketRepository tickets;

    /**
     * Made by Spring.
     *
     * @param tickets  the repository
     */
    public TicketController(TicketRepository tickets) {
        this.tickets = tickets;
    }

    /** What a client sends to create a ticket. */
    record NewTicket(String title) {
    }

    /**
     * Creates a ticket; its ID comes from the application's generator.
     *
     * @param body  the title
     * @return the saved ticket, with its ID
     */
    @PostMapping("/tickets")
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Ticket> create(@RequestBody NewTicket body) {
        if (body.title() == null || body.title().isBlank()) {
            return Mono.error(new ResponseStatusException(HttpStatus.BAD_REQUEST, "title is required"));
        }
        return tickets.save(new Ticket(null, body.title()));
    }

    /**
     * One ticket.
     *
     * @param id  its ID
     * @return it, or 404
     */
    @GetMapping("/tickets/{id}")
    public Mono<Ticket> read(@PathVariable SnoId id) {
        return tickets.findById(id)
                .switchIfEmpty(Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND, "no ticket " + id)));
    }

    /**
     * The tickets created after one, oldest first.
     *
     * @param after  the ID to start after
     * @return the tickets
     */
    @GetMapping("/tickets")
    public Flux<Ticket> after(@RequestParam SnoId after) {
        return tickets.findByIdGreaterThanOrderById(after);
    }
}
