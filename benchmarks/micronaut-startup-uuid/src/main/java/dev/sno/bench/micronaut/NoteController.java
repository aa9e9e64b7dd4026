package dev.sno.bench.micronaut;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.serde.annotation.Serdeable;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

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

    @Get("/{id}")
    public Optional<Note> find(UUID id) {
        return notes.findById(id);
    }

    @Get
    public List<Note> all() {
        return notes.findAllOrderById();
    }
}
