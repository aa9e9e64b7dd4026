package dev.sno.example.jpa;

import dev.sno.SnoId;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

/** Derived and native queries with SnoId. */
public interface PersonRepository extends JpaRepository<Person, SnoId> {

    List<Person> findByManagerOrderById(SnoId manager);

    @Query(value = "select * from example_person order by id", nativeQuery = true)
    List<Person> findAllNativeInIdOrder();

    /**
     * A derived query over a time window: bound from request parameters into a SnoIdRange by the
     * starter, passed as {@code (range.from(), range.last())}; BETWEEN is inclusive at both ends.
     */
    List<Person> findByIdBetweenOrderById(SnoId first, SnoId last);
}
