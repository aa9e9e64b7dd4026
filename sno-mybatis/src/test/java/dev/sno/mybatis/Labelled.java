package dev.sno.mybatis;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;

/** Marks the ID on an interface's abstract getter, which {@link Tag} implements by way of {@link Tagged}. */
public interface Labelled {

    /**
     * The ID, filled on insert when null.
     *
     * @return the ID
     */
    @SnoGeneratedId(meta = 11)
    SnoId getId();
}
