package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.testsupport.LeaseLatency;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The numbers of docs/redis-leases.md: acquire and renew latency (median, p99) in a namespace of
 * all 65,536 partitions with 1,000 of them held, one caller at a time; and the first build() in a
 * fresh JVM. The bounds asserted are loose (a shared CI machine); the figures are printed.
 */
class LatencyTest {

    @Test
    void acquireAndRenewWithAThousandPartitionsHeld() throws Exception {
        RedisLeaseStore store = RedisPartitionLeases.store(TestRedis.client()).build();
        String ns = TestRedis.namespace("latency");
        store.prepare(ns, 0, 0xFFFF);
        LeaseLatency m = LeaseLatency.measure(store, ns, 1_000, 3);
        assertEquals(1_000L, TestRedis.redis().zcard(Scripts.held(ns)));
        System.out.printf("[numbers redis] 65,536 partitions, 1,000 held, one caller: acquire median %.2f ms, p99 %.2f ms;"
                + " renew median %.2f ms, p99 %.2f ms%n", m.acquire(50), m.acquire(99), m.renew(50),
                m.renew(99));
        assertTrue(m.acquire(50) < 50 && m.renew(50) < 50, "medians in milliseconds");
        TestRedis.redis().del(TestRedis.redis().keys("{sno:" + ns + "}*").toArray(new String[0]));
    }

    @Test
    void firstBuildInAFreshJvm() throws Exception {
        String ns = TestRedis.namespace("build");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), BuildTimeChild.class.getName(),
                TestRedis.url(), ns).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        String[] f = out.substring(out.indexOf("BUILD ")).split("\\s+");
        System.out.printf("[numbers redis] first build() in a fresh JVM (Lettuce's start, connection, persistence"
                + " check, 1 record): %s ms; build() of a new namespace of 65,536 partitions (16 scripts): %s ms;"
                + " build() again on it: %s ms%n", f[1], f[2], f[3]);
        assertEquals(65_536L, TestRedis.redis().zcard(Scripts.free(ns)));
        TestRedis.redis().del(TestRedis.redis().keys("{sno:" + ns + "}*").toArray(new String[0]));
        TestRedis.redis().del(TestRedis.redis().keys("{sno:" + ns + "-one}*").toArray(new String[0]));
    }

}
