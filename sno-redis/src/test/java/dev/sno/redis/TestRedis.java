package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.LockSupport;

/**
 * The Redis the tests use: the one test-support's {@link TestServers} gives (-Dsno.redis.url or
 * SNO_REDIS_URL, or the build's own, started for the tests).
 */
final class TestRedis {

    private static volatile RedisClient client;
    private static volatile StatefulRedisConnection<String, String> raw;

    private TestRedis() {
    }

    static String url() {
        return TestServers.url(Server.REDIS);
    }

    /** A client shared by the tests of this JVM. */
    static synchronized RedisClient client() {
        if (client == null) {
            RedisURI uri = RedisURI.create(url());
            uri.setTimeout(Duration.ofSeconds(10));
            RedisClient c = RedisClient.create(uri);
            try {
                raw = c.connect();
            } catch (RuntimeException e) {
                c.shutdown();
                throw e;
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
