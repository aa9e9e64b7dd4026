package dev.sno.example.mariadb.jpa;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** The events API. */
@RestController
@RequestMapping("/events")
public class EventController {

    /** A new event's fields. */
    public record NewEvent(String title) {
    }

    /** An event as the API shows it, and as an import gives it. */
    public record EventView(SnoId id, String title) {
        static EventView of(Event e) {
            return new EventView(e.getId(), e.getTitle());
        }
    }

    private final EventRepository events;

    /**
     * The controller.
     *
     * @param events  the repository
     */
    public EventController(EventRepository events) {
        this.events = events;
    }

    /**
     * Creates an event; its ID is generated.
     *
     * @param event  the title
     * @return the event
     */
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public EventView create(@RequestBody NewEvent event) {
        return EventView.of(events.save(new Event(event.title())));
    }

    /**
     * Imports an event with the ID it already has.
     *
     * @param event  the ID and title
     * @return the event as stored
     */
    @PostMapping("/import")
    @ResponseStatus(HttpStatus.CREATED)
    public EventView importEvent(@RequestBody EventView event) {
        events.insert(event.id(), event.title());
        return events.findById(event.id()).map(EventView::of).orElseThrow();
    }

    /**
     * One event.
     *
     * @param id  its ID
     * @return the event, or 404
     */
    @GetMapping("/{id}")
    public ResponseEntity<EventView> get(@PathVariable SnoId id) {
        return ResponseEntity.of(events.findById(id).map(EventView::of));
    }

    /**
     * All events, in ID order.
     *
     * @return the events
     */
    @GetMapping
    public List<EventView> all() {
        return events.findAllByOrderByIdAsc().stream().map(EventView::of).toList();
    }

    /**
     * The events created in a time window ({@code from}, {@code to}: ISO-8601 instants, bound by
     * the starter), in ID order.
     *
     * @param window  the IDs of the window
     * @return the events
     */
    @GetMapping("/window")
    public List<EventView> window(SnoIdRange window) {
        return window.isEmpty() ? List.of()
                : events.findByIdBetweenOrderById(window.from(), window.last()).stream().map(EventView::of).toList();
    }
}
