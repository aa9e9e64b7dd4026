package dev.sno.example;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.jdbc.SnoJdbc;
import dev.sno.example.jdbc.Note;
import dev.sno.example.jdbc.NoteRepository;
import dev.sno.example.jpa.Person;
import dev.sno.example.jpa.PersonRepository;
import dev.sno.spring.boot.SnoTimeWindow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Every way a SnoId reaches a controller, and every way it reaches the database. */
@RestController
public class PeopleController {

    private final PersonRepository people;
    private final NoteRepository notes;
    private final JdbcClient jdbc;
    private final JdbcTemplate template;

    public PeopleController(PersonRepository people, NoteRepository notes, JdbcClient jdbc, JdbcTemplate template) {
        this.people = people;
        this.notes = notes;
        this.jdbc = jdbc;
        this.template = template;
    }

    /** JSON body in (with a SnoId field), JSON out; the ID comes from @SnoGeneratedId. */
    @PostMapping("/people")
    public Person create(@RequestBody Person person) {
        return people.save(person);
    }

    /** SnoId as a path variable. */
    @GetMapping("/people/{id}")
    public ResponseEntity<Person> get(@PathVariable SnoId id) {
        return ResponseEntity.of(people.findById(id));
    }

    /** Spring Data's DomainClassConverter: the path variable converted to a SnoId, then loaded. */
    @GetMapping("/people/{id}/entity")
    public ResponseEntity<Person> entity(@PathVariable("id") Optional<Person> person) {
        // Optional: an ID no row has is a 404; a bare Person would be a "missing path variable" 400
        return ResponseEntity.of(person);
    }

    /** SnoId as a request parameter: a derived query. */
    @GetMapping("/people")
    public List<Person> byManager(@RequestParam SnoId manager) {
        return people.findByManagerOrderById(manager);
    }

    /**
     * A time window over the primary key: ?from=...&to=... (ISO-8601 instants) bound into a
     * SnoIdRange by the starter, a bad window answered 400 before this runs; JPA derived query.
     */
    @GetMapping("/people/created")
    public List<Person> created(SnoIdRange window) {
        return window.isEmpty() ? List.of() : people.findByIdBetweenOrderById(window.from(), window.last());
    }

    /** The names of the people found, by ID, and the IDs of those not found. */
    public record Names(Map<SnoId, String> names, List<SnoId> missing) {
    }

    /** Several people at once: a list of SnoIds as a request parameter (?ids=a,b or ?ids=a&ids=b). */
    @GetMapping("/people/names")
    public Names names(@RequestParam List<SnoId> ids) {
        Map<SnoId, String> names = new LinkedHashMap<>();
        people.findAllById(ids).forEach(p -> names.put(p.getId(), p.getName()));
        return new Names(names, ids.stream().filter(id -> !names.containsKey(id)).toList());
    }

    /** A native query in ID order. */
    @GetMapping("/people/native")
    public List<Person> all() {
        return people.findAllNativeInIdOrder();
    }

    /** A row of example_person read with JdbcClient. */
    public record PersonRow(SnoId id, String name, SnoId manager) {
    }

    /**
     * JdbcClient and JdbcTemplate: SnoIds read from UUID columns into a record, as a single
     * column, and with sno-jdbc's strict reader; a SnoId parameter bound as its UUID.
     */
    @GetMapping("/jdbc/people/{id}")
    public ResponseEntity<Map<String, Object>> jdbc(@PathVariable SnoId id) {
        // optional(), not single(): no row is a 404, not an EmptyResultDataAccessException (a 500)
        Optional<PersonRow> found = jdbc.sql("select id, name, manager from example_person where id = ?")
                .param(id.toUuid()).query(PersonRow.class).optional();
        if (found.isEmpty()) {
            return ResponseEntity.notFound().build();
        }
        PersonRow row = found.get();
        SnoId viaTemplate = template.queryForObject("select id from example_person where id = ?", SnoId.class,
                id.toUuid());
        SnoId viaReader = jdbc.sql("select id from example_person where name = :name").param("name", row.name())
                .query((rows, n) -> SnoJdbc.getSnoId(rows, 1)).single();
        return ResponseEntity.ok(Map.of("row", row, "template", viaTemplate, "reader", viaReader));
    }

    /** Spring Data JDBC: the starter assigns the ID. */
    @PostMapping("/notes")
    public Note note(@RequestBody Note note) {
        return notes.save(note);
    }

    /** Spring Data JDBC: find by SnoId. */
    @GetMapping("/notes/{id}")
    public ResponseEntity<Note> note(@PathVariable SnoId id) {
        return ResponseEntity.of(notes.findById(id));
    }

    /** Spring Data JDBC: a derived query with a SnoId parameter. */
    @GetMapping("/notes")
    public List<Note> notesBy(@RequestParam SnoId author) {
        return notes.findByAuthor(author);
    }

    /** A time window with its own parameter names, ?since=...&until=...; Spring Data JDBC. */
    @GetMapping("/notes/written")
    public List<Note> written(@SnoTimeWindow(from = "since", to = "until") SnoIdRange window) {
        return window.isEmpty() ? List.of() : notes.findByIdBetweenOrderById(window.from(), window.last());
    }
}
