package dev.sno.lease.tck;

import static dev.sno.lease.tck.ContractSupport.allocatedBytes;
import static dev.sno.lease.tck.ContractSupport.concurrently;
import static dev.sno.lease.tck.ContractSupport.epoch;
import static dev.sno.lease.tck.ContractSupport.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules every {@link LeaseStore} keeps (the numbered rules of its Javadoc, and what its
 * methods promise), checked through the SPI alone, once for every store: a store module's test
 * extends this class and supplies the store ({@link #store()}). Each test works in a namespace of
 * its own ({@link #namespace(String)}).
 *
 * <ul>
 *   <li>{@link #oneHolderNineConcurrentAcquirersForEightPartitions}: rule 2, one holder; the
 *       first acquisition of a partition is epoch 1.
 *   <li>{@link #fencingATakenOverHolderOrAStrangerWritesNothing}: rule 3, fencing by token and
 *       epoch, on a live lease and after a takeover; a release is final.
 *   <li>{@link #expiryALeaseLastsItsDurationThenIsTakenAtTheNextEpoch}: rules 1 and 2, expiry
 *       by the store's clock. The SPI hands the store no client time, so what is checked here
 *       is that a lease lasts at least its duration, measured on this JVM's monotonic clock, and
 *       ends before a deadline; that expiry is the server's time plus the duration, whatever the
 *       client's clock or time zone, the store modules check with their own means
 *       (RedisLeaseStoreContractTest, RedisPartitionLeasesTest, sno-jdbc's LeaseDeploymentTest).
 *   <li>{@link #expiryAnExpiredLeaseThatNobodyTookCanStillBeRenewed}: rule 3 (a write is fenced
 *       by token and epoch, not by time).
 *   <li>{@link #stateTheLastRenewalsStateIsWhatTheNextHolderGets}: rule 4, state in the lease,
 *       every field at its maximum.
 *   <li>{@link #releaseFreesAtOnceAndKeepsTheState}: {@link LeaseStore#release}.
 *   <li>{@link #abandonFreesTheFailedClaimsLeaseAndNothingElse}: {@link LeaseStore#abandon}.
 *   <li>{@link #prepareIsIdempotentWhenConcurrentAndFreesNothing}: {@link LeaseStore#prepare}.
 *   <li>{@link #rangeAndNamespaceBoundWhatAnAcquisitionTakes}: {@link LeaseStore#acquire} takes
 *       from the claim's range and namespace only.
 * </ul>
 * And what a hostile keyspace cannot do, written raw into the store through {@link #keyspace()}
 * as an operator, a careless script or another tool can:
 * <ul>
 *   <li>{@link #hostileNamesNeitherGrantAHeldPartitionNorHideAFreeOne}: only the store's own
 *       spelling of a partition number counts; a stray name (a non-canonical or huge number, a lock
 *       file, a backup copy, a nested key) neither frees a held partition, nor hides a free one,
 *       nor costs memory in proportion to its value.
 *   <li>{@link #unreadableRecordsAreSkippedAndReportedOnce}: a record the store cannot read is
 *       never taken, does not stop the acquisition of the others, and is reported once, escaped.
 *   <li>{@link #namespacesThatLookAlikeNeverShare}: two namespaces never share a record.
 * </ul>
 * Not here: rule 5 (no session state) and durability, which depend on what the store talks to,
 * and the order of "unused longest", which needs the store's clock to tick between two releases;
 * the store modules test them.
 *
 * <p>Leases that must expire last {@link #shortLease()}; the tests poll (never sleep) until the
 * store lets another claim take them, for at most 10 short leases plus 2 s.
 */
public abstract class LeaseStoreContract {

    /** A lease that outlasts any test. */
    protected static final Duration LONG = Duration.ofSeconds(60);

    private static final int TRIALS = Integer.getInteger("sno.contract.trials", 50);

    private ExecutorService pool;

    /** For a store's test class, which extends this one. */
    protected LeaseStoreContract() {
    }

    /**
     * The store under test; the same one for the whole of a test.
     *
     * @return the store
     */
    protected abstract LeaseStore store();

    /**
     * A namespace no other test or run uses.
     *
     * @param what  what the test is about, a few letters
     * @return the namespace, at most 64 characters
     */
    protected String namespace(String what) {
        return what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * The lease of a claim whose lease must expire during a test.
     *
     * @return 1 s unless a store says otherwise
     */
    protected Duration shortLease() {
        return Duration.ofSeconds(1);
    }

    /**
     * Makes the holders of the leases granted so far fall silent, as the store's server sees a
     * holder that stopped renewing. A test calls it once it will renew nothing more of the leases
     * it wants expired, then waits for the store to let another claim take them.
     *
     * <p>The default does nothing: a store whose leases expire by time (a database's or Redis's
     * clock) lets them expire after their duration since nothing renews them. A store whose
     * leases last as long as a server session that the client keeps alive by itself (ZooKeeper's
     * ephemeral nodes) overrides it to end that session's connection without closing the session,
     * so that the server expires it after its timeout, as it does for a holder that is paused,
     * killed or cut off.
     *
     * @throws Exception if the store cannot do it
     */
    protected void holdersFallSilent() throws Exception {
    }

    /**
     * Whether a holder whose lease expired, and which nobody took over, may renew it: true (the
     * default) for stores whose record still names the holder after expiry (a database row,
     * Redis); false for stores where expiry is the end of the holder's server session, which no
     * later write can bring back (ZooKeeper). {@link #expiryAnExpiredLeaseThatNobodyTookCanStillBeRenewed}
     * checks the answer either way.
     *
     * @return whether expired leases heal
     */
    protected boolean expiredLeasesHeal() {
        return true;
    }

    /**
     * Raw access to the store's own keyspace, for the tests of a hostile keyspace.
     *
     * @return the store's keyspace
     */
    protected abstract Keyspace keyspace();

    /**
     * Raw access to where a store keeps a namespace's leases: what an operator, a careless script
     * or another tool can leave there. A store's test implements it with its own client, writing
     * past the store.
     */
    protected interface Keyspace {

        /**
         * The lists in which the store finds a namespace's partitions by name: a znode's children,
         * a key prefix, a set. Empty for a store that keeps partitions in a typed column (SQL).
         *
         * @return a word for each list, as {@link #name} and {@link #addStray} take it
         */
        List<String> lists();

        /**
         * The name a partition has in a list, exactly as the store writes it.
         *
         * @param list       one of {@link #lists()}
         * @param partition  the partition
         * @return its name there, e.g. {@code "1"} or {@code "00001"}
         */
        String name(String list, int partition);

        /**
         * Adds an entry of that name to the namespace's list, as a careless script would: an empty
         * znode, a key with a short value, a set member. The name can be anything: a number the
         * store never spells so ({@code "01"}, {@code "+1"}, fullwidth digits), a huge number, a
         * lock file, a backup copy, a nested key ({@code "1/history/1"}).
         *
         * @param namespace  the namespace
         * @param list       one of {@link #lists()}
         * @param name       the entry's name
         * @return false if the store's server cannot hold such a name at all
         * @throws Exception if the write fails
         */
        boolean addStray(String namespace, String list, String name) throws Exception;

        /**
         * Overwrites the record of a prepared partition with text another tool wrote, where the
         * store keeps the record's fields; a SQL store leaves the nearest thing a careless
         * {@code UPDATE} can: a value sno never writes and cannot read.
         *
         * @param namespace  the namespace
         * @param partition  the partition
         * @param text       the text, with control characters and a forged log line
         * @throws Exception if the write fails
         */
        void spoilRecord(String namespace, int partition, String text) throws Exception;

        /**
         * Replaces the record of a prepared partition with a value of another kind (a string
         * where a hash belongs).
         *
         * @param namespace  the namespace
         * @param partition  the partition
         * @return false if the store keeps one kind of value only
         * @throws Exception if the write fails
         */
        boolean wrongKindRecord(String namespace, int partition) throws Exception;
    }

    /** Starts the threads of the concurrent tests. */
    @BeforeEach
    public final void startPool() {
        pool = Executors.newFixedThreadPool(9);
    }

    /**
     * Stops the threads of the concurrent tests.
     *
     * @throws InterruptedException if interrupted while they stop
     */
    @AfterEach
    public final void stopPool() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }

    // ---- rule 2: one holder --------------------------------------------------------------------

    /**
     * Rule 2: nine concurrent acquirers for eight partitions get eight partitions, once each, at epoch 1, and one empty answer.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void oneHolderNineConcurrentAcquirersForEightPartitions() throws Exception {
        for (int trial = 0; trial < TRIALS; trial++) {
            String ns = namespace("nine");
            store().prepare(ns, 0, 7);
            CyclicBarrier start = new CyclicBarrier(9);
            List<Future<Optional<Grant>>> results = new ArrayList<>();
            for (int i = 0; i < 9; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return store().acquire(claim(ns, 0, 7, LONG));
                }));
            }
            Set<Integer> partitions = new HashSet<>();
            int empty = 0;
            for (Future<Optional<Grant>> f : results) {
                Optional<Grant> g = f.get();
                if (g.isEmpty()) {
                    empty++;
                } else {
                    assertEquals(1, g.get().epoch(), "the first acquisition of a partition: " + g.get());
                    assertTrue(partitions.add(g.get().partition()), "partition granted twice: " + g.get());
                }
            }
            assertEquals(8, partitions.size(), "trial " + trial + ": partitions granted " + partitions);
            assertEquals(1, empty, "trial " + trial + ": empty answers");
        }
    }

    // ---- rule 3: fencing -----------------------------------------------------------------------

    /**
     * Rule 3: a stranger, the holder at another epoch, and a holder taken over write nothing; a release is final.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void fencingATakenOverHolderOrAStrangerWritesNothing() throws Exception {
        String ns = namespace("fence");
        store().prepare(ns, 3, 3);
        Claim a = claim(ns, 3, 3, LONG);
        Grant ga = store().acquire(a).orElseThrow();
        assertEquals(new Grant(3, 1, null), ga);
        PartitionLease la = lease(a, ga);
        GeneratorSnapshot sa = snapshot(3, 1);
        GeneratorSnapshot zombie = snapshot(3, 999);

        // A live lease: another token, or the holder's token with another epoch, writes nothing.
        String stranger = claim(ns, 3, 3, LONG).token();
        assertFalse(store().renew(la, stranger, LONG, zombie), "a stranger's renewal");
        assertFalse(store().release(la, stranger), "a stranger's release");
        assertFalse(store().renew(epoch(la, 2), a.token(), LONG, zombie), "the holder's token, a later epoch");
        assertFalse(store().release(epoch(la, 2), a.token()), "the holder's token, a later epoch");
        assertFalse(store().renew(epoch(la, 0), a.token(), LONG, zombie), "the holder's token, an earlier epoch");
        assertFalse(store().release(epoch(la, 0), a.token()), "the holder's token, an earlier epoch");
        assertTrue(store().acquire(claim(ns, 3, 3, LONG)).isEmpty(), "still held: no release got through");

        // The holder's last renewal shortens its lease; once expired, b takes over at epoch 2.
        assertTrue(store().renew(la, a.token(), shortLease(), sa), "the holder's own renewal");
        holdersFallSilent();
        Claim b = claim(ns, 3, 3, LONG);
        Grant gb = awaitGrant("a's lease to expire on the store's clock", b);
        assertEquals(3, gb.partition());
        assertEquals(2, gb.epoch(), "a takeover is a new epoch");
        assertEquals(sa, gb.state(), "the holder's last renewal, and nothing a stranger sent");
        PartitionLease lb = lease(b, gb);

        // The zombie a, and any mix of the two holders' tokens and epochs, are fenced out.
        assertFalse(store().renew(la, a.token(), LONG, zombie), "the zombie's renewal");
        assertFalse(store().release(la, a.token()), "the zombie's release");
        assertFalse(store().renew(lb, a.token(), LONG, zombie), "the zombie's token at the new epoch");
        assertFalse(store().release(lb, a.token()), "the zombie's token at the new epoch");
        assertFalse(store().renew(la, b.token(), LONG, zombie), "the new token at the old epoch");
        assertFalse(store().release(la, b.token()), "the new token at the old epoch");
        assertTrue(store().acquire(claim(ns, 3, 3, LONG)).isEmpty(), "b still holds it");

        // b releases without renewing: the state the next holder gets is still a's.
        assertTrue(store().release(lb, b.token()), "the new holder's release");
        assertFalse(store().release(lb, b.token()), "a release is final");
        Grant gc = store().acquire(claim(ns, 3, 3, LONG)).orElseThrow();
        assertEquals(new Grant(3, 3, sa), gc, "no write of the zombie or a stranger got through");
    }

    // ---- rules 1 and 2: expiry by the store's clock --------------------------------------------

    /**
     * Rules 1 and 2: a lease nobody renews lasts its duration, then another claim takes it at the next epoch.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void expiryALeaseLastsItsDurationThenIsTakenAtTheNextEpoch() throws Exception {
        String ns = namespace("expiry");
        store().prepare(ns, 0, 0);
        long start = System.nanoTime();
        Grant first = store().acquire(claim(ns, 0, 0, shortLease())).orElseThrow();
        holdersFallSilent();
        Grant second = awaitGrant("the lease to expire on the store's clock", claim(ns, 0, 0, LONG));
        long heldMillis = (System.nanoTime() - start) / 1_000_000;
        // 20 ms for stores that keep time to the millisecond and round it down.
        assertTrue(heldMillis >= shortLease().toMillis() - 20,
                "a lease of " + shortLease().toMillis() + " ms was taken after " + heldMillis + " ms");
        assertEquals(new Grant(0, first.epoch() + 1, null), second);
    }

    /**
     * Rule 3: a write is fenced by token and epoch, not by time: an expired lease nobody took can
     * be renewed; unless the store's leases end with their holder's session
     * ({@link #expiredLeasesHeal()}), in which case the renewal is refused and the partition is
     * free.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void expiryAnExpiredLeaseThatNobodyTookCanStillBeRenewed() throws Exception {
        String ns = namespace("heal");
        store().prepare(ns, 0, 1);
        Claim a = claim(ns, 0, 1, shortLease());
        Grant ga = store().acquire(a).orElseThrow();
        // b acquires after a, for as long: when b's lease has expired, so has a's.
        Grant gb = store().acquire(claim(ns, 0, 1, shortLease())).orElseThrow();
        holdersFallSilent();
        int p = ga.partition();
        int q = gb.partition();
        awaitGrant("the later lease to expire on the store's clock", claim(ns, q, q, LONG));
        if (expiredLeasesHeal()) {
            assertTrue(store().renew(lease(a, ga), a.token(), LONG, snapshot(p, 5)), "token and epoch still match");
            assertTrue(store().acquire(claim(ns, p, p, LONG)).isEmpty(), "renewed: held again");
        } else {
            assertFalse(store().renew(lease(a, ga), a.token(), LONG, snapshot(p, 5)),
                    "the holder's session ended: its lease is lost for good");
            assertEquals(ga.epoch() + 1, store().acquire(claim(ns, p, p, LONG)).orElseThrow().epoch(),
                    "the lost lease's partition is free, at the next epoch");
        }
    }

    // ---- rule 4: state in the lease ------------------------------------------------------------

    /**
     * Rule 4: the last renewal's state, every field at its maximum, is what the next holder gets.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void stateTheLastRenewalsStateIsWhatTheNextHolderGets() throws Exception {
        String ns = namespace("state");
        store().prepare(ns, 65535, 65535);
        Claim a = claim(ns, 65535, 65535, LONG);
        Grant g = store().acquire(a).orElseThrow();
        assertNull(g.state(), "a new record has no state");
        long maxUnits = (1L << 39) - 1;
        GeneratorSnapshot max = new GeneratorSnapshot(65535, 65535, 65535, 0xFFFF_FFFFL, maxUnits, maxUnits,
                maxUnits, 0xFFFF_FFFFL);
        GeneratorSnapshot last = new GeneratorSnapshot(65535, 12, 60000, 0xFFFF_FFFEL, maxUnits - 3, maxUnits - 1,
                maxUnits - 2, 0xFFFF_FFFEL);
        assertTrue(store().renew(lease(a, g), a.token(), LONG, max));
        assertTrue(store().renew(lease(a, g), a.token(), LONG, last));
        assertTrue(store().release(lease(a, g), a.token()));
        Grant next = store().acquire(claim(ns, 65535, 65535, LONG)).orElseThrow();
        assertEquals(new Grant(65535, 2, last), next, "the last renewal's state, every field");
    }

    // ---- release -------------------------------------------------------------------------------

    /**
     * A release frees the partition at once and keeps its state.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void releaseFreesAtOnceAndKeepsTheState() throws Exception {
        String ns = namespace("release");
        store().prepare(ns, 9, 9);
        Claim a = claim(ns, 9, 9, LONG);
        Grant g = store().acquire(a).orElseThrow();
        GeneratorSnapshot s = snapshot(9, 7);
        assertTrue(store().renew(lease(a, g), a.token(), LONG, s));
        assertTrue(store().acquire(claim(ns, 9, 9, LONG)).isEmpty(), "held for 60 s");
        assertTrue(store().release(lease(a, g), a.token()));
        assertEquals(new Grant(9, 2, s), store().acquire(claim(ns, 9, 9, LONG)).orElse(null),
                "free at once, with the state it had");
    }

    // ---- abandon -------------------------------------------------------------------------------

    /**
     * Abandon frees the lease granted to the claim's token and nothing else, and is idempotent.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void abandonFreesTheFailedClaimsLeaseAndNothingElse() throws Exception {
        String ns = namespace("abandon");
        store().prepare(ns, 3, 4);
        Claim a = claim(ns, 3, 4, LONG);
        Grant ga = store().acquire(a).orElseThrow();
        Claim b = claim(ns, 3, 4, LONG);
        Grant gb = store().acquire(b).orElseThrow();
        assertFalse(store().abandon(claim(ns, 3, 4, LONG)), "a claim that was granted nothing frees nothing");
        assertTrue(store().abandon(a), "the granted claim's lease is freed");
        assertFalse(store().abandon(a), "idempotent: nothing left to free");
        assertTrue(store().renew(lease(b, gb), b.token(), LONG, snapshot(gb.partition(), 1)),
                "the other holder's lease is untouched");
        assertFalse(store().renew(lease(a, ga), a.token(), LONG, snapshot(ga.partition(), 1)),
                "the abandoned lease is fenced");
        assertEquals(new Grant(ga.partition(), ga.epoch() + 1, ga.state()),
                store().acquire(claim(ns, 3, 4, LONG)).orElse(null), "free at once, at the next epoch");
    }

    // ---- prepare -------------------------------------------------------------------------------

    /**
     * Prepare, concurrent and repeated, makes one record per partition and frees or resets nothing.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void prepareIsIdempotentWhenConcurrentAndFreesNothing() throws Exception {
        String ns = namespace("prepare");
        concurrently(pool, 4, () -> {
            store().prepare(ns, 0, 2047);
            return null;
        });
        Claim a = claim(ns, 0, 1023, LONG);
        Grant g = store().acquire(a).orElseThrow();
        assertEquals(1, g.epoch());
        concurrently(pool, 4, () -> {
            store().prepare(ns, 0, 2047);
            return null;
        });
        int p = g.partition();
        assertTrue(store().acquire(claim(ns, p, p, LONG)).isEmpty(), "prepare freed the held partition " + p);
        assertTrue(store().release(lease(a, g), a.token()), "prepare changed the holder or epoch");
        assertEquals(2, store().acquire(claim(ns, p, p, LONG)).orElseThrow().epoch(), "prepare reset the epoch");
        // Exactly one record per partition: the last 8 are taken once each, then none is left.
        Set<Integer> taken = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            Grant t = store().acquire(claim(ns, 2040, 2047, LONG)).orElseThrow();
            assertTrue(taken.add(t.partition()) && t.epoch() == 1, "taken twice or not new: " + t);
        }
        assertTrue(store().acquire(claim(ns, 2040, 2047, LONG)).isEmpty(), "a ninth record in 2040..2047");
        // An overlapping range adds what is missing and leaves the rest as it is.
        store().prepare(ns, 2000, 4095);
        assertEquals(1, store().acquire(claim(ns, 4095, 4095, LONG)).orElseThrow().epoch());
        assertTrue(store().acquire(claim(ns, 2040, 2047, LONG)).isEmpty(), "prepare freed held partitions");
    }

    // ---- the claim's range and namespace -------------------------------------------------------

    /**
     * An acquisition takes from the claim's range and namespace only.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void rangeAndNamespaceBoundWhatAnAcquisitionTakes() throws Exception {
        String ns = namespace("range");
        String other = ns + "x";
        store().prepare(ns, 0, 9);
        store().prepare(other, 0, 9);
        Set<Integer> middle = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Grant g = store().acquire(claim(ns, 4, 6, LONG)).orElseThrow();
            assertTrue(g.partition() >= 4 && g.partition() <= 6 && middle.add(g.partition()), "from 4..6: " + g);
        }
        assertTrue(store().acquire(claim(ns, 4, 6, LONG)).isEmpty(), "0..3 and 7..9 are outside the range");
        Set<Integer> rest = new HashSet<>();
        for (int i = 0; i < 7; i++) {
            rest.add(store().acquire(claim(ns, 0, 9, LONG)).orElseThrow().partition());
        }
        assertEquals(Set.of(0, 1, 2, 3, 7, 8, 9), rest);
        assertTrue(store().acquire(claim(ns, 0, 9, LONG)).isEmpty());
        for (int i = 0; i < 10; i++) {
            assertEquals(1, store().acquire(claim(other, 0, 9, LONG)).orElseThrow().epoch(),
                    "namespace " + other + " is untouched by " + ns);
        }
        assertTrue(store().acquire(claim(other, 0, 9, LONG)).isEmpty());
    }

    // ---- a hostile keyspace --------------------------------------------------------------------

    /**
     * A stray name in any of the store's lists (a number the store never spells so, a huge
     * number, a lock file, a backup copy, a nested key) neither frees a held partition nor hides a
     * free one, and costs no memory in proportion to its value; the store leaves it in place.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void hostileNamesNeitherGrantAHeldPartitionNorHideAFreeOne() throws Exception {
        String ns = namespace("stray");
        store().prepare(ns, 0, 1);
        Claim a = claim(ns, 0, 1, LONG);
        Grant ga = store().acquire(a).orElseThrow();
        int p = ga.partition();
        List<String> strays = new ArrayList<>();
        for (String list : keyspace().lists()) {
            for (String name : HostileNames.of(List.of(keyspace().name(list, 0), keyspace().name(list, 1)))) {
                if (keyspace().addStray(ns, list, name)) {
                    strays.add(list + ":" + name.replace("\n", "\\n"));
                }
            }
        }
        String with = " (strays " + strays + ")";
        long before = allocatedBytes();
        Grant gb = acquireAmid(claim(ns, 0, 1, LONG))
                .orElseThrow(() -> new AssertionError("partition " + (1 - p) + " is free" + with));
        assertEquals(new Grant(1 - p, 1, null), gb, "the free partition, new" + with);
        assertTrue(acquireAmid(claim(ns, 0, 1, LONG)).isEmpty(), "both are held" + with);
        assertFalse(store().abandon(claim(ns, 0, 1, LONG)), "a claim granted nothing frees nothing" + with);
        assertTrue(store().release(lease(a, ga), a.token()), "the holder's release" + with);
        assertEquals(new Grant(p, 2, null), acquireAmid(claim(ns, 0, 1, LONG)).orElse(null),
                "the released partition, at the next epoch" + with);
        long allocated = allocatedBytes() - before;
        assertTrue(allocated < 64L << 20, "five calls allocated " + (allocated >> 20) + " MiB on the calling thread"
                + with);
    }

    /**
     * A record the store cannot read (another tool's text, a value of another kind) is never taken
     * and stops no acquisition of the other partitions, although it is the one unused longest; it
     * is reported once, in a warning that names the namespace, escapes what it quotes, and says
     * what deleting the record costs.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void unreadableRecordsAreSkippedAndReportedOnce() throws Exception {
        String ns = namespace("spoilt");
        usedAndReleased(ns, 0, 3, 1, 0, 2, 3);
        keyspace().spoilRecord(ns, 1, HostileNames.FORGED);
        if (!keyspace().wrongKindRecord(ns, 2)) {
            keyspace().spoilRecord(ns, 2, HostileNames.BINARY);
        }
        try (Warnings warnings = Warnings.capture()) {
            Set<Integer> granted = new TreeSet<>();
            for (int i = 0; i < 2; i++) {
                Grant g = acquireAmid(claim(ns, 0, 3, LONG))
                        .orElseThrow(() -> new AssertionError("partitions 0 and 3 are free, got " + granted));
                assertEquals(2, g.epoch(), "a readable record, used once: " + g);
                granted.add(g.partition());
            }
            assertEquals(Set.of(0, 3), granted, "the readable partitions");
            for (int i = 0; i < 3; i++) {
                assertTrue(acquireAmid(claim(ns, 0, 3, LONG)).isEmpty(), "an unreadable record was taken");
                assertTrue(acquireAmid(claim(ns, 1, 2, LONG)).isEmpty(), "an unreadable record was taken");
            }
            List<String> reports = warnings.about(ns);
            assertEquals(2, reports.size(), "one warning for each of the two bad records: " + reports);
            reports.forEach(LeaseStoreContract::assertSafeWarning);
        }
    }

    /**
     * The warning about an unreadable record stays within 1,000 characters whatever it quotes: in
     * the longest namespace a builder accepts (64 characters, most of them a right-to-left override,
     * which every warning writes as a six-character escape) and with a record of another tool's
     * text several hundred characters long. It still names the namespace's start, escapes all it
     * quotes and says what deleting the record costs.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void aWarningStaysShortWhateverItQuotes() throws Exception {
        String start = namespace("long");
        String ns = start + "\u202e".repeat(64 - start.length());
        usedAndReleased(ns, 0, 1, 0, 1);
        keyspace().spoilRecord(ns, 0, HostileNames.FORGED.repeat(8));
        try (Warnings warnings = Warnings.capture()) {
            Grant g = acquireAmid(claim(ns, 0, 1, LONG))
                    .orElseThrow(() -> new AssertionError("partition 1 is free and readable"));
            assertEquals(1, g.partition(), "the readable partition");
            assertTrue(acquireAmid(claim(ns, 0, 1, LONG)).isEmpty(), "an unreadable record was taken");
            List<String> reports = warnings.about(start);
            assertEquals(1, reports.size(), "one warning, naming the namespace's start: " + reports);
            assertSafeWarning(reports.get(0));
        }
    }

    /**
     * Namespaces that differ only in what a lossy mapping drops (an unpaired surrogate, a
     * character that escaping or a path separator confuses) never share a record: each is either
     * refused, naming it, or a namespace of its own.
     *
     * @throws Exception if the store fails
     */
    @Test
    public void namespacesThatLookAlikeNeverShare() throws Exception {
        String base = namespace("alike");
        List<String> alike = new ArrayList<>(List.of(base, base + "?", base + "\uD800", base + "\uDBFF",
                base + "%3F", base + "%3f", base + "/x", base + "%2Fx", base + "%2fx", base + ".", base + "..",
                base + "\u00e9", base + "e\u0301", base + "}", base + "{", base + ":p:0", base + "\\x"));
        for (String list : keyspace().lists()) {
            alike.add(base + "/" + list);
        }
        List<String> kept = new ArrayList<>();
        for (String ns : alike) {
            String shown = ns.replace("\uD800", "\\uD800").replace("\uDBFF", "\\uDBFF");
            try {
                store().prepare(ns, 0, 0);
            } catch (IllegalArgumentException refused) {
                assertTrue(refused.getMessage() != null && refused.getMessage().contains(base),
                        "the refusal names the namespace: " + refused.getMessage());
                continue;
            }
            Optional<Grant> g = acquireAmid(claim(ns, 0, 0, LONG));
            assertEquals(Optional.of(new Grant(0, 1, null)), g,
                    "namespace \"" + shown + "\" shares a record with one of " + kept);
            kept.add(shown);
        }
        assertTrue(kept.contains(base), "a plain namespace is kept");
    }

    // ---- helpers -------------------------------------------------------------------------------

    /**
     * A claim with a fresh random token.
     *
     * @param ns     the namespace
     * @param lo     the first partition
     * @param hi     the last partition
     * @param lease  the lease duration
     * @return the claim
     */
    protected static Claim claim(String ns, int lo, int hi, Duration lease) {
        return new Claim(ns, lo, hi, lease, UUID.randomUUID().toString().replace("-", ""), "contract-host", 4242);
    }

    /**
     * The lease a grant gives a claim.
     *
     * @param c  the claim
     * @param g  the grant
     * @return the lease
     */
    protected static PartitionLease lease(Claim c, Grant g) {
        return new PartitionLease(c.namespace(), g.partition(), g.epoch(), c.host(), c.pid());
    }

    /**
     * Prepares lo..hi, takes each of its partitions once and releases them in the given order, so
     * that every one has a record and the first released is the one unused longest.
     */
    private void usedAndReleased(String ns, int lo, int hi, int... order) throws Exception {
        store().prepare(ns, lo, hi);
        Map<Integer, PartitionLease> leases = new TreeMap<>();
        Map<Integer, Claim> claims = new TreeMap<>();
        for (int i = lo; i <= hi; i++) {
            Claim c = claim(ns, lo, hi, LONG);
            Grant g = store().acquire(c).orElseThrow();
            claims.put(g.partition(), c);
            leases.put(g.partition(), lease(c, g));
        }
        for (int p : order) {
            assertTrue(store().release(leases.get(p), claims.get(p).token()));
        }
    }

    /**
     * A warning about an unreadable record: every character it quotes escaped, at most 1,000
     * characters, and it says what deleting the record costs.
     */
    private static void assertSafeWarning(String r) {
        int bad = HostileNames.unsafeCharacter(r);
        assertEquals(-1, bad, () -> "a raw character U+" + Integer.toHexString(r.charAt(bad)) + " in: " + r);
        assertTrue(r.length() <= 1_000, "a warning of " + r.length() + " characters: " + r);
        assertTrue(r.toLowerCase(java.util.Locale.ROOT).contains("delet"),
                "the warning says what deleting the record costs: " + r);
    }

    /** Acquires with the claim until it is granted, polling, for at most 10 short leases + 2 s. */
    private Grant awaitGrant(String what, Claim c) throws IOException {
        return ContractSupport.awaitGrant(store(), shortLease().toMillis() * 10 + 2_000, what, c);
    }

    /** Acquires amid hostile data ({@link ContractSupport#acquireAmid}). */
    private Optional<Grant> acquireAmid(Claim c) {
        return ContractSupport.acquireAmid(store(), c);
    }
}
