package dev.sno.lease.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
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
        ABANDON_FREES_NOTHING("abandonFreesTheFailedClaimsLeaseAndNothingElse");

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

        private static final class Record {
            long epoch;
            String token;
            long expires;
            long used;
            GeneratorSnapshot state;
        }

        private final Broken broken;
        private final Map<String, Record> records = new HashMap<>();

        MemoryStore(Broken broken) {
            this.broken = broken;
        }

        private static String key(String namespace, int partition) {
            return namespace + "\0" + partition;
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
        public Optional<Grant> acquire(Claim claim) {
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

        /** The free partition unused longest, or -1. */
        private int pick(Claim claim) {
            long now = System.nanoTime();
            int lo = broken == Broken.IGNORES_RANGE ? 0 : claim.lo();
            int hi = broken == Broken.IGNORES_RANGE ? 65535 : claim.hi();
            int best = -1;
            for (int p = lo; p <= hi; p++) {
                Record r = records.get(key(claim.namespace(), p));
                boolean free = r != null && (r.token == null || broken == Broken.TAKES_HELD
                        || broken != Broken.NEVER_EXPIRES && now - r.expires > 0);
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
