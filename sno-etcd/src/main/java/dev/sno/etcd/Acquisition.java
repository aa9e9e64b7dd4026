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
import java.util.Optional;
import java.util.function.ObjLongConsumer;

/**
 * One {@link EtcdLeaseStore#acquire}. Partitions never acquired have no record yet: while the
 * claim's range has such a partition, the lowest one is taken, found by counts ({@link NeverUsed}).
 * Once every partition of the range has a record, it reads, at one revision, the holder keys of
 * the range and its records oldest first ({@link RangeRead}), and tries the free ones that can be
 * read in that order. Each try is one transaction that succeeds only if the partition is still
 * free and its record unchanged (or still absent). A transaction that fails means another
 * acquisition was faster: the next candidate is tried, and after {@link #PER_READ} of them the
 * range is read again, up to {@link #READS} times. A read that etcd's compaction cut short counts
 * as one of them.
 *
 * <p>Only the keys sno writes count ({@link Keys#partition}). A stray key in the range can make a
 * count too high: an acquisition that a count sent to a partition that has a key after all, or
 * that finds every record held while the counts said every partition had one, goes on with exact
 * scans ({@link NeverUsed#scan}), so that a partition never used is never hidden.
 */
final class Acquisition {

    /** Candidates tried on one read before reading again. */
    private static final int PER_READ = 16;

    /** Reads of the range before giving up (each read after failed attempts by contention). */
    private static final int READS = 50;

    private final EtcdCalls etcd;
    private final Claim claim;
    private final Duration timeout;
    private final ObjLongConsumer<String> written;
    private final SkippedRecords skipped;
    private final NeverUsed neverUsed;
    private final long ttl;
    private long leaseId;
    /** Whether counts misled this acquisition: stray keys in the range, or a holder key without a record. */
    private boolean exact;
    /** Whether the last round found no free partition that can be read. */
    private boolean full;

    Acquisition(EtcdCalls etcd, Claim claim, Duration timeout, ObjLongConsumer<String> written,
            SkippedRecords skipped) {
        this.etcd = etcd;
        this.claim = claim;
        this.timeout = timeout;
        this.written = written;
        this.skipped = skipped;
        this.neverUsed = new NeverUsed(etcd, claim, timeout);
        this.ttl = EtcdLeaseStore.ttlSeconds(claim.leaseDuration());
    }

    Optional<Grant> run() throws IOException {
        int compacted = 0;
        try {
            for (int read = 0; read < READS; read++) {
                Optional<Grant> g;
                try {
                    g = round();
                } catch (IOException e) {
                    if (!EtcdCalls.compacted(e)) {
                        throw e;
                    }
                    compacted++; // the revision of a read was compacted away: read again
                    continue;
                }
                if (g.isPresent()) {
                    return g;
                }
                if (full) {
                    release();
                    return g;
                }
            }
            throw new IOException("No acquisition in " + Keys.named(claim.namespace()) + " "
                    + claim.lo() + ".." + claim.hi() + " of the " + EtcdLeaseStore.NAME + " succeeded after " + READS
                    + " reads: every free partition read was taken by another acquisition first"
                    + (compacted == 0 ? "" : " (" + compacted + " reads were cut short by etcd's compaction)"));
        } catch (IOException | RuntimeException e) {
            release(); // whatever it holds, if its transaction got through after all
            throw e;
        }
    }

    /**
     * One read of the range and the transactions it leads to: a grant, or empty, with {@link #full}
     * set if the range has no free partition that can be read.
     */
    private Optional<Grant> round() throws IOException {
        long size = claim.hi() - claim.lo() + 1L;
        if (!exact) {
            NeverUsed.Found c = neverUsed.count(claim.lo(), claim.hi());
            if (c.count() < size) {
                return attempt(neverUsed.guess(c.count()), null, null, c.revision());
            }
        } else {
            NeverUsed.Found f = neverUsed.scan();
            if (f.partition() >= 0) {
                return attempt(f.partition(), null, null, f.revision());
            }
        }
        RangeRead r = new RangeRead(etcd, claim, timeout, skipped);
        if (!r.hasCandidate()) {
            if (!exact && r.records() < size) {
                exact = true; // keys that are no records were counted as records
                return Optional.empty();
            }
            full = true;
            return Optional.empty();
        }
        for (int tried = 0; tried < PER_READ; tried++) {
            RangeRead.Candidate candidate = r.next();
            if (candidate == null) {
                break;
            }
            Optional<Grant> g = attempt(candidate.partition(), candidate.kv(), candidate.record(), 0);
            if (g.isPresent()) {
                return g;
            }
        }
        return Optional.empty();
    }

    /**
     * One transaction for one free partition, whose record was read (or is absent: null, as a read
     * at that revision found): the holder key on this acquisition's etcd lease, and the record with
     * the epoch plus one. A partition found absent whose transaction fails because a key of it was
     * there before that revision shows that the counts misled: the acquisition goes on with scans.
     */
    private Optional<Grant> attempt(int p, KeyValue recordKv, Record old, long revision) throws IOException {
        if (leaseId == 0) {
            leaseId = etcd.grant(ttl, timeout, "the etcd lease of an acquisition in " + Keys.named(claim.namespace()));
        }
        Record from = old == null ? Record.NEW : old;
        long epoch = from.epoch() + 1;
        ByteSequence holder = Keys.holder(claim.namespace(), p);
        ByteSequence record = Keys.record(claim.namespace(), p);
        Record next = new Record(epoch, claim.token(), claim.pid(), claim.host(), from.state());
        TxnResponse t = etcd.txn(
                new Cmp[] {new Cmp(holder, Cmp.Op.EQUAL, CmpTarget.createRevision(0)), recordKv == null
                        ? new Cmp(record, Cmp.Op.EQUAL, CmpTarget.createRevision(0))
                        : new Cmp(record, Cmp.Op.EQUAL, CmpTarget.modRevision(recordKv.getModRevision()))},
                new Op[] {Op.put(holder, Keys.holderValue(epoch, claim.token()),
                        PutOption.builder().withLeaseId(leaseId).build()),
                        Op.put(record, next.encode(), PutOption.DEFAULT)},
                recordKv == null ? new Op[] {Op.get(holder, KEY_ONLY), Op.get(record, KEY_ONLY)} : new Op[0],
                timeout, "the acquisition of partition " + p + " of " + Keys.named(claim.namespace()));
        if (!t.isSucceeded()) {
            if (recordKv == null) {
                for (GetResponse g : t.getGetResponses()) {
                    for (KeyValue kv : g.getKvs()) {
                        exact |= kv.getCreateRevision() <= revision; // there already when counted
                    }
                }
            }
            return Optional.empty();
        }
        written.accept(claim.token(), t.getHeader().getRevision());
        leaseId = 0; // the holder's now
        return Optional.of(new Grant(p, epoch, from.state()));
    }

    private static final GetOption KEY_ONLY = GetOption.builder().withKeysOnly(true).build();

    /** Revokes the etcd lease this acquisition granted and does not hand out, if any. */
    private void release() {
        if (leaseId != 0) {
            etcd.revokeQuietly(leaseId, timeout);
            leaseId = 0;
        }
    }
}
