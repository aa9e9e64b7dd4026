package dev.sno.testsupport;

import dev.sno.GeneratorSnapshot;
import dev.sno.config.SafeText;
import dev.sno.config.Settings;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.LeaseStoreProvider;
import dev.sno.lease.PartitionLease;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A lease store that is neither sno-jdbc's nor sno-redis's, to show that a store module plugs
 * into plain Java, Spring Boot and Quarkus through {@link LeaseStoreProvider} alone: leases in
 * this JVM's memory (one map for the whole JVM, so that two applications in one test share it),
 * with this JVM's monotonic clock. Registered in {@code test-support/decisions/META-INF/services}.
 * It serves only when named ({@code sno.lease.store=memory}), and reads one setting of its own,
 * {@code sno.lease.memory.label}, shown in the startup line.
 */
public final class MemoryLeaseStoreProvider implements LeaseStoreProvider {

    private static final MemoryStore STORE = new MemoryStore();

    /** For {@link java.util.ServiceLoader}. */
    public MemoryLeaseStoreProvider() {
    }

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public int order() {
        return 300;
    }

    @Override
    public List<String> settingNames() {
        return List.of("sno.lease.memory.label");
    }

    @Override
    public Offer offer(Settings settings, LeaseResources resources, boolean required) {
        if (!settings.text("sno.lease.store").map("memory"::equalsIgnoreCase).orElse(false)) {
            return Offer.decline("the memory store serves only when named", "Set sno.lease.store=memory.", false);
        }
        return Offer.serve(STORE, "memory (" + settings.text("sno.lease.memory.label").orElse("test") + ")", null);
    }

    /** The partitions held in the JVM's store now, for tests. */
    public static synchronized int held(String namespace) {
        return STORE.held(namespace);
    }

    /**
     * Overwrites a record as another program could, for the contract's hostile-keyspace tests:
     * the store cannot read it any more.
     *
     * @param namespace  the namespace
     * @param partition  a prepared partition
     * @param text       what the program wrote
     */
    public static void spoil(String namespace, int partition, String text) {
        STORE.spoil(namespace, partition, text);
    }

    /** Leases in a map; every rule of the contract kept, in one lock. */
    private static final class MemoryStore implements LeaseStore {

        private static final System.Logger LOG = System.getLogger("dev.sno.testsupport.memory");

        private static final class Record {
            long epoch;
            String token;
            long expires;
            long used;
            GeneratorSnapshot state;
            /** What another program wrote over the record, or null. */
            String spoilt;
        }

        private final Map<String, Record> records = new HashMap<>();
        private final Set<String> reported = new HashSet<>();

        synchronized void spoil(String namespace, int partition, String text) {
            records.get(key(namespace, partition)).spoilt = text;
        }

        /** Whether the record can be read; an unreadable one is reported once. */
        private boolean readable(String namespace, int partition, Record r) {
            if (r.spoilt == null) {
                return true;
            }
            if (reported.add(key(namespace, partition))) {
                LOG.log(System.Logger.Level.WARNING, "sno: partition " + partition + " of namespace \""
                        + SafeText.of(namespace) + "\" is skipped: its record holds \"" + SafeText.of(r.spoilt)
                        + "\". Deleting the record frees the partition and drops its saved state.");
            }
            return false;
        }

        private static String key(String namespace, int partition) {
            return namespace + "\0" + partition;
        }

        synchronized int held(String namespace) {
            long now = System.nanoTime();
            int n = 0;
            for (Map.Entry<String, Record> e : records.entrySet()) {
                Record r = e.getValue();
                if (e.getKey().startsWith(namespace + "\0") && r.token != null && now - r.expires < 0) {
                    n++;
                }
            }
            return n;
        }

        @Override
        public synchronized void prepare(String namespace, int lo, int hi) {
            for (int p = lo; p <= hi; p++) {
                records.putIfAbsent(key(namespace, p), new Record());
            }
        }

        @Override
        public synchronized Optional<Grant> acquire(Claim claim) {
            long now = System.nanoTime();
            int best = -1;
            for (int p = claim.lo(); p <= claim.hi(); p++) {
                Record r = records.get(key(claim.namespace(), p));
                boolean free = r != null && (r.token == null || now - r.expires > 0)
                        && readable(claim.namespace(), p, r);
                if (free && (best < 0 || r.used < records.get(key(claim.namespace(), best)).used)) {
                    best = p;
                }
            }
            if (best < 0) {
                return Optional.empty();
            }
            Record r = records.get(key(claim.namespace(), best));
            r.epoch++;
            r.token = claim.token();
            r.expires = now + claim.leaseDuration().toNanos();
            r.used = now;
            return Optional.of(new Grant(best, r.epoch, r.state));
        }

        @Override
        public synchronized boolean renew(PartitionLease lease, String token, Duration leaseDuration,
                GeneratorSnapshot state) {
            Record r = records.get(key(lease.namespace(), lease.partition()));
            if (r == null || r.spoilt != null || !token.equals(r.token) || r.epoch != lease.epoch()) {
                return false;
            }
            r.state = state;
            r.expires = System.nanoTime() + leaseDuration.toNanos();
            r.used = System.nanoTime();
            return true;
        }

        @Override
        public synchronized boolean release(PartitionLease lease, String token) {
            Record r = records.get(key(lease.namespace(), lease.partition()));
            if (r == null || r.spoilt != null || !token.equals(r.token) || r.epoch != lease.epoch()) {
                return false;
            }
            r.token = null;
            r.used = System.nanoTime();
            return true;
        }

        @Override
        public synchronized boolean abandon(Claim claim) {
            boolean freed = false;
            for (int p = claim.lo(); p <= claim.hi(); p++) {
                Record r = records.get(key(claim.namespace(), p));
                if (r != null && r.spoilt == null && claim.token().equals(r.token)) {
                    r.token = null;
                    r.used = System.nanoTime();
                    freed = true;
                }
            }
            return freed;
        }

        @Override
        public String toString() {
            return "memory lease store (test)";
        }
    }
}
