package dev.sno.example.mariadb.r2dbc;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import org.springframework.data.r2dbc.core.R2dbcEntityTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The events API. */
@RestController
@RequestMapping("/events")
public class EventController {

    /** A new event's fields. */
    public record NewEvent(String title) {
    }

    private final EventRepository events;
    private final R2dbcEntityTemplate template;

    /**
     * The controller.
     *
     * @param events    the repository
     * @param template  Spring Data R2DBC's template, for inserts of events that have their ID
     */
    public EventController(EventRepository events, R2dbcEntityTemplate template) {
        this.events = events;
        this.template = template;
    }

    /**
     * Creates an event; its ID is generated.
     *
     * @param event  the title
     * @return the event
     */
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Event> create(@RequestBody NewEvent event) {
        return events.save(new Event(null, event.title()));
    }

    /**
     * Imports an event with the ID it already has ({@code save} would take it for an update).
     *
     * @param event  the ID and title
     * @return the event
     */
    @PostMapping("/import")
    @ResponseStatus(HttpStatus.CREATED)
    public Mono<Event> importEvent(@RequestBody Event event) {
        return template.insert(event);
    }

    /**
     * One event.
     *
     * @param id  its ID
     * @return the event, or 404
     */
    @GetMapping("/{id}")
    public Mono<ResponseEntity<Event>> get(@PathVariable SnoId id) {
        return events.findById(id).map(ResponseEntity::ok).defaultIfEmpty(ResponseEntity.notFound().build());
    }

    /**
     * All events, in ID order.
     *
     * @return the events
     */
    @GetMapping
    public Flux<Event> all() {
        return events.findAllByOrderByIdAsc();
    }

    /**
     * The events created in a time window ({@code from}, {@code to}: ISO-8601 instants, bound by
     * the starter), in ID order.
     *
     * @param window  the IDs of the window
     * @return the events
     */
    @GetMapping("/window")
    public Flux<Event> window(SnoIdRange window) {
        return window.isEmpty() ? Flux.empty() : events.findByIdBetweenOrderById(window.from(), window.last());
    }
}
