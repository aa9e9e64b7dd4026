package dev.sno.example.jdbc;

import dev.sno.SnoId;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** Spring Data JDBC with a SnoId identifier. */
public interface NoteRepository extends ListCrudRepository<Note, SnoId> {

    List<Note> findByAuthor(SnoId author);

    /** Spring Data JDBC's derived query over a key range, inclusive at both ends. */
    List<Note> findByIdBetweenOrderById(SnoId first, SnoId last);
}
