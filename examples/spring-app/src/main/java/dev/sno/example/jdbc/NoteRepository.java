package dev.sno.example.jdbc;

import dev.sno.SnoId;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** Spring Data JDBC with a SnoId identifier. */
public interface NoteRepository extends ListCrudRepository<Note, SnoId> {

    List<Note> findByAuthor(SnoId author);
}
