package dev.sno.etcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.LeaseStore.Claim;
import dev.sno.testsupport.LeaseLatency;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The numbers for docs/performance.md: acquire and renew latency (median, p99) in a namespace of
 * all 65,536 partitions with 1,000 of them held, one caller at a time, on one local etcd 3.4 (its
 * data directory on this machine's disk, fsync on); the renewals a holder sends, from the
 * protocol; acquire latency once every partition of a 65,536-partition namespace has been used (the
 * oldest-first read of all records); and the first build() in a fresh JVM. The bounds asserted are loose (a shared CI
 * machine); the figures are printed.
 */
class LatencyTest {

    @Test
    void acquireAndRenewWithAThousandPartitionsHeld() throws Exception {
        EtcdLeaseStore store = EtcdPartitionLeases.store(TestEtcd.client()).build();
        String ns = TestEtcd.namespace("latency");
        store.prepare(ns, 0, 0xFFFF);
        LeaseLatency m = LeaseLatency.measure(store, ns, 1_000, 3);
        ByteSequence prefix = ByteSequence.from(Keys.prefix(ns), StandardCharsets.UTF_8);
        assertEquals(1_000L, TestEtcd.client().getKVClient().get(ByteSequence.from(Keys.prefix(ns) + "holder/",
                StandardCharsets.UTF_8), GetOption.builder().isPrefix(true).withCountOnly(true).build())
                .get(10, TimeUnit.SECONDS).getCount());
        System.out.printf("[numbers etcd] 65,536 partitions, 1,000 held, one caller: acquire median %.2f ms, p99 %.2f ms;"
                + " renew median %.2f ms, p99 %.2f ms%n", m.acquire(50), m.acquire(99), m.renew(50),
                m.renew(99));
        for (int seconds : new int[] {30, 10}) {
            double every = seconds * 5.0 / 18;
            System.out.printf("[numbers etcd] renewals at lease %d s: one every 5/18 of it (%.2f s), %.1f per held"
                    + " partition per minute, each one transaction (a raft write) and one keep-alive: %.1f writes and"
                    + " %.1f RPCs per holder per minute; 1,000 holders: %.0f writes/s%n", seconds, every,
                    60 / every, 60 / every, 120 / every, 1_000 / every);
        }
        assertTrue(m.acquire(50) < 500 && m.renew(50) < 500, "medians in milliseconds");
        TestEtcd.client().getKVClient().delete(prefix, DeleteOption.builder().isPrefix(true).build())
                .get(30, TimeUnit.SECONDS);
    }

    @Test
    void acquireOnceEveryPartitionOfTheNamespaceHasBeenUsed() throws Exception {
        EtcdLeaseStore store = EtcdPartitionLeases.store(TestEtcd.client()).build();
        String ns = TestEtcd.namespace("used");
        // The records 65,536 acquisitions and releases leave, written directly: 512 transactions of 128.
        List<java.util.concurrent.CompletableFuture<?>> writes = new ArrayList<>();
        for (int from = 0; from < 65_536; from += 128) {
            io.etcd.jetcd.op.Op[] puts = new io.etcd.jetcd.op.Op[128];
            for (int p = from; p < from + 128; p++) {
                puts[p - from] = io.etcd.jetcd.op.Op.put(Keys.record(ns, p), new Keys.Record(1, "t", 1, "bench", null)
                        .encode(), io.etcd.jetcd.options.PutOption.DEFAULT);
            }
            writes.add(TestEtcd.client().getKVClient().txn().Then(puts).commit());
            if (writes.size() == 16) {
                for (var w : writes) {
                    w.get(60, TimeUnit.SECONDS);
                }
                writes.clear();
            }
        }
        for (var w : writes) {
            w.get(60, TimeUnit.SECONDS);
        }
        Duration lease = Duration.ofSeconds(30);
        long[] acquire = new long[20];
        for (int i = 0; i < acquire.length; i++) {
            long t = System.nanoTime();
            assertEquals(2, store.acquire(new Claim(ns, 0, 0xFFFF, lease, UUID.randomUUID().toString().replace("-", ""),
                    "bench", 1)).orElseThrow().epoch());
            acquire[i] = System.nanoTime() - t;
        }
        System.out.printf("[numbers etcd] every one of 65,536 partitions used before (the oldest-first read of all"
                + " records), one caller: acquire median %.2f ms, max %.2f ms over %d%n", LeaseLatency.percentile(acquire, 50),
                LeaseLatency.percentile(acquire, 100), acquire.length);
        TestEtcd.client().getKVClient().delete(ByteSequence.from(Keys.prefix(ns), StandardCharsets.UTF_8),
                DeleteOption.builder().isPrefix(true).build()).get(60, TimeUnit.SECONDS);
    }

    @Test
    void firstBuildInAFreshJvm() throws Exception {
        String ns = TestEtcd.namespace("build");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), BuildTimeChild.class.getName(),
                TestEtcd.url(), ns).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        String[] f = out.substring(out.indexOf("BUILD ")).split("\\s+");
        System.out.printf("[numbers etcd] first build() in a fresh JVM (jetcd's start, connection, one count): %s ms;"
                + " build() of a new namespace of 65,536 partitions (one count, no records yet): %s ms; build() again"
                + " on it: %s ms%n", f[1], f[2], f[3]);
        ByteSequence keys = ByteSequence.from(Keys.prefix(ns), StandardCharsets.UTF_8);
        assertEquals(0L, TestEtcd.client().getKVClient().get(keys, GetOption.builder().isPrefix(true)
                .withCountOnly(true).build()).get(10, TimeUnit.SECONDS).getCount(), "build() writes nothing");
    }

}
