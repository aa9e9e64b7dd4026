package dev.sno.etcd;

import dev.sno.lease.LeaseStore.Claim;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import java.io.IOException;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;

/**
 * Finds a partition of a claim's range that was never used: one with no record key (and no holder
 * key). Two ways:
 * <ul>
 *   <li>{@link #count} and {@link #guess}: counts in etcd's index alone, one when the used
 *       partitions are a prefix of the range, as they are when every acquisition takes the lowest.
 *       A count is of every key in a range of keys, a stray one (a backup copy
 *       {@code record/00001.bak}, a nested key) included: it is at least the number of records,
 *       so a count below the range's size proves that a partition has none, but the search can be
 *       led to a partition that has one. The acquisition's transaction then fails
 *       ({@code create_revision == 0} does not hold), and tells it so.</li>
 *   <li>{@link #scan}: the keys of the range's records and holders (keys only, a page at a time),
 *       of which only those sno writes count. Exact, and in proportion to the range: used once a
 *       count misled an acquisition.</li>
 * </ul>
 */
final class NeverUsed {

    /** What a count or a scan found, and the revision it saw: a key created later was not there. */
    record Found(long count, int partition, long revision) {
    }

    /** Keys per page of a scan. */
    private static final int SCAN_PAGE = 1024;

    private static final ByteSequence ZERO = ByteSequence.from(new byte[] {0});

    private final EtcdCalls etcd;
    private final Claim claim;
    private final Duration timeout;

    NeverUsed(EtcdCalls etcd, Claim claim, Duration timeout) {
        this.etcd = etcd;
        this.claim = claim;
        this.timeout = timeout;
    }

    /** How many keys the range of records from..to has (at least its records), and the revision. */
    Found count(int from, int to) throws IOException {
        GetResponse r = etcd.get(Keys.record(claim.namespace(), from), GetOption.builder()
                .withRange(Keys.record(claim.namespace(), to + 1)).withCountOnly(true).build(), timeout,
                "the count of the records " + from + ".." + to + " of " + Keys.named(claim.namespace()));
        return new Found(r.getCount(), -1, r.getHeader().getRevision());
    }

    /**
     * A partition of the range that the counts say has no record, given that the whole range
     * counts fewer keys than partitions: the lowest, unless stray keys mislead the counts.
     */
    int guess(long records) throws IOException {
        int lo = claim.lo();
        if (records == 0 || count(lo, lo + (int) records - 1).count() == records) {
            return lo + (int) records; // the used partitions are a prefix of the range
        }
        int a = lo;
        int b = claim.hi(); // a partition without a record is in [a, b]; none is in [lo, a)
        while (a < b) {
            int mid = (a + b) >>> 1;
            if (count(a, mid).count() < mid - a + 1L) {
                b = mid;
            } else {
                a = mid + 1;
            }
        }
        return a;
    }

    /** The lowest partition of the range with neither a record nor a holder key, or -1 if none. */
    Found scan() throws IOException {
        int lo = claim.lo();
        BitSet used = new BitSet(claim.hi() - lo + 1);
        String ns = claim.namespace();
        long revision = 0;
        for (boolean records : new boolean[] {true, false}) {
            ByteSequence parent = records ? Keys.records(ns) : Keys.holders(ns);
            ByteSequence end = records ? Keys.record(ns, claim.hi() + 1) : Keys.holder(ns, claim.hi() + 1);
            ByteSequence from = records ? Keys.record(ns, lo) : Keys.holder(ns, lo);
            while (true) {
                GetResponse r = etcd.get(from, GetOption.builder().withRange(end).withKeysOnly(true)
                        .withLimit(SCAN_PAGE).build(), timeout, "the scan of the keys " + lo + ".." + claim.hi() + " of "
                        + Keys.named(ns));
                revision = revision == 0 ? r.getHeader().getRevision() : revision;
                List<KeyValue> kvs = r.getKvs();
                for (KeyValue kv : kvs) {
                    int p = Keys.partition(kv.getKey(), parent);
                    if (p >= lo && p <= claim.hi()) {
                        used.set(p - lo);
                    }
                }
                if (!r.isMore() || kvs.isEmpty()) {
                    break;
                }
                from = kvs.get(kvs.size() - 1).getKey().concat(ZERO);
            }
        }
        int free = used.nextClearBit(0);
        return new Found(used.cardinality(), free <= claim.hi() - lo ? lo + free : -1, revision);
    }
}
