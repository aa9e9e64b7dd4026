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
     * Restarts an etcd lease's TTL from the server's receipt of this call.
     *
     * @return the lease's TTL in seconds, or 0 if etcd has no such lease (it expired or was revoked)
     */
    long keepAliveOnce(long id, Duration timeout, String what) throws IOException {
        try {
            LeaseKeepAliveResponse r = await(lease.keepAliveOnce(id), timeout, what);
            return Math.max(0, r.getTTL());
        } catch (IOException e) {
            if (e.getCause() instanceof EtcdException ee && ee.getErrorCode() == ErrorCode.NOT_FOUND) {
                return 0;
            }
            throw e;
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

    private static <T> T await(CompletableFuture<T> f, Duration timeout, String what) throws IOException {
        try {
            return f.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
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
