package dev.sno.example.micronaut;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.micronaut.http.SnoTimeWindow;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.serde.annotation.Serdeable;
import java.net.URI;
import java.util.List;
import java.util.Optional;

@Controller("/notes")
public class NoteController {

    /** What a client posts. */
    @Serdeable
    public record NewNote(String text) {
    }

    private final NoteRepository notes;

    public NoteController(NoteRepository notes) {
        this.notes = notes;
    }

    @Post
    public HttpResponse<Note> create(@Body NewNote note) {
        Note saved = notes.save(new Note(null, note.text()));
        return HttpResponse.created(saved, URI.create("/notes/" + saved.id()));
    }

    @Get("/{id}") // a malformed ID answers 400 problem+json, an unknown one 404
    public Optional<Note> find(SnoId id) {
        return notes.findById(id);
    }

    @Get // ?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z
    public List<Note> created(@SnoTimeWindow SnoIdRange window) {
        return notes.findIn(window);
    }
}
