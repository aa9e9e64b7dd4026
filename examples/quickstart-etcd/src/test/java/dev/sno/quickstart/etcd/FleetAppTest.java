package dev.sno.quickstart.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.testsupport.EtcdServer;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quickstart as it runs: two instances of {@link FleetApp}, each in a JVM of its own, against a
 * real etcd server (test-support's {@link EtcdServer}: Debian's etcd 3.4, which no Maven artifact
 * ships; without it this test is skipped, saying so). Both hold a lease at once, on different
 * partitions, under the keys docs/etcd-leases.md shows; together they make IDs that never repeat;
 * each reads back the other's IDs; a malformed ID gets SnoId.parse's {@link InvalidSnoIdException}
 * message.
 */
class FleetAppTest {

    private static final int IDS = 1000;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void twoInstancesLeaseTwoPartitionsAndNeverRepeatAnId() throws Exception {
        String url = EtcdServer.shared().url();
        try (Client etcd = Client.builder().endpoints(url).build();
                Instance a = new Instance(url, dir.resolve("a.log"));
                Instance b = new Instance(url, dir.resolve("b.log"))) {
            int partitionA = a.partition();
            int partitionB = b.partition(); // both hold their lease now
            assertNotEquals(partitionA, partitionB, "two live instances share a partition");
            for (int p : new int[] {partitionA, partitionB}) { // the keys docs/etcd-leases.md shows
                for (String key : List.of(String.format("sno/quickstart/holder/%05d", p),
                        String.format("sno/quickstart/record/%05d", p))) {
                    assertEquals(1, etcd.getKVClient().get(ByteSequence.from(key, StandardCharsets.UTF_8))
                            .get(10, TimeUnit.SECONDS).getCount(), key);
                }
            }

            List<SnoId> idsA = a.newIds(IDS);
            List<SnoId> idsB = b.newIds(IDS);
            Set<SnoId> all = new HashSet<>(idsA);
            all.addAll(idsB);
            assertEquals(2 * IDS, all.size(), "an ID was made twice");
            idsA.forEach(id -> assertEquals(partitionA, id.partition(), id::toString));
            idsB.forEach(id -> assertEquals(partitionB, id.partition(), id::toString));
            for (int i = 1; i < IDS; i++) {
                assertTrue(idsA.get(i).compareTo(idsA.get(i - 1)) > 0, "A's IDs go up");
                assertTrue(idsB.get(i).compareTo(idsB.get(i - 1)) > 0, "B's IDs go up");
            }

            SnoId fromB = idsB.get(IDS - 1);
            assertEquals(fromB + ": partition " + partitionB + ", made " + fromB.time(), a.ask(fromB.toString()));
            for (String bad : List.of("hello", fromB.toString().toUpperCase(), fromB + "x")) {
                InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> SnoId.parse(bad));
                assertTrue(e.getMessage().startsWith("Invalid sno ID: \""), e.getMessage());
                assertEquals(e.getMessage(), b.ask(bad));
            }
            assertEquals(0, a.stop(), a::log);
            assertEquals(0, b.stop(), b::log);
        }
    }

    /** FleetApp in a JVM of its own, on this test's class path; it logs to a file. */
    private static final class Instance implements AutoCloseable {

        private final Process process;
        private final BufferedReader out;
        private final Writer in;
        private final Path log;

        Instance(String connect, Path log) throws IOException {
            this.log = log;
            this.process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx96m",
                    "-cp", System.getProperty("java.class.path"), FleetApp.class.getName(), connect)
                    .redirectError(log.toFile()).start();
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        }

        int partition() throws IOException {
            String line = out.readLine();
            assertNotNull(line, this::log);
            assertTrue(line.matches("partition \\d+"), line);
            return Integer.parseInt(line.substring("partition ".length()));
        }

        List<SnoId> newIds(int n) throws IOException {
            in.write("\n".repeat(n));
            in.flush();
            List<SnoId> ids = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String line = out.readLine();
                assertNotNull(line, this::log);
                ids.add(SnoId.parse(line));
            }
            return ids;
        }

        String ask(String text) throws IOException {
            in.write(text + "\n");
            in.flush();
            return out.readLine();
        }

        /** Ends the input, as Ctrl-D does: the instance frees its partition and exits. */
        int stop() throws Exception {
            in.close();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), this::log);
            return process.exitValue();
        }

        String log() {
            try {
                return Files.readString(log);
            } catch (IOException e) {
                return e.toString();
            }
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }
}
