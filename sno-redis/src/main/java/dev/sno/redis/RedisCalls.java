package dev.sno.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Round trips to Redis, each bounded by a timeout of its own whatever the client's default
 * (Lettuce waits 60 s): commands go out on the asynchronous API and the caller waits for the
 * answer at most the given time, then gets an {@link IOException} and the command is cancelled.
 * Every Lettuce failure becomes an {@code IOException} naming the step.
 *
 * <p>The connection is opened from the client at the first call and shared by every lease of
 * the store (Lettuce connections are thread-safe and reconnect by themselves); a connection the
 * application passed in is used as it is.
 */
final class RedisCalls {

    private final RedisClient client;
    private volatile StatefulRedisConnection<String, String> connection;

    RedisCalls(RedisClient client) {
        this.client = client;
    }

    RedisCalls(StatefulRedisConnection<String, String> connection) {
        this.client = null;
        this.connection = connection;
    }

    private RedisAsyncCommands<String, String> commands() throws IOException {
        StatefulRedisConnection<String, String> c = connection;
        if (c == null) {
            synchronized (this) {
                c = connection;
                if (c == null) {
                    try {
                        c = client.connect();
                    } catch (RedisException e) {
                        throw new IOException("Could not connect to Redis: " + e.getMessage(), e);
                    }
                    connection = c;
                }
            }
        }
        return c.async();
    }

    /**
     * Runs a script by its SHA-1, loading it with EVAL when the server does not know it (a new or
     * restarted server, or SCRIPT FLUSH).
     */
    <T> T script(Scripts.Script script, ScriptOutputType type, String[] keys, String[] args, Duration timeout)
            throws IOException {
        try {
            return call(script.name(), timeout, r -> r.evalsha(script.sha(), type, keys, args));
        } catch (IOException e) {
            if (!(e.getCause() instanceof RedisNoScriptException)) {
                throw e;
            }
        }
        return call(script.name(), timeout, r -> r.eval(script.text(), type, keys, args));
    }

    /** WAIT: how many replicas acknowledged this connection's writes so far. */
    long waitForReplicas(int replicas, Duration timeout) throws IOException {
        // WAIT's own timeout ends it on the server; ours adds a margin for the round trip.
        return call("WAIT", timeout.plusMillis(200), r -> r.waitForReplication(replicas, timeout.toMillis()));
    }

    /** CONFIG GET of one parameter; the Redis error as cause when the server refuses it. */
    Map<String, String> configGet(String parameter, Duration timeout) throws IOException {
        return call("CONFIG GET " + parameter, timeout, r -> r.configGet(parameter));
    }

    private <T> T call(String what, Duration timeout, Function<RedisAsyncCommands<String, String>, RedisFuture<T>> command)
            throws IOException {
        RedisFuture<T> future;
        try {
            future = command.apply(commands());
        } catch (RedisException e) {
            throw new IOException("Redis failed the " + what + ": " + e.getMessage(), e);
        }
        try {
            return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new IOException("Redis did not answer the " + what + " within " + timeout, e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            throw new IOException("Redis failed the " + what + ": " + c.getMessage(), c);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting for the " + what + " from Redis");
        }
    }
}
