package dev.sno.etcd;

import dev.sno.etcd.Keys.Record;
import dev.sno.etcd.Keys.Unreadable;
import dev.sno.lease.LeaseStore.Claim;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One read of a claim's range, at one revision: the holder keys of the range, then its records
 * oldest first (by {@code mod_revision}, a page at a time, fetched as they are needed), and of
 * those the free ones that can be read, in the order to try them. Only the keys sno writes count
 * ({@link Keys#partition}): a stray key in the range (a backup copy, a nested key) is neither a
 * holder nor a record, and is left alone. A record that cannot be read is skipped, and reported
 * once per store ({@link SkippedRecords}).
 *
 * <p>A page after the first is read at the first one's revision, which etcd's compaction can
 * remove meanwhile: that read fails ({@link EtcdCalls#compacted}) and the acquisition reads again.
 */
final class RangeRead {

    /** A free, readable record of the range. */
    record Candidate(int partition, KeyValue kv, Record record) {
    }

    /** Records per page of the oldest-first read. */
    static final int PAGE = 128;

    private final EtcdCalls etcd;
    private final Claim claim;
    private final Duration timeout;
    private final SkippedRecords skipped;
    private final String what;
    private final ByteSequence records;
    private final long revision;
    private final BitSet held;
    private final BitSet seen;
    private final Set<ByteSequence> keysSeen = new HashSet<>();
    private final List<Candidate> free = new ArrayList<>();
    private int next;
    private long fromModRevision;
    private boolean more;

    RangeRead(EtcdCalls etcd, Claim claim, Duration timeout, SkippedRecords skipped) throws IOException {
        this.etcd = etcd;
        this.claim = claim;
        this.timeout = timeout;
        this.skipped = skipped;
        String ns = claim.namespace();
        this.what = "the read of the partitions " + claim.lo() + ".." + claim.hi() + " of " + Keys.named(ns);
        this.records = Keys.records(ns);
        int size = claim.hi() - claim.lo() + 1;
        this.held = new BitSet(size);
        this.seen = new BitSet(size);
        TxnResponse t = etcd.txn(new Cmp[0], new Op[] {
                Op.get(Keys.holder(ns, claim.lo()), GetOption.builder().withRange(Keys.holder(ns, claim.hi() + 1))
                        .withKeysOnly(true).build()),
                Op.get(Keys.record(ns, claim.lo()), page(0))}, new Op[0], timeout, what);
        this.revision = t.getHeader().getRevision();
        ByteSequence holders = Keys.holders(ns);
        for (KeyValue kv : t.getGetResponses().get(0).getKvs()) {
            int p = Keys.partition(kv.getKey(), holders);
            if (p >= claim.lo() && p <= claim.hi()) {
                held.set(p - claim.lo());
            }
        }
        add(t.getGetResponses().get(1));
        while (free.isEmpty() && more) {
            fetch();
        }
    }

    /** Whether the range has a free record that can be read. */
    boolean hasCandidate() {
        return !free.isEmpty();
    }

    /**
     * How many partitions of the range have a record, as far as this read went: all of them once
     * {@link #hasCandidate()} is false, since the read then went through every page.
     */
    int records() {
        return seen.cardinality();
    }

    /** The next free, readable record, oldest first; null when none is left. */
    Candidate next() throws IOException {
        while (next == free.size() && more) {
            fetch();
        }
        return next < free.size() ? free.get(next++) : null;
    }

    /** The records of the range from a mod_revision on, oldest first; at this read's revision after the first page. */
    private GetOption page(long revision) {
        GetOption.Builder b = GetOption.builder().withRange(Keys.record(claim.namespace(), claim.hi() + 1))
                .withSortField(GetOption.SortTarget.MOD).withSortOrder(GetOption.SortOrder.ASCEND).withLimit(PAGE)
                .withMinModRevision(fromModRevision);
        return revision == 0 ? b.build() : b.withRevision(revision).build();
    }

    private void fetch() throws IOException {
        add(etcd.get(Keys.record(claim.namespace(), claim.lo()), page(revision), timeout, what));
    }

    private void add(GetResponse r) {
        List<Candidate> page = new ArrayList<>();
        boolean added = false;
        long last = fromModRevision;
        for (KeyValue kv : r.getKvs()) {
            last = Math.max(last, kv.getModRevision());
            if (!keysSeen.add(kv.getKey())) {
                continue; // of the revision the page started at, seen on the page before
            }
            added = true;
            int p = Keys.partition(kv.getKey(), records);
            if (p < claim.lo() || p > claim.hi()) {
                continue; // a stray key in the range's keys: nobody's record
            }
            seen.set(p - claim.lo());
            if (held.get(p - claim.lo())) {
                continue;
            }
            try {
                page.add(new Candidate(p, kv, Record.decode(p, kv.getValue())));
            } catch (Unreadable e) {
                skipped.skip(claim.namespace(), p, kv, e.getMessage());
            }
        }
        // etcd sorts by mod_revision alone: of records written together, the lowest partition first
        page.sort(Comparator.comparingLong((Candidate c) -> c.kv().getModRevision()).thenComparingInt(Candidate::partition));
        free.addAll(page);
        // A page whose keys were all seen holds only keys of one revision (more than a page of them,
        // which only a foreign transaction writes): go on after that revision.
        fromModRevision = added ? last : last + 1;
        more = r.isMore() && !r.getKvs().isEmpty();
    }
}
