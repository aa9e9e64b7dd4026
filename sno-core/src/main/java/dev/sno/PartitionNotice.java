package dev.sno;

import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicBoolean;

/*
 * The one line per process that says a generator's partition is random (SPEC.md 8.3.1): logged
 * through System.Logger (no dependency; java.util.logging unless the application installs a
 * LoggerFinder, as SLF4J and Log4j bridges do), on the first ID of the first generator with a
 * random partition, so never on the fast path, and never again in the process. An integration
 * that reports the partition itself (the Spring starter, the CLI) claims the line instead, so
 * the process still says it once.
 */
final class PartitionNotice {

    /** The logger's name. */
    static final String LOGGER = "dev.sno.SnoGenerator";

    private static final PartitionNotice PROCESS = new PartitionNotice();

    private final AtomicBoolean made = new AtomicBoolean();

    PartitionNotice() {
    }

    /** The process's notice. */
    static PartitionNotice process() {
        return PROCESS;
    }

    /** Takes the process's line for the caller, who reports the partition itself. */
    boolean claim() {
        return made.compareAndSet(false, true);
    }

    /** Logs the line for the generator's random partition, unless the process has already. */
    void announce(int partition) {
        if (claim()) {
            System.getLogger(LOGGER).log(Level.INFO, message(partition));
        }
    }

    /** The line. */
    static String message(int partition) {
        return "sno: partition " + partition + " is random (none configured): its IDs are unique within this"
                + " process, not coordinated with other processes, which share a partition with probability"
                + " 1/65536 each. Give each process its own partition (sno.partition, SNO_PARTITION) or"
                + " lease one (dev.sno.jdbc.lease).";
    }
}
