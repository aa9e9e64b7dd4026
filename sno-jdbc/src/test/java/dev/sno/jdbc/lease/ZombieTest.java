package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.h2.tools.Server;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A zombie holder: a real child JVM holding a lease is stopped with SIGSTOP past its lease; this
 * JVM, its clock 5 s behind, takes the partition over; the child is continued with SIGCONT.
 * The zombie returns no ID outside the durable state the new holder restored, no ID of the new
 * holder repeats one of the zombie's, and every write of the zombie is rejected.
 */
class ZombieTest {

    static List<String> databases() {
        return LeaseDb.all();
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aZombieHolderReturnsNothingBeyondItsDurableStateAndIsFencedOut(String dbName) throws Exception {
        Server h2 = null;
        String url;
        if (LeaseDb.POSTGRES.equals(dbName)) {
            LeaseDb.requirePostgres();
            url = LeaseDb.pgUrl();
        } else if (!LeaseDb.H2.equals(dbName)) {
            url = LeaseDb.open(dbName, 1).url(); // MariaDB, through either driver
        } else {
            h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
            url = "jdbc:h2:tcp://localhost:" + h2.getPort() + "/mem:zombie-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
        }
        LeaseDb db = LeaseDb.forUrl(url, 4);
        String ns = "zombie-" + UUID.randomUUID().toString().substring(0, 8);
        Process child = null;
        try {
            // The table and rows exist before the child starts, so both sides see the same schema.
            JdbcPartitionLeases.builder(db).namespace(ns).partitions(9, 9).build();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    ZombieChild.class.getName(), url, ns, "9", "2000").redirectErrorStream(false).start();
            List<String> lines = new CopyOnWriteArrayList<>();
            Process c = child;
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null;) {
                        lines.add(line);
                    }
                } catch (java.io.IOException e) {
                    lines.add("READ-ERROR " + e);
                }
            });
            reader.start();
            LeaseDb.await("the child's first 300 IDs", 60_000, () -> ids(lines).size() >= 300);

            signal(child, "STOP");
            int beforeStop = lines.size();
            LeaseDb.await("the zombie's lease to expire in database time", 20_000, () -> LeaseRows.expired(db, ns, 9));
            Map<String, Object> durable = LeaseRows.row(db, ns, 9);
            long horizon = ((Number) durable.get("wall_hi")).longValue();
            assertEquals(1L, ((Number) durable.get("epoch")).longValue());

            long behind = 5_000;
            SnoGenerator taker = JdbcPartitionLeases.builder(db).namespace(ns).partitions(9, 9)
                    .leaseDuration(Duration.ofSeconds(2)).clock(() -> System.currentTimeMillis() - behind).build().acquire();
            Set<SnoId> takerIds = new HashSet<>();
            for (int i = 0; i < 2000; i++) {
                takerIds.add(taker.next(0));
            }
            assertEquals(2L, LeaseRows.epoch(db, ns, 9));

            signal(child, "CONT");
            LeaseDb.await("the zombie to hear its lease is lost", 20_000,
                    () -> lines.stream().anyMatch(l -> l.startsWith("LOST ")));
            LeaseDb.await("the zombie to refuse IDs", 20_000, () -> lines.stream().anyMatch(l -> l.startsWith("REFUSED ")));
            for (int i = 0; i < 2000; i++) {
                takerIds.add(taker.next(0));
            }
            child.getOutputStream().close(); // the zombie closes its generator and exits
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "child exits");
            reader.join(10_000);

            List<SnoId> zombieIds = ids(lines);
            List<SnoId> afterCont = ids(lines.subList(beforeStop, lines.size()));
            boolean tick = zombieIds.get(0).tickTock();
            for (SnoId id : zombieIds) {
                assertTrue(id.timeUnits() <= horizon, "zombie ID " + id + " beyond the durable horizon " + horizon);
                assertEquals(tick, id.tickTock(), "the zombie stays on its timeline");
                assertTrue(!takerIds.contains(id), "repeated: " + id);
            }
            for (SnoId id : takerIds) {
                assertNotEquals(tick, id.tickTock(), "the new holder, clock behind, tick-tocks: " + id);
            }
            String lost = "LOST sno partition lease " + ns + "/9 (epoch 1)";
            assertTrue(lines.contains(lost), lines.subList(beforeStop, lines.size()).toString());
            String refusal = lines.stream().filter(l -> l.startsWith("REFUSED ")).findFirst().orElseThrow();
            assertTrue(refusal.contains("sno partition lease " + ns + "/9 (epoch 1)"), refusal);
            String close = lines.get(lines.size() - 1);
            assertEquals("CLOSED", close, "closing after the loss is quiet: nothing to save, nothing hidden");

            Map<String, Object> row = LeaseRows.row(db, ns, 9);
            assertEquals(2L, ((Number) row.get("epoch")).longValue(), "the row stays the new holder's");
            assertNotNull(row.get("holder_token"));
            assertEquals(0, ((Number) row.get("expired")).intValue());
            taker.close();
            System.out.printf("[zombie %s] zombie returned %d IDs (%d after SIGCONT, all within the durable horizon),"
                    + " new holder %d IDs, 0 repeats; zombie writes rejected%n", dbName, zombieIds.size(),
                    afterCont.size(), takerIds.size());
        } finally {
            if (child != null && child.isAlive()) {
                signal(child, "CONT");
                child.destroyForcibly();
            }
            db.close();
            if (h2 != null) {
                h2.stop();
            }
        }
    }

    private static List<SnoId> ids(List<String> lines) {
        List<SnoId> ids = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("ID ")) {
                ids.add(SnoId.parse(l.substring(3)));
            }
        }
        return ids;
    }

    private static void signal(Process p, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal);
    }
}
