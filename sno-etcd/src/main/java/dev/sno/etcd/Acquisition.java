package dev.sno.etcd;

import dev.sno.etcd.Keys.Record;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.ObjLongConsumer;

/**
 * One {@link EtcdLeaseStore#acquire}. Partitions never acquired have no record yet: while the
 * claim's range has such a partition (its records are fewer than its partitions, an index-only
 * count), the lowest one is taken, found by counts (one when the used partitions are a prefix of
 * the range, as they are when every acquisition takes the lowest). Once every partition of the
 * range has a record, it reads, at one revision, the holder keys of the range and its records
 * oldest first (by {@code mod_revision}, a page at a time), and tries the free ones in that order.
 * Each try is one transaction that succeeds only if the partition is still free and its record
 * unchanged (or still absent). A transaction that fails means another acquisition was faster: the
 * next candidate is tried, and after {@link #PER_READ} of them the range is read again.
 */
final class Acquisition {

    /** Records per page of the oldest-first read. */
    static final int PAGE = 128;

    /** Candidates tried on one read before reading again. */
    private static final int PER_READ = 16;

    /** Reads of the range before giving up (each read after failed attempts by contention). */
    private static final int READS = 50;

    private final EtcdCalls etcd;
    private final Claim claim;
    private final Duration timeout;
    private final ObjLongConsumer<String> written;
    private final long ttl;
    private long leaseId;

    Acquisition(EtcdCalls etcd, Claim claim, Duration timeout, ObjLongConsumer<String> written) {
        this.etcd = etcd;
        this.claim = claim;
        this.timeout = timeout;
        this.written = written;
        this.ttl = EtcdLeaseStore.ttlSeconds(claim.leaseDuration());
    }

    Optional<Grant> run() throws IOException {
        try {
            for (int read = 0; read < READS; read++) {
                long size = claim.hi() - claim.lo() + 1L;
                long records = count(claim.lo(), claim.hi());
                if (records < size) {
                    Optional<Grant> g = attempt(firstNeverUsed(records), null);
                    if (g.isPresent()) {
                        return g;
                    }
                    continue;
                }
                Snapshot s = read();
                if (!s.hasCandidate()) {
                    release();
                    return Optional.empty();
                }
                for (int tried = 0; tried < PER_READ; tried++) {
                    KeyValue candidate = s.next();
                    if (candidate == null) {
                        break;
                    }
                    Optional<Grant> g = attempt(Keys.partition(candidate.getKey()), candidate);
                    if (g.isPresent()) {
                        return g;
                    }
                }
            }
            throw new IOException("No acquisition in sno namespace \"" + claim.namespace() + "\" " + claim.lo() + ".."
                    + claim.hi() + " succeeded after " + READS + " reads: every free partition read was taken by"
                    + " another acquisition first");
        } catch (IOException | RuntimeException e) {
            release(); // whatever it holds, if its transaction got through after all
            throw e;
        }
    }

    /** How many records the partitions from..to have: etcd counts them in its index alone. */
    private long count(int from, int to) throws IOException {
        return etcd.get(Keys.record(claim.namespace(), from), GetOption.builder()
                .withRange(Keys.record(claim.namespace(), to + 1)).withCountOnly(true).build(), timeout,
                "the count of the records of " + claim.namespace() + " " + from + ".." + to).getCount();
    }

    /** The lowest partition of the range without a record, given that the range has that many records. */
    private int firstNeverUsed(long records) throws IOException {
        int lo = claim.lo();
        if (records == 0 || count(lo, lo + (int) records - 1) == records) {
            return lo + (int) records; // the used partitions are a prefix of the range
        }
        int a = lo;
        int b = claim.hi(); // a partition without a record is in [a, b]; none is in [lo, a)
        while (a < b) {
            int mid = (a + b) >>> 1;
            if (count(a, mid) < mid - a + 1L) {
                b = mid;
            } else {
                a = mid + 1;
            }
        }
        return a;
    }

