package dev.sno.process;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for {@code PartitionNoticeTest}: makes generators in one of several ways and
 * prints what it got, one {@code KEY value...} line each, so the test can compare them with the
 * {@code LOG|...} lines of {@link CapturingLoggerFinder}.
 *
 * <ul>
 *   <li>{@code random}: three unconfigured generators and Sno's shared one, each making IDs from
 *   four threads at once; prints {@code PARTITION p source} for each</li>
 *   <li>{@code quiet}: a generator built with {@code announcePartition(false)}, then an
 *   unconfigured one; prints their partitions</li>
 *   <li>{@code configured}: a generator with partition 5; prints it</li>
 *   <li>{@code facade}: Sno's shared generator from the inherited configuration; prints
 *   {@code PARTITION p source}, or {@code ERR message} if it fails</li>
 * </ul>
 */
public final class PartitionChild {

    private PartitionChild() {
    }

    /**
     * Runs a mode.
     *
     * @param args  the mode
     * @throws InterruptedException if interrupted
     */
    public static void main(String[] args) throws InterruptedException {
        switch (args[0]) {
            case "random": {
                List<SnoGenerator> generators = new ArrayList<>(List.of(SnoGenerator.create(),
                        SnoGenerator.create(), SnoGenerator.builder().build()));
                List<Thread> threads = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    Thread thread = new Thread(() -> {
                        for (int i = 0; i < 1000; i++) {
                            for (SnoGenerator g : generators) {
                                g.next(1);
                            }
                        }
                    });
                    thread.start();
                    threads.add(thread);
                }
                for (Thread thread : threads) {
                    thread.join();
                }
                Sno.next();
                generators.add(Sno.generator());
                for (SnoGenerator g : generators) {
                    System.out.println("PARTITION " + g.partition() + " " + g.partitionSource());
                }
                break;
            }
            case "quiet": {
                SnoGenerator quiet = SnoGenerator.builder().announcePartition(false).build();
                quiet.next(0);
                SnoGenerator later = SnoGenerator.create();
                later.next(0);
                System.out.println("PARTITION " + quiet.partition() + " " + quiet.partitionSource());
                System.out.println("PARTITION " + later.partition() + " " + later.partitionSource());
                break;
            }
            case "configured": {
                SnoGenerator g = SnoGenerator.builder().partition(5).build();
                g.next(0);
                System.out.println("PARTITION " + g.partition() + " " + g.partitionSource());
                break;
            }
            case "facade":
                try {
                    Sno.next();
                    System.out.println("PARTITION " + Sno.partition() + " " + Sno.generator().partitionSource());
                } catch (RuntimeException e) {
                    System.out.println("ERR " + e.getMessage());
                }
                break;
            default:
                throw new IllegalArgumentException("unknown mode " + args[0]);
        }
        System.out.flush();
    }
}
