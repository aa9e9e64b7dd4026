package dev.sno.zookeeper;

import dev.sno.Sno;

/**
 * A fresh JVM for {@link SnoFacadeTest}: takes an ID from Sno's shared generator, configured by
 * the -D properties the test gives, and prints {@code PARTITION p source}, or {@code ERR} and the
 * failure. Its log goes where a plain Java application's goes: java.util.logging on standard error.
 */
public final class SnoFacadeChild {

    private SnoFacadeChild() {
    }

    /**
     * Takes one ID.
     *
     * @param args  none
     */
    public static void main(String[] args) {
        try {
            Sno.next();
            System.out.println("PARTITION " + Sno.partition() + " " + Sno.generator().partitionSource());
        } catch (RuntimeException e) {
            System.out.println("ERR " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        System.out.flush();
    }
}
