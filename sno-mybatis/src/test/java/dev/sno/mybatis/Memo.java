package dev.sno.mybatis;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;

/** A record: MyBatis cannot set its ID, so a null one is refused on insert. */
public record Memo(@SnoGeneratedId(meta = 3) SnoId id, String body) {
}
