package dev.sno.jackson.testmodel;

import dev.sno.SnoId;
import java.util.List;

/** Bodies with sno IDs in fields and lists, for the tests of SnoJsonError. */
public final class Bodies {

    private Bodies() {
    }

    /** A body with a malformed ID inside an object. */
    public static final class Owned {
        /** The owner. */
        public Holder owner;
    }

    /** An object holding an ID. */
    public static final class Holder {
        /** The ID. */
        public SnoId id;
    }

    /** A body with a list of IDs. */
    public static final class Listed {
        /** The IDs. */
        public List<SnoId> ids;
    }

    /** A body with a number that is not a SnoId. */
    public static final class Counted {
        /** A count. */
        public int count;
    }
}
