package dev.sno.zookeeper;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import dev.sno.testsupport.LogCapture;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What an operator, a careless script or another tool can leave among a namespace's znodes, through
 * the store's SPI on a real ZooKeeper server: znodes whose names are not sno's spelling of a
 * partition (they are ignored and left in place, and cost nothing proportional to their value),
 * record znodes sno cannot read (skipped, reported once, never taken; the other partitions stay
 * available), a record whose epoch cannot be raised, and namespaces that a lossy mapping would put
 * on one znode.
 */
class HostileKeyspaceTest {

    private static final Duration LEASE = Duration.ofSeconds(4);

    static TestingServer server;

    @RegisterExtension
    final LogCapture logs = new LogCapture("dev.sno");

    private CuratorFramework client;
    private ZooKeeperLeaseStore store;
    private int tokens;

    @BeforeAll
    static void start() throws Exception {
        server = TestZooKeeper.server();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @BeforeEach
    void connect() throws Exception {
        client = TestZooKeeper.client(server.getConnectString(), LEASE);
        store = ZooKeeperLeaseStore.of(client);
    }

    @AfterEach
    void close() {
        client.close();
    }

    /** A claim with a token of its own. */
    private LeaseStore.Claim claim(String namespace, int lo, int hi) {
        return new LeaseStore.Claim(namespace, lo, hi, LEASE, String.format("%032x", ++tokens), "host", 42);
    }

    private static PartitionLease lease(LeaseStore.Claim claim, LeaseStore.Grant grant) {
        return new PartitionLease(claim.namespace(), grant.partition(), grant.epoch(), claim.host(), claim.pid());
    }

    private void stray(String path) throws Exception {
        client.create().forPath(path);
    }

    private static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /**
     * Issue 41, finding 1: {@code holders/2147483647} made every acquisition allocate a BitSet of
     * 2^31 bits (256 MiB), and with -Xmx200m throw OutOfMemoryError.
     */
    @Test
    void aStrayNamedByAHugeNumberCostsNothingLikeItsValue() throws Exception {
        store.prepare("huge", 0, 1);
        List<String> names = List.of("2147483647", "2147483648", "4294967297", "99999999999999999999", "65536");
        for (String n : names) {
            stray("/sno/leases/huge/holders/" + n);
            stray("/sno/leases/huge/records/" + n);
        }
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long before = allocatedByThisThread();
            Optional<LeaseStore.Grant> g = store.acquire(claim("huge", 0, 1));
            long allocated = allocatedByThisThread() - before;
            assertTrue(allocated < 16L << 20, "acquisition " + i + " allocated " + allocated + " bytes");
            g.ifPresent(grant -> {
                assertEquals(1, grant.epoch());
                taken.add(grant.partition());
            });
        }
        assertEquals(List.of(0, 1), taken, "both partitions once, then nothing");
        for (String n : names) {
            assertNotNull(client.checkExists().forPath("/sno/leases/huge/holders/" + n), "the stray stays: " + n);
            assertNotNull(client.checkExists().forPath("/sno/leases/huge/records/" + n), "the stray stays: " + n);
        }
    }