    /**
     * One transaction for one free partition, whose record was read (or is absent: null): the holder
     * key on this acquisition's etcd lease, and the record with the epoch plus one.
     */
    private Optional<Grant> attempt(int p, KeyValue recordKv) throws IOException {
        Record old = recordKv == null ? Record.NEW : Record.decode(recordKv);
        if (leaseId == 0) {
            leaseId = etcd.grant(ttl, timeout, "the etcd lease of an acquisition in " + claim.namespace());
        }
        long epoch = old.epoch() + 1;
        ByteSequence holder = Keys.holder(claim.namespace(), p);
        ByteSequence record = Keys.record(claim.namespace(), p);
        Record next = new Record(epoch, claim.token(), claim.pid(), claim.host(), old.state());
        TxnResponse t = etcd.txn(
                new Cmp[] {new Cmp(holder, Cmp.Op.EQUAL, CmpTarget.createRevision(0)), recordKv == null
                        ? new Cmp(record, Cmp.Op.EQUAL, CmpTarget.createRevision(0))
                        : new Cmp(record, Cmp.Op.EQUAL, CmpTarget.modRevision(recordKv.getModRevision()))},
                new Op[] {Op.put(holder, Keys.holderValue(epoch, claim.token()),
                        PutOption.builder().withLeaseId(leaseId).build()),
                        Op.put(record, next.encode(), PutOption.DEFAULT)},
                new Op[0], timeout, "the acquisition of partition " + claim.namespace() + "/" + p);
        if (!t.isSucceeded()) {
            return Optional.empty();
        }
        written.accept(claim.token(), t.getHeader().getRevision());
        leaseId = 0; // the holder's now
        return Optional.of(new Grant(p, epoch, old.state()));
    }

    /** Revokes the etcd lease this acquisition granted and does not hand out, if any. */
    private void release() {
        if (leaseId != 0) {
            etcd.revokeQuietly(leaseId, timeout);
            leaseId = 0;
        }
    }

    private Snapshot read() throws IOException {
        String ns = claim.namespace();
        String what = "the read of the partitions " + ns + " " + claim.lo() + ".." + claim.hi();
        TxnResponse t = etcd.txn(new Cmp[0], new Op[] {
                Op.get(Keys.holder(ns, claim.lo()), GetOption.builder().withRange(Keys.holder(ns, claim.hi() + 1))
                        .withKeysOnly(true).build()),
                Op.get(Keys.record(ns, claim.lo()), page(0, 0))}, new Op[0], timeout, what);
        Set<Integer> held = new HashSet<>();
        for (KeyValue kv : t.getGetResponses().get(0).getKvs()) {
            held.add(Keys.partition(kv.getKey()));
        }
        return new Snapshot(t.getHeader().getRevision(), held, t.getGetResponses().get(1), what);
    }

    /** The records of the range at a revision, oldest first, from a mod_revision on. */
    private GetOption page(long revision, long fromModRevision) {
        GetOption.Builder b = GetOption.builder().withRange(Keys.record(claim.namespace(), claim.hi() + 1))
                .withSortField(GetOption.SortTarget.MOD).withSortOrder(GetOption.SortOrder.ASCEND).withLimit(PAGE)
                .withMinModRevision(fromModRevision);
        return revision == 0 ? b.build() : b.withRevision(revision).build();
    }

    /** The free records of one read, in the order to try them, fetched a page at a time. */
    private final class Snapshot {

        private final long revision;
        private final Set<Integer> held;
        private final String what;
        private final Set<Integer> seen = new HashSet<>();
        private final List<KeyValue> free = new ArrayList<>();
        private int next;
        private long lastModRevision;
        private boolean more;

        Snapshot(long revision, Set<Integer> held, GetResponse first, String what) throws IOException {
            this.revision = revision;
            this.held = held;
            this.what = what;
            add(first);
            while (free.isEmpty() && more) {
                fetch();
            }
        }

        boolean hasCandidate() {
            return !free.isEmpty();
        }

        /** The next free record, oldest first; null when none is left. */
        KeyValue next() throws IOException {
            while (next == free.size() && more) {
                fetch();
            }
            return next < free.size() ? free.get(next++) : null;
        }

        private void fetch() throws IOException {
            add(etcd.get(Keys.record(claim.namespace(), claim.lo()), page(revision, lastModRevision), timeout, what));
        }

        private void add(GetResponse r) {
            List<KeyValue> page = new ArrayList<>(r.getKvs());
            // etcd sorts by mod_revision alone; records of one prepare share it: lowest partition first
            page.sort(Comparator.comparingLong(KeyValue::getModRevision).thenComparingInt(kv -> Keys.partition(kv.getKey())));
            int added = 0;
            for (KeyValue kv : page) {
                int p = Keys.partition(kv.getKey());
                if (seen.add(p)) {
                    added++;
                    lastModRevision = Math.max(lastModRevision, kv.getModRevision());
                    if (!held.contains(p)) {
                        free.add(kv);
                    }
                }
            }
            more = r.isMore() && added > 0;
        }
    }
}
