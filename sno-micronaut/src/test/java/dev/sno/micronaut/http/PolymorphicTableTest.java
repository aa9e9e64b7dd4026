package dev.sno.micronaut.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import io.micronaut.core.annotation.Introspected;
import io.micronaut.serde.exceptions.SerdeException;
import org.junit.jupiter.api.Test;

/**
 * A {@code @SnoPolymorphic} type declared wrongly is refused by Micronaut Serialization's
 * {@link SnoPolymorphicDeserializer} in the words of sno-jackson's table (its MetaTable, whose
 * messages sno-jackson's tests hold; a subtype without {@code @SnoMeta} adds what an
 * introspection needs): a metabyte out of 0..255, negative ones included, a metabyte used twice,
 * a subtype without one.
 */
class PolymorphicTableTest {

    @Test
    void aNegativeMetabyteIsOutOfRangeAsInSnoJackson() {
        assertRefused(Negative.class, "@SnoMeta(-1) on " + NegativeSub.class.getName() + " is not in [0, 255]");
    }

    @Test
    void aMetabyteAbove255IsOutOfRangeAsInSnoJackson() {
        assertRefused(TooLarge.class, "@SnoMeta(256) on " + TooLargeSub.class.getName() + " is not in [0, 255]");
    }

    @Test
    void aMetabyteUsedTwiceIsRefusedAsInSnoJackson() {
        assertRefused(Twice.class, "Subtypes " + TwiceA.class.getName() + " and " + TwiceB.class.getName()
                + " both have @SnoMeta(7)");
    }

    @Test
    void aSubtypeWithoutAMetabyteNamesIt() {
        SerdeException e = assertThrows(SerdeException.class, () -> SnoPolymorphicDeserializer.Table.of(Unmarked.class));
        assertTrue(e.getMessage().startsWith("Subtype " + UnmarkedSub.class.getName() + " listed in @SnoPolymorphic of "
                + Unmarked.class.getName() + " has no @SnoMeta (or has no introspection"), e.getMessage());
    }

    private static void assertRefused(Class<?> base, String message) {
        SerdeException e = assertThrows(SerdeException.class, () -> SnoPolymorphicDeserializer.Table.of(base));
        assertEquals(message, e.getMessage());
    }

    /** A base whose one subtype has metabyte -1. */
    @SnoPolymorphic(NegativeSub.class)
    @Introspected
    public abstract static class Negative {
    }

    /** Metabyte -1. */
    @SnoMeta(-1)
    @Introspected
    public static class NegativeSub extends Negative {
    }

    /** A base whose one subtype has metabyte 256. */
    @SnoPolymorphic(TooLargeSub.class)
    @Introspected
    public abstract static class TooLarge {
    }

    /** Metabyte 256. */
    @SnoMeta(256)
    @Introspected
    public static class TooLargeSub extends TooLarge {
    }

    /** A base whose two subtypes share metabyte 7. */
    @SnoPolymorphic({TwiceA.class, TwiceB.class})
    @Introspected
    public abstract static class Twice {
    }

    /** Metabyte 7. */
    @SnoMeta(7)
    @Introspected
    public static class TwiceA extends Twice {
    }

    /** Metabyte 7 again. */
    @SnoMeta(7)
    @Introspected
    public static class TwiceB extends Twice {
    }

    /** A base whose subtype has no metabyte. */
    @SnoPolymorphic(UnmarkedSub.class)
    @Introspected
    public abstract static class Unmarked {
    }

    /** No @SnoMeta. */
    @Introspected
    public static class UnmarkedSub extends Unmarked {
    }
}
