package dev.sno.spring.boot.jdbc;

import dev.sno.SnoId;
import java.util.List;
import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.query.Param;

/** The repository of {@link SnoJdbcReading}: a window query whose parameters are IDs. */
public interface Readings extends ListCrudRepository<SnoJdbcReading, SnoId> {

    /** The readings whose ID is in [from, to), in ID order. */
    @Query("SELECT * FROM sno_jdbc_reading WHERE id >= :from AND id < :to ORDER BY id")
    List<SnoJdbcReading> window(@Param("from") SnoId from, @Param("to") SnoId to);

    /** All, in ID order. */
    @Query("SELECT * FROM sno_jdbc_reading ORDER BY id")
    List<SnoJdbcReading> ordered();
}
