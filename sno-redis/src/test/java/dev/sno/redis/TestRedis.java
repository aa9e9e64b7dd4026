package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.fail;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Assumptions;

/**
 * The Redis the tests use: -Dsno.redis.url or SNO_REDIS_URL, default the server
 * scripts/redis-test-server.sh starts (redis://127.0.0.1:63790). With CI=true a server that
 * cannot be reached fails the tests; otherwise they are skipped, saying why.
 */
final class TestRedis {

    private static volatile RedisClient client;
    private static volatile StatefulRedisConnection<String, String> raw;

    private TestRedis() {
    }

    static String url() {
        String u = System.getProperty("sno.redis.url");
        if (u == null || u.isEmpty()) {
            u = System.getenv("SNO_REDIS_URL");
        }
        return u == null || u.isEmpty() ? "redis://127.0.0.1:63790" : u;
    }

    /** A client shared by the tests of this JVM; fails or skips when the server is not there. */
    static synchronized RedisClient client() {
        if (client == null) {
            RedisURI uri = RedisURI.create(url());
            uri.setTimeout(Duration.ofSeconds(10));
            RedisClient c = RedisClient.create(uri);
            try {
                raw = c.connect();
            } catch (RuntimeException e) {
                c.shutdown();
                String why = "no Redis at " + url() + " (" + e.getMessage() + "); start one with"
                        + " scripts/redis-test-server.sh start, or set -Dsno.redis.url / SNO_REDIS_URL";
                if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                    fail(why);
                }
                System.out.println("[sno-redis] skipped: " + why);
                Assumptions.abort(why);
            }
            client = c;
        }
        return client;
    }

    /** Commands on a connection of the tests' own, to look at and change the server. */
    static RedisCommands<String, String> redis() {
        client();
        return raw.sync();
    }

    /** A client of its own, for a holder that the test cuts off. */
    static RedisClient newClient() {
        client();
        RedisURI uri = RedisURI.create(url());
        uri.setTimeout(Duration.ofSeconds(10));
        return RedisClient.create(uri);
    }

    static String namespace(String what) {
        return what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** The server's time in milliseconds. */
    static long serverMillis() {
        List<String> t = redis().time();
        return Long.parseLong(t.get(0)) * 1000 + Long.parseLong(t.get(1)) / 1000;
    }

    static void await(String what, long timeoutMillis, BooleanSupplier condition) {
        long end = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                fail("timed out after " + timeoutMillis + " ms waiting for " + what);
            }
            LockSupport.parkNanos(5_000_000L);
        }
    }
}
