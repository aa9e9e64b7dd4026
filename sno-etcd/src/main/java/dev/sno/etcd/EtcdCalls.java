package dev.sno.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.Lease;
import io.etcd.jetcd.Txn;
import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdException;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.lease.LeaseGrantResponse;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The etcd calls of the store, each one RPC of jetcd bounded by a timeout of the store's own:
 * whatever jetcd does meanwhile (wait for the connection, retry an idempotent call), a call that
 * has not answered in time fails with an {@link IOException} naming what it was, and so does a
 * call etcd refuses.
 */
final class EtcdCalls {

    /** etcd's words for a read at a revision that compaction removed (mvcc's ErrCompacted). */
    private static final String COMPACTED = "required revision has been compacted";

    /** The shortest wait before a keep-alive is sent again. */
    private static final long MIN_RESEND_NANOS = 50_000_000L;

    private final KV kv;
    private final Lease lease;
    /** The TTL etcd granted for each TTL asked for (etcd raises TTLs below its minimum). */
    private final Map<Long, Long> granted = new ConcurrentHashMap<>();

    EtcdCalls(Client client) {
        this.kv = client.getKVClient();
        this.lease = client.getLeaseClient();
    }

    GetResponse get(ByteSequence key, GetOption option, Duration timeout, String what) throws IOException {
        return await(kv.get(key, option), timeout, what);
    }

    /** One transaction: if every comparison holds, the first ops, else the second. */
    TxnResponse txn(Cmp[] cmps, Op[] then, Op[] otherwise, Duration timeout, String what) throws IOException {
        Txn t = kv.txn().If(cmps).Then(then);
        if (otherwise.length > 0) {
            t = t.Else(otherwise);
        }
        return await(t.commit(), timeout, what);
    }

    /** Grants an etcd lease of ttl seconds; returns its id. */
    long grant(long ttl, Duration timeout, String what) throws IOException {
        LeaseGrantResponse r = await(lease.grant(ttl), timeout, what);
        granted.put(ttl, r.getTTL());
        return r.getID();
    }

    /** The TTL etcd grants for ttl, as far as this store has seen (ttl until it has). */
    long grantedFor(long ttl) {
        return granted.getOrDefault(ttl, ttl);
    }

    /**
     * Restarts an etcd lease's TTL from the server's receipt of this call. A keep-alive is sent
     * again, on a stream of its own, each quarter of the timeout that passes without an answer,
     * and the first answer counts: jetcd 0.7 (the one Spring Boot 3.5 and Quarkus 3 applications
     * can run) sets the handler of its keep-alive stream after sending the request, and drops
     * an answer that comes before it. A keep-alive changes nothing but the TTL, so sending it
     * twice is harmless, and every one of them is received after the renewal started.
     *
     * @return the lease's TTL in seconds, or 0 if etcd has no such lease (it expired or was revoked)
     */
    long keepAliveOnce(long id, Duration timeout, String what) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long slice = Math.max(MIN_RESEND_NANOS, timeout.toNanos() / 4);
        CompletableFuture<LeaseKeepAliveResponse> first = new CompletableFuture<>();
        List<CompletableFuture<LeaseKeepAliveResponse>> sent = new ArrayList<>();
        try {
            while (true) {
                CompletableFuture<LeaseKeepAliveResponse> f = lease.keepAliveOnce(id);
                sent.add(f);
                f.whenComplete((r, t) -> {
                    if (t == null) {
                        first.complete(r);
                    } else {
                        first.completeExceptionally(t);
                    }
                });
                long left = deadline - System.nanoTime();
                if (left <= slice) {
                    LeaseKeepAliveResponse r = await(first, Duration.ofNanos(Math.max(0, left)), what, timeout);
                    return Math.max(0, r.getTTL());
                }
                try {
                    LeaseKeepAliveResponse r = first.get(slice, TimeUnit.NANOSECONDS);
                    return Math.max(0, r.getTTL());
                } catch (TimeoutException unanswered) {
                    // send another
                } catch (ExecutionException failed) {
                    await(first, Duration.ZERO, what, timeout); // throws the IOException for it
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("Interrupted while waiting for etcd: " + what);
                }
            }
        } catch (IOException e) {
            if (e.getCause() instanceof EtcdException ee && ee.getErrorCode() == ErrorCode.NOT_FOUND) {
                return 0;
            }
            throw e;
        } finally {
            for (CompletableFuture<LeaseKeepAliveResponse> f : sent) {
                f.cancel(false); // nothing waits for the others any more
            }
        }
    }

    /** Revokes an etcd lease (deleting the keys attached to it); false if etcd has no such lease. */
    boolean revoke(long id, Duration timeout, String what) throws IOException {
        try {
            await(lease.revoke(id), timeout, what);
            return true;
        } catch (IOException e) {
            if (e.getCause() instanceof EtcdException ee && ee.getErrorCode() == ErrorCode.NOT_FOUND) {
                return false;
            }
            throw e;
        }
    }

    /** Revokes an etcd lease that nothing needs any more; if that fails, it expires by itself. */
    void revokeQuietly(long id, Duration timeout) {
        try {
            revoke(id, timeout, "the revocation of an unused etcd lease");
        } catch (IOException | RuntimeException e) {
            // keyless now: it expires after its TTL, and frees nothing meanwhile
        }
    }

    /**
     * Whether a call failed because it read at a revision that etcd's compaction removed: etcd's
     * {@code OUT_OF_RANGE} "mvcc: required revision has been compacted", which jetcd passes on as a
     * gRPC status exception or an {@link EtcdException}, by version. Reading again, at the current
     * revision, succeeds.
     */
    static boolean compacted(IOException e) {
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (String.valueOf(c.getMessage()).contains(COMPACTED)) {
                return true;
            }
        }
        return false;
    }

    private static <T> T await(CompletableFuture<T> f, Duration timeout, String what) throws IOException {
        return await(f, timeout, what, timeout);
    }

    /** Waits up to wait; a timeout is reported as of the call's whole timeout. */
    private static <T> T await(CompletableFuture<T> f, Duration wait, String what, Duration timeout) throws IOException {
        try {
            return f.get(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new IOException("etcd did not answer " + what + " within " + timeout, e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            while (c instanceof java.util.concurrent.CompletionException && c.getCause() != null) {
                c = c.getCause();
            }
            throw new IOException("etcd failed " + what + ": " + c, c);
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting for etcd: " + what);
        }
    }
}
