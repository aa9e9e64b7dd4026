package dev.sno.lease.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The contract's own test: an in-memory {@link LeaseStore} that keeps every rule passes
 * {@link LeaseStoreContract} (this class extends it), and each {@link Broken} variant of it, which
 * breaks one rule, fails the contract's test of that rule; every test of the contract is failed
 * by some broken store, so none of them passes whatever the store does.
 */
class LeaseStoreContractSelfTest extends LeaseStoreContract {

    /** One broken rule, and the contract tests that must fail because of it. */
    enum Broken {
        NONE,
        /** Acquisition ignores expiry: it takes held partitions. */
        TAKES_HELD("oneHolderNineConcurrentAcquirersForEightPartitions",
                "expiryALeaseLastsItsDurationThenIsTakenAtTheNextEpoch"),
        /** Acquisition picks a free partition and takes it in two steps. */
        NOT_ATOMIC("oneHolderNineConcurrentAcquirersForEightPartitions"),
        /** Acquisition keeps the epoch. */
        SAME_EPOCH("fencingATakenOverHolderOrAStrangerWritesNothing"),
        /** A renewal with the holder's token is written whatever its epoch. */
        RENEW_IGNORES_EPOCH("fencingATakenOverHolderOrAStrangerWritesNothing"),
        /** A release at the holder's epoch is done whatever its token. */
        RELEASE_IGNORES_TOKEN("fencingATakenOverHolderOrAStrangerWritesNothing"),
        /** Leases never expire. */
        NEVER_EXPIRES("expiryALeaseLastsItsDurationThenIsTakenAtTheNextEpoch"),
        /** Leases last half their duration. */
        EXPIRES_EARLY("expiryALeaseLastsItsDurationThenIsTakenAtTheNextEpoch"),
        /** A renewal of an expired lease is refused although nobody took it. */
        RENEW_REFUSES_EXPIRED("expiryAnExpiredLeaseThatNobodyTookCanStillBeRenewed"),
        /** A renewal keeps the state the record already has. */
        RENEW_KEEPS_OLD_STATE("stateTheLastRenewalsStateIsWhatTheNextHolderGets"),
        /** A release answers true and frees nothing. */
        RELEASE_FREES_NOTHING("releaseFreesAtOnceAndKeepsTheState"),
        /** A release forgets the state. */
        RELEASE_DROPS_STATE("releaseFreesAtOnceAndKeepsTheState"),
        /** Prepare writes free records over existing ones. */
        PREPARE_RESETS("prepareIsIdempotentWhenConcurrentAndFreesNothing"),
        /** Acquisition takes from all of the namespace, not the claim's range. */
        IGNORES_RANGE("rangeAndNamespaceBoundWhatAnAcquisitionTakes"),
        /** Abandon frees every lease of the claim's range, whatever its token. */
        ABANDON_IGNORES_TOKEN("abandonFreesTheFailedClaimsLeaseAndNothingElse"),
        /** Abandon answers true and frees nothing. */
        ABANDON_FREES_NOTHING("abandonFreesTheFailedClaimsLeaseAndNothingElse"),
        /** A member of the free list counts as a free partition if Integer.parseInt reads it, trimmed. */
        LENIENT_NAMES("hostileNamesNeitherGrantAHeldPartitionNorHideAFreeOne"),
        /** A free list of partition numbers is read into a BitSet as large as its largest number. */
        BITSET_BY_VALUE("hostileNamesNeitherGrantAHeldPartitionNorHideAFreeOne"),
        /** An acquisition fails when a record of its range is unreadable. */
        UNREADABLE_FAILS("unreadableRecordsAreSkippedAndReportedOnce"),
        /** An unreadable record is taken as a new one. */
        UNREADABLE_TAKEN("unreadableRecordsAreSkippedAndReportedOnce"),
        /** An unreadable record is skipped and reported at every acquisition. */
        REPORTS_EVERY_TIME("unreadableRecordsAreSkippedAndReportedOnce"),
        /** The report quotes the record's text as it is. */
        REPORTS_RAW("unreadableRecordsAreSkippedAndReportedOnce"),
        /** The report quotes the record's whole text, escaped but never cut. */
        REPORTS_AT_LENGTH("aWarningStaysShortWhateverItQuotes"),
        /** Namespaces are kept under their ASCII letters and digits, each other character a '_'. */
        LOSSY_NAMESPACES("namespacesThatLookAlikeNeverShare");

