package dev.sno.example.jpa;

import dev.sno.SnoId;
import dev.sno.jdbc.SnoIdRange;
import dev.sno.jdbc.SnoJdbc;
import java.time.Instant;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** Derived, JPQL and native queries with SnoId. */
public interface PersonRepository extends JpaRepository<Person, SnoId> {

    List<Person> findByManagerOrderById(SnoId manager);

    @Query("select p from Person p where p.id >= :from and p.id < :to order by p.id")
    List<Person> findInRange(@Param("from") SnoId from, @Param("to") SnoId to);

    @Query(value = "select * from example_person order by id", nativeQuery = true)
    List<Person> findAllNativeInIdOrder();

    /** Everyone created in [from, to), through the primary key. */
    default List<Person> createdBetween(Instant from, Instant to) {
        SnoIdRange window = SnoJdbc.timeWindow(from, to);
        return findInRange(window.from(), window.to());
    }
}
