package dev.sno.micronaut.data;

import dev.sno.SnoId;

/** What the tests read from a reading, whichever converter maps its ID. */
public interface Row {

    /** The ID. */
    SnoId id();

    /** The text. */
    String text();
}