        final Set<String> fails;

        Broken(String... fails) {
            this.fails = Set.of(fails);
        }
    }

    private Broken broken = Broken.NONE;
    private MemoryStore store;

    @Override
    protected LeaseStore store() {
        if (store == null) {
            store = new MemoryStore(broken);
        }
        return store;
    }

    @Override
    protected Duration shortLease() {
        return Duration.ofMillis(200);
    }

    @Override
    protected Keyspace keyspace() {
        store();
        return store.keyspace;
    }

    @ParameterizedTest
    @EnumSource(value = Broken.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void aStoreThatBreaksOneRuleFailsTheTestOfThatRule(Broken rule) throws Exception {
        for (String test : rule.fails) {
            LeaseStoreContractSelfTest contract = new LeaseStoreContractSelfTest();
            contract.broken = rule;
            Throwable failure = contract.run(test);
            assertNotNull(failure, rule + " passed " + test);
            assertInstanceOf(AssertionError.class, failure, rule + " in " + test);
            System.out.println("[contract] " + rule + " fails " + test + ": " + failure.getMessage());
        }
    }

    @Test
    void everyTestOfTheContractFailsForSomeBrokenStore() {
        Set<String> tests = new TreeSet<>();
        for (Method m : LeaseStoreContract.class.getDeclaredMethods()) {
            if (m.isAnnotationPresent(Test.class)) {
                tests.add(m.getName());
            }
        }
        Set<String> failed = new TreeSet<>();
        Arrays.stream(Broken.values()).forEach(b -> failed.addAll(b.fails));
        assertEquals(tests, failed);
    }

    /** Runs one test of the contract as JUnit would: the @BeforeEach, the test, the @AfterEach. */
    private Throwable run(String test) throws Exception {
        Throwable failure = null;
        try {
            lifecycle(BeforeEach.class);
            Method m = LeaseStoreContract.class.getDeclaredMethod(test);
            m.setAccessible(true);
            m.invoke(this);
        } catch (InvocationTargetException e) {
            failure = e.getCause();
        } finally {
            lifecycle(AfterEach.class);
        }
        return failure;
    }

    private void lifecycle(Class<? extends java.lang.annotation.Annotation> kind) throws Exception {
        for (Method m : LeaseStoreContract.class.getDeclaredMethods()) {
            if (m.isAnnotationPresent(kind)) {
                m.setAccessible(true);
                m.invoke(this);
            }
        }
    }

    /**
     * Leases in a map, with this JVM's monotonic clock as the store's clock: every rule kept, but
     * the one {@link Broken} says.
     */
    private static final class MemoryStore implements LeaseStore {

        private static final System.Logger LOG = System.getLogger("dev.sno.lease.tck.memory");

        private static final class Record {
            long epoch;
            String token;
            long expires;
            long used;
            GeneratorSnapshot state;
            /** What another tool wrote over the record, or null. */
            String spoilt;
        }

        private final Broken broken;
        private final Map<String, Record> records = new HashMap<>();
        /** The members of each namespace's free list that the store did not write. */
        private final Map<String, List<String>> strays = new HashMap<>();
        private final Set<String> reported = new HashSet<>();

        /** The free list holds the store's names of free partitions (it reads none of them) and strays. */
        final Keyspace keyspace = new Keyspace() {
            @Override
            public List<String> lists() {
                return List.of("free");
            }

            @Override
            public String name(String list, int partition) {
                return Integer.toString(partition);
            }

            @Override
            public boolean addStray(String namespace, String list, String name) {
                synchronized (MemoryStore.this) {
                    strays.computeIfAbsent(key(namespace), k -> new ArrayList<>()).add(name);
                }
                return true;
            }

            @Override
            public void spoilRecord(String namespace, int partition, String text) {
                synchronized (MemoryStore.this) {
                    records.get(key(namespace, partition)).spoilt = text;
                }
            }

            @Override
            public boolean wrongKindRecord(String namespace, int partition) {
                return false;
            }
        };

        MemoryStore(Broken broken) {
            this.broken = broken;
        }

        private String key(String namespace) {
            if (broken != Broken.LOSSY_NAMESPACES) {
                return namespace;
            }
            StringBuilder b = new StringBuilder();
            namespace.chars().forEach(c -> b.append(c < 128 && Character.isLetterOrDigit(c) || c == '-' ? (char) c : '_'));
            return b.toString();
        }

        private String key(String namespace, int partition) {
            return key(namespace) + "\0" + partition;
        }

        @Override
        public synchronized void prepare(String namespace, int lo, int hi) {
            for (int p = lo; p <= hi; p++) {
                if (broken == Broken.PREPARE_RESETS) {
                    records.put(key(namespace, p), new Record());
                } else {
                    records.putIfAbsent(key(namespace, p), new Record());
                }
            }
        }

        @Override
        public Optional<Grant> acquire(Claim claim) throws IOException {
            synchronized (this) {
                readFreeList(claim);
            }
            if (broken != Broken.NOT_ATOMIC) {
                synchronized (this) {
                    return take(claim, pick(claim));
                }
            }
            int p;
            synchronized (this) {
                p = pick(claim);
            }
            LockSupport.parkNanos(1_000_000L);
            synchronized (this) {
                return take(claim, p);
            }
        }

        /** Reads the strays of the free list, as the broken stores do; the sound one ignores them. */
        private void readFreeList(Claim claim) {
            List<String> names = strays.getOrDefault(key(claim.namespace()), List.of());
            if (broken == Broken.BITSET_BY_VALUE) {
                BitSet free = new BitSet();
                for (String name : names) {
                    try {
                        free.set(Integer.parseInt(name.trim()));
                    } catch (NumberFormatException | IndexOutOfBoundsException notANumber) {
                        // skipped
                    }
                }
            }
        }

        /** Whether a stray of the free list, read leniently, frees a held partition. */
        private boolean freedByStray(Claim claim, int p) {
            if (broken != Broken.LENIENT_NAMES) {
                return false;
            }
            for (String name : strays.getOrDefault(key(claim.namespace()), List.of())) {
                try {
                    if (Integer.parseInt(name.trim()) == p) {
                        return true;
                    }
                } catch (NumberFormatException notANumber) {
                    // skipped
                }
            }
            return false;
        }

        /** Whether the record can be read; reports an unreadable one once (or as broken says). */
        private boolean readable(Claim claim, int p, Record r) throws IOException {
            if (r == null || r.spoilt == null) {
                return true;
            }
            if (broken == Broken.UNREADABLE_FAILS) {
                throw new IOException("record " + p + " of " + claim.namespace() + " is unreadable");
            }
            if (broken == Broken.UNREADABLE_TAKEN) {
                return true;
            }
            String key = key(claim.namespace(), p);
            if (reported.add(key) || broken == Broken.REPORTS_EVERY_TIME) {
                String quoted = broken == Broken.REPORTS_AT_LENGTH || r.spoilt.length() <= 40 ? r.spoilt
                        : r.spoilt.substring(0, 40) + "...";
                String text = broken == Broken.REPORTS_RAW ? r.spoilt : escape(quoted);
                LOG.log(System.Logger.Level.WARNING, "The record of partition " + p + " in namespace "
                        + escape(claim.namespace()) + " is not a sno lease record: \"" + text + "\"; it is skipped."
                        + " Deleting it frees the partition and drops its saved state.");
            }
            return false;
        }

        private static String escape(String text) {
            StringBuilder b = new StringBuilder();
            text.chars().forEach(c -> b.append(c < 0x20 || c >= 0x7f ? String.format("\\u%04x", c) : String.valueOf((char) c)));
            return b.toString();
        }

        /** The free partition unused longest, or -1. */
        private int pick(Claim claim) throws IOException {
            long now = System.nanoTime();
            int lo = broken == Broken.IGNORES_RANGE ? 0 : claim.lo();
            int hi = broken == Broken.IGNORES_RANGE ? 65535 : claim.hi();
            int best = -1;
            for (int p = lo; p <= hi; p++) {
                Record r = records.get(key(claim.namespace(), p));
                boolean free = r != null && (r.token == null || broken == Broken.TAKES_HELD
                        || broken != Broken.NEVER_EXPIRES && now - r.expires > 0 || freedByStray(claim, p))
                        && readable(claim, p, r);
                if (free && (best < 0 || r.used < records.get(key(claim.namespace(), best)).used)) {
                    best = p;
                }
            }
            return best;
        }

        private Optional<Grant> take(Claim claim, int p) {
            if (p < 0) {
                return Optional.empty();
            }
            Record r = records.get(key(claim.namespace(), p));
            long now = System.nanoTime();
            if (r.spoilt != null) {
                r.spoilt = null;
                r.epoch = 0;
            }
            r.epoch += broken == Broken.SAME_EPOCH ? 0 : 1;
            r.token = claim.token();
            long lease = claim.leaseDuration().toNanos();
            r.expires = now + (broken == Broken.EXPIRES_EARLY ? lease / 2 : lease);
            r.used = now;
            return Optional.of(new Grant(p, r.epoch, r.state));
        }

        @Override
        public synchronized boolean renew(PartitionLease lease, String token, Duration leaseDuration,
                GeneratorSnapshot state) {
            Record r = records.get(key(lease.namespace(), lease.partition()));
            long now = System.nanoTime();
            if (r == null || !token.equals(r.token)
                    || broken != Broken.RENEW_IGNORES_EPOCH && r.epoch != lease.epoch()
                    || broken == Broken.RENEW_REFUSES_EXPIRED && now - r.expires > 0) {
                return false;
            }
            if (broken != Broken.RENEW_KEEPS_OLD_STATE || r.state == null) {
                r.state = state;
            }
            r.expires = now + leaseDuration.toNanos();
            r.used = now;
            return true;
        }

        @Override
        public synchronized boolean abandon(Claim claim) {
            boolean freed = false;
            for (int p = claim.lo(); p <= claim.hi(); p++) {
                Record r = records.get(key(claim.namespace(), p));
                if (r != null && r.token != null
                        && (broken == Broken.ABANDON_IGNORES_TOKEN || r.token.equals(claim.token()))) {
                    if (broken != Broken.ABANDON_FREES_NOTHING) {
                        r.token = null;
                        r.used = System.nanoTime();
                    }
                    freed = true;
                }
            }
            return freed;
        }

        @Override
        public synchronized boolean release(PartitionLease lease, String token) {
            Record r = records.get(key(lease.namespace(), lease.partition()));
            if (r == null || r.token == null || r.epoch != lease.epoch()
                    || broken != Broken.RELEASE_IGNORES_TOKEN && !token.equals(r.token)) {
                return false;
            }
            if (broken != Broken.RELEASE_FREES_NOTHING) {
                r.token = null;
                r.used = System.nanoTime();
            }
            if (broken == Broken.RELEASE_DROPS_STATE) {
                r.state = null;
            }
            return true;
        }
    }
}
