package dev.sno.spring.boot.r2dbc;

import dev.sno.SnoId;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

/** The repositories of the R2DBC tests. */
public final class Repositories {

    private Repositories() {
    }

    /** Notes, with a derived query over their IDs. */
    public interface Notes extends ReactiveCrudRepository<Note, SnoId> {
        /**
         * The notes after an ID, in ID order.
         *
         * @param after  exclusive lower bound
         * @return the notes
         */
        Flux<Note> findByIdGreaterThanOrderById(SnoId after);
    }

    /** Tags. */
    public interface Tags extends ReactiveCrudRepository<Tag, SnoId> {
    }

    /** Events. */
    public interface Events extends ReactiveCrudRepository<Event, SnoId> {
    }

    /** Untagged records. */
    public interface Untaggeds extends ReactiveCrudRepository<Untagged, SnoId> {
    }
}
