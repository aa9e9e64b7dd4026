package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SnoTest {

    @Test
    void nextUsesTheSharedGeneratorsPartitionAndTheCurrentTime() {
        Instant before = SnoId.firstAt(Instant.now()).time();
        SnoId a = Sno.next(7);
        SnoId b = Sno.next();
        Instant after = Instant.now();
        assertEquals(7, a.meta());
        assertEquals(0, b.meta());
        assertEquals(Sno.partition(), a.partition());
        assertEquals(Sno.partition(), b.partition());
        assertFalse(a.time().isBefore(before));
        assertFalse(b.time().isAfter(after));
    }

    @Test
    void nextNeverRepeatsWithinTheProcess() {
        Set<SnoId> ids = new HashSet<>();
        for (int i = 0; i < 200_000; i++) {
            assertTrue(ids.add(Sno.next(1)));
        }
    }

    @Test
    void nextWithTimeUsesTheGivenTime() {
        Instant t = Instant.parse("2012-12-12T12:12:12.123Z");
        SnoId id = Sno.nextWithTime(4, t);
        assertEquals(Instant.parse("2012-12-12T12:12:12.120Z"), id.time());
        assertEquals(4, id.meta());
        assertFalse(id.tickTock());
        assertThrows(InvalidSnoIdException.class, () -> Sno.next(300));
        assertThrows(InvalidSnoIdException.class, () -> Sno.nextWithTime(0, Instant.EPOCH));
    }
}
