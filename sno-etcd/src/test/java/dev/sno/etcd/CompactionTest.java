package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.LeaseStore.Claim;
import dev.sno.lease.LeaseStore.Grant;
import dev.sno.lease.PartitionLease;
import dev.sno.testsupport.EtcdServer;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.api.RangeRequest;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.MethodDescriptor;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * etcd's compaction during an acquisition, forced where it hurts: an acquisition whose free record
 * is past the first page of its oldest-first read reads the next page at the first one's revision,
 * and the test's client compacts the keyspace past that revision just before that page's request
 * leaves (a gRPC interceptor on the store's own client). etcd refuses the page
 * ({@code OUT_OF_RANGE: required revision has been compacted}); the acquisition reads again and
 * takes the partition. The test runs an etcd of its own, whose history it may compact.
 */
class CompactionTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    /** Compacts the keyspace past a read's revision as the read's request leaves, while armed. */
    private static final class CompactBeforePagedRead implements ClientInterceptor {

        final AtomicInteger armed = new AtomicInteger();
        final AtomicLong compactedAt = new AtomicLong();
        final List<Long> pagedReads = new ArrayList<>();
        private final Client other;

        CompactBeforePagedRead(Client other) {
            this.other = other;
        }

        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
            return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                @Override
                public void sendMessage(Q message) {
                    if (message instanceof RangeRequest r && r.getRevision() != 0) {
                        synchronized (pagedReads) {
                            pagedReads.add(r.getRevision());
                        }
                        if (armed.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                            compactPast(r.getRevision());
                        }
                    }
                    super.sendMessage(message);
                }
            };
        }

        /** A write after the revision, then a compaction at the write's: the revision is gone. */
        private void compactPast(long revision) {
            try {
                long now = other.getKVClient().put(bytes("compaction-marker"), bytes(Long.toString(revision)))
                        .get(10, TimeUnit.SECONDS).getHeader().getRevision();
                other.getKVClient().compact(now).get(10, TimeUnit.SECONDS);
                compactedAt.set(now);
            } catch (Exception e) {
                throw new IllegalStateException("the test's compaction failed", e);
            }
        }
    }

    private static ByteSequence bytes(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    private static Claim claim(String ns, int hi) {
        return new Claim(ns, 0, hi, LONG, UUID.randomUUID().toString().replace("-", ""), "compaction-host", 4242);
    }

    @Test
    void aReadCutShortByCompactionIsReadAgainAndTheAcquisitionSucceeds() throws Exception {
        try (EtcdServer server = TestEtcd.own(); Client other = Client.builder().endpoints(server.url()).build()) {
            CompactBeforePagedRead hook = new CompactBeforePagedRead(other);
            try (Client client = Client.builder().endpoints(server.url()).interceptor(hook).build()) {
                // The compaction runs inside the page's call: time enough for it on a loaded machine.
                EtcdLeaseStore store = EtcdPartitionLeases.store(client).commandTimeout(Duration.ofSeconds(30)).build();
                String ns = "compacted";
                int hi = RangeRead.PAGE + 1; // one more record than the first page holds
                store.prepare(ns, 0, hi);
                List<Claim> claims = new ArrayList<>();
                List<Grant> grants = new ArrayList<>();
                for (int p = 0; p <= hi; p++) {
                    Claim c = claim(ns, hi);
                    grants.add(store.acquire(c).orElseThrow());
                    claims.add(c);
                }
                // The newest record is the only free one: the first page (the 128 oldest) is all held.
                Claim last = claims.get(hi);
                assertTrue(store.release(new PartitionLease(ns, hi, 1, last.host(), last.pid()), last.token()));
                hook.armed.set(1);
                Grant g = store.acquire(claim(ns, hi)).orElseThrow();
                assertEquals(List.of(hi, 2L), List.of(g.partition(), g.epoch()));
                assertEquals(0, hook.armed.get(), "the compaction happened");
                synchronized (hook.pagedReads) {
                    assertEquals(2, hook.pagedReads.size(), "a page read at a compacted revision, then again: "
                            + hook.pagedReads);
                    assertTrue(hook.pagedReads.get(0) < hook.compactedAt.get(), hook.pagedReads + " "
                            + hook.compactedAt);
                    assertTrue(hook.pagedReads.get(1) >= hook.compactedAt.get(), hook.pagedReads + " "
                            + hook.compactedAt);
                }
            }
        }
    }
}