    /**
     * Issue 41, finding 3: znodes named {@code 00}, {@code +1} or with other scripts' digits were
     * taken for partitions 0 and 1: "No free partition in sno namespace "zp": all 2 partitions 0..1
     * are held by leases that have not expired", when neither was held.
     */
    @Test
    void namesThatAreNotSnosSpellingOfAPartitionAreIgnoredAndLeftInPlace() throws Exception {
        store.prepare("zp", 0, 1);
        List<String> names = List.of("00", "01", "+0", "+1", "-0", " 1", "1 ", "0x1", "\uFF10", "\uFF11", "\u0660",
                "\u0661", "1.lock", "0.bak", "000001");
        for (String n : names) {
            stray("/sno/leases/zp/holders/" + n);
            stray("/sno/leases/zp/records/" + n);
        }
        LeaseStore.Claim first = claim("zp", 0, 1);
        LeaseStore.Grant a = store.acquire(first).orElseThrow();
        LeaseStore.Grant b = store.acquire(claim("zp", 0, 1)).orElseThrow();
        assertEquals(List.of(0, 1, 1L, 1L), List.of(a.partition(), b.partition(), a.epoch(), b.epoch()));
        assertEquals(Optional.empty(), store.acquire(claim("zp", 0, 1)), "both held");
        assertTrue(store.release(lease(first, a), first.token()));
        LeaseStore.Grant again = store.acquire(claim("zp", 0, 1)).orElseThrow();
        assertEquals(List.of(0, 2L), List.of(again.partition(), again.epoch()), "partition 0 again, once released");
        assertFalse(store.abandon(claim("zp", 0, 1)), "no holder znode of that token: the strays are not holders");
        for (String n : names) {
            assertNotNull(client.checkExists().forPath("/sno/leases/zp/holders/" + n), "the stray stays: " + n);
            assertNotNull(client.checkExists().forPath("/sno/leases/zp/records/" + n), "the stray stays: " + n);
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    /**
     * Acquires every partition of lo..hi and releases them, releaseFirst first (so it is the one
     * unused longest), then the step, then the others.
     */
    private void useAll(String namespace, int lo, int hi, int releaseFirst, Step step) throws Exception {
        store.prepare(namespace, lo, hi);
        List<PartitionLease> leases = new ArrayList<>();
        List<String> tokensOf = new ArrayList<>();
        for (int p = lo; p <= hi; p++) {
            LeaseStore.Claim c = claim(namespace, lo, hi);
            LeaseStore.Grant g = store.acquire(c).orElseThrow();
            assertEquals(p, g.partition());
            leases.add(lease(c, g));
            tokensOf.add(c.token());
        }
        int first = releaseFirst - lo;
        assertTrue(store.release(leases.get(first), tokensOf.get(first)));
        step.run();
        for (int i = 0; i < leases.size(); i++) {
            if (i != first) {
                assertTrue(store.release(leases.get(i), tokensOf.get(i)));
            }
        }
    }

    /** The WARNING records logged so far, claimed. */
    private List<String> warnings() {
        List<String> out = new ArrayList<>();
        for (LogRecord r : logs.records()) {
            if (r.getLevel().equals(Level.WARNING)) {
                out.add(r.getMessage());
            }
        }
        if (!out.isEmpty()) {
            logs.expect(Level.WARNING, "");
        }
        return out;
    }

    private static String skipped(String namespace, int partition, String reason) {
        return "sno: partition " + partition + " of sno namespace \"" + namespace + "\" is skipped: the znode"
                + " /sno/leases/" + namespace + "/records/" + partition + " is not a sno lease record (" + reason + ")."
                + " sno takes no partition whose record it cannot read. If the znode is another tool's, give sno"
                + " another root or namespace; if it is a damaged sno record, delete it, and sno writes a new one when"
                + " it next takes partition " + partition + ". Either way the generator state saved there is lost, so"
                + " the next holder of partition " + partition + " may repeat IDs made recently if its clock is behind"
                + " the last holder's";
    }

    /**
     * Issue 41, finding 2: range 0..2, all used and released, then record 1 overwritten by another
     * tool. Every acquisition failed with "The znode /sno/leases/poison/records/1 is not a sno lease
     * record (no epoch line); it belongs to something else: choose another root or namespace",
     * though 0 and 2 were free. Finding 10: the record's text is quoted escaped.
     */
    @Test
    void anUnreadableRecordIsSkippedAndReportedOnceWhileTheOthersStayAvailable() throws Exception {
        byte[] spoiled = "written by another tool\u001b[2J\r\nINFO forged line".getBytes(StandardCharsets.UTF_8);
        // Spoiled before the others are released: still the oldest record, so the first candidate.
        useAll("poison", 0, 2, 1, () -> client.setData().forPath("/sno/leases/poison/records/1", spoiled));
        Set<Integer> taken = new HashSet<>();
        for (int i = 0; i < 2; i++) {
            LeaseStore.Grant g = store.acquire(claim("poison", 0, 2)).orElseThrow();
            assertEquals(2, g.epoch(), "partition " + g.partition());
            taken.add(g.partition());
        }
        assertEquals(Set.of(0, 2), taken);
        for (int i = 0; i < 3; i++) {
            assertEquals(Optional.empty(), store.acquire(claim("poison", 0, 2)), "only partition 1 is free: unreadable");
        }
        assertEquals(List.of(skipped("poison", 1, "no epoch line in \"written by another tool\\u001B[2J\\u000D\\u000AINFO"
                + " forged line\"")), warnings(), "once, whatever the number of acquisitions");
        assertArrayEquals(spoiled, client.getData().forPath("/sno/leases/poison/records/1"), "left as it was");
    }

    /** A record of a megabyte of another tool's text: the warning quotes 100 characters of it, escaped. */
    @Test
    void theWarningAboutALongRecordIsBounded() throws Exception {
        String text = "\u001b[31m".repeat(100_000);
        useAll("long", 0, 1, 0, () -> client.setData().forPath("/sno/leases/long/records/0",
                text.getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, store.acquire(claim("long", 0, 1)).orElseThrow().partition());
        assertEquals(Optional.empty(), store.acquire(claim("long", 0, 1)));
        List<String> w = warnings();
        assertEquals(1, w.size(), w.toString());
        assertEquals(skipped("long", 0, "no epoch line in \"" + "\\u001B[31m".repeat(10) + "...\""), w.get(0));
        assertTrue(w.get(0).length() < 1_000, w.get(0).length() + " characters");
    }

    /** Issue 41, finding 12: a record epoch of Long.MAX_VALUE was raised to Long.MIN_VALUE. */
    @Test
    void aRecordWhoseEpochCannotBeRaisedIsSkippedNotWrapped() throws Exception {
        String path = "/sno/leases/last/records/0";
        useAll("last", 0, 1, 0, () -> {
            String record = new String(client.getData().forPath(path), StandardCharsets.UTF_8);
            assertTrue(record.startsWith("epoch=1\n"), record);
            client.setData().forPath(path, record.replace("epoch=1\n", "epoch=" + Long.MAX_VALUE + "\n")
                    .getBytes(StandardCharsets.UTF_8));
        });
        LeaseStore.Grant g = store.acquire(claim("last", 0, 1)).orElseThrow();
        assertEquals(List.of(1, 2L), List.of(g.partition(), g.epoch()));
        assertEquals(Optional.empty(), store.acquire(claim("last", 0, 1)), "partition 0 is never taken");
        assertEquals(List.of(skipped("last", 0, "epoch \"9223372036854775807\" is not a whole number from 1 to"
                + " 9223372036854775806")), warnings());
    }

    /**
     * A holder whose record another tool overwrote has lost its lease: renew, release and abandon
     * answer false (before: an IOException from each), and the record is reported once.
     */
    @Test
    void aHolderWhoseRecordIsOverwrittenLosesItsLeaseWithoutAnError() throws Exception {
        store.prepare("overwritten", 0, 0);
        LeaseStore.Claim c = claim("overwritten", 0, 0);
        LeaseStore.Grant g = store.acquire(c).orElseThrow();
        client.setData().forPath("/sno/leases/overwritten/records/0", "epoch=x".getBytes(StandardCharsets.UTF_8));
        assertFalse(store.renew(lease(c, g), c.token(), LEASE, null));
        assertFalse(store.release(lease(c, g), c.token()));
        assertFalse(store.abandon(c));
        assertEquals(List.of(skipped("overwritten", 0, "no token line in \"epoch=x\"")), warnings());
    }

    /**
     * Issue 41, finding 4: the namespaces U+D800, U+DBFF (unpaired surrogates) and "?" were one znode
     * ({@code %3F}), so the second of them found its partition held. A namespace with an unpaired
     * surrogate is refused, naming it.
     */
    @Test
    void aNamespaceWithAnUnpairedSurrogateIsRefusedNamingIt() throws Exception {
        assertEquals(List.of(0, 1L), grant("?"));
        for (String ns : List.of("\uD800", "\uDBFF", "a\uDC00", "\uDC00\uD800")) {
            String index = ns.startsWith("a") ? "1" : "0";
            String unit = Integer.toHexString(ns.charAt(Integer.parseInt(index))).toUpperCase(java.util.Locale.ROOT);
            String message = "sno namespace \"" + dev.sno.config.SafeText.of(ns) + "\" has an unpaired surrogate (\\u"
                    + unit + " at index " + index + "), which no znode name can hold: a namespace must be whole"
                    + " Unicode characters";
            assertEquals(message, assertThrows(IllegalArgumentException.class, () -> store.prepare(ns, 0, 0))
                    .getMessage());
            assertEquals(message, assertThrows(IllegalArgumentException.class,
                    () -> store.acquire(claim(ns, 0, 0))).getMessage());
        }
        assertEquals("sno namespace \"\\uD800\" has an unpaired surrogate (\\uD800 at index 0), which no znode name can"
                + " hold: a namespace must be whole Unicode characters", assertThrows(IllegalArgumentException.class,
                        () -> store.prepare("\uD800", 0, 0)).getMessage());
        assertEquals(List.of(0, 1L), grant("\uD83D\uDE00"), "a pair is a whole character");
    }

    /** Namespaces that look alike, or that a path would read alike, each have partition 0 of their own. */
    @Test
    void namespacesThatLookAlikeEachHaveTheirOwnPartitions() throws Exception {
        for (String ns : List.of("a?", "a%3F", "a%253F", "a/x", "a%2Fx", "a.", "a%2E", "a*", "a+", "a ", "a\u00e9",
                "ae\u0301")) {
            assertEquals(List.of(0, 1L), grant(ns), ns);
        }
    }

    private List<Object> grant(String namespace) throws Exception {
        store.prepare(namespace, 0, 0);
        LeaseStore.Grant g = store.acquire(claim(namespace, 0, 0)).orElseThrow();
        return List.of(g.partition(), g.epoch());
    }

    /**
     * Issue 41's leftover: a persistent znode under {@code holders/} with sno's own name of a
     * partition (an operator's {@code create /sno/leases/<ns>/holders/1}) looked like a live
     * holder and hid its partition for good: with 0..1 and partition 0 held, every acquisition
     * found nothing free. sno's holder znodes are ephemeral; a persistent one is nobody's lease.
     * Once every partition looks held, the acquisition takes it, replacing the znode in the same
     * {@code multi} that raises the record's epoch, and says so. One with children cannot be
     * replaced: it is skipped, reported once, and the acquisition answers "none free".
     */
    @Test
    void aPersistentZnodeNamedLikeAHolderIsNotALiveHolder() throws Exception {
        store.prepare("persistent", 0, 1);
        stray("/sno/leases/persistent/holders/1");
        assertEquals(0, store.acquire(claim("persistent", 0, 1)).orElseThrow().partition());
        LeaseStore.Claim second = claim("persistent", 0, 1);
        LeaseStore.Grant g = store.acquire(second).orElseThrow(() -> new AssertionError("partition 1 stays hidden"));
        assertEquals(List.of(1, 1L), List.of(g.partition(), g.epoch()));
        assertEquals(client.getZookeeperClient().getZooKeeper().getSessionId(),
                client.checkExists().forPath("/sno/leases/persistent/holders/1").getEphemeralOwner(),
                "the holder znode is this session's now");
        assertTrue(store.renew(lease(second, g), second.token(), LEASE, null), "a lease like any other");
        assertEquals(Optional.empty(), store.acquire(claim("persistent", 0, 1)), "both held");
        String replaced = "sno: replaced the znode /sno/leases/persistent/holders/1, a persistent znode where only"
                + " the ephemeral znode of a live holder's session belongs: it held no lease, and partition 1 of sno"
                + " namespace \"persistent\" is leased now";

        store.prepare("nested", 0, 0);
        stray("/sno/leases/nested/holders/0");
        stray("/sno/leases/nested/holders/0/child");
        for (int i = 0; i < 2; i++) {
            assertEquals(Optional.empty(), store.acquire(claim("nested", 0, 0)), "not taken, and no failure");
        }
        assertEquals(List.of(replaced, "sno: partition 0 of sno namespace \"nested\" is skipped: the znode"
                + " /sno/leases/nested/holders/0 is a persistent znode with children where only the ephemeral znode"
                + " of a live holder's session belongs. It holds no lease, but sno deletes no znode that has children:"
                + " delete it, and sno takes partition 0 again"), warnings(), "each reported once");
        assertNotNull(client.checkExists().forPath("/sno/leases/nested/holders/0/child"), "left in place");
    }
}
