package dev.sno.redis;

import io.lettuce.core.RedisCommandExecutionException;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether the server keeps what the leases write. A Redis that restarts without its data comes
 * back empty, records and high-water marks alike, and no client can tell that from a namespace
 * nobody used yet: the next holders then make IDs the previous ones already made. So the store
 * asks the server for three settings and refuses unsafe ones, unless the application accepted
 * them explicitly; where the server forbids {@code CONFIG} (managed services often do), it logs
 * a warning and goes on.
 */
final class Persistence {

    static final System.Logger LOG = System.getLogger("dev.sno.redis");

    /** A setting, the value it must have, why, and how to fix it. */
    private record Rule(String name, String safe, String why) {
    }

    private static final List<Rule> RULES = List.of(
            new Rule("appendonly", "yes", "without the append-only file a restart brings Redis back empty or at"
                    + " its last snapshot, and the next holders repeat IDs their predecessors made"),
            new Rule("appendfsync", "always", "anything less can lose the last acknowledged writes when the host"
                    + " crashes, among them the renewal that covered IDs already handed out"),
            new Rule("maxmemory-policy", "noeviction", "any other policy may evict lease records when Redis is"
                    + " full, and an evicted record looks like a partition nobody ever used"));

    private Persistence() {
    }

    /**
     * Checks the settings; returns normally if they are safe, if the server would not say (logged),
     * or if the application accepted unsafe ones (logged).
     *
     * @throws IOException naming every unsafe setting, its value and the fix, unless accepted
     */
    static void check(RedisCalls redis, Duration timeout, boolean acceptUnsafe) throws IOException {
        List<String> unsafe = new ArrayList<>();
        for (Rule rule : RULES) {
            String value;
            try {
                Map<String, String> reply = redis.configGet(rule.name(), timeout);
                value = reply.get(rule.name());
            } catch (IOException e) {
                if (!(e.getCause() instanceof RedisCommandExecutionException refused)) {
                    throw e;
                }
                LOG.log(Level.WARNING, "sno-redis could not check that Redis persists the partition leases:"
                        + " CONFIG GET " + rule.name() + " was refused (" + refused.getMessage() + "), as managed"
                        + " services often do. Make sure the server runs with appendonly yes, appendfsync always"
                        + " and maxmemory-policy noeviction (docs/redis-leases.md): without them a Redis restart"
                        + " or eviction can make the fleet repeat IDs.");
                return;
            }
            if (value == null) {
                continue; // an older or different server without this setting: nothing to judge
            }
            if (!rule.safe().equalsIgnoreCase(value)) {
                unsafe.add(rule.name() + " is \"" + value + "\" but must be \"" + rule.safe() + "\": " + rule.why()
                        + " (fix: CONFIG SET " + rule.name() + " " + rule.safe() + ", and the same line in redis.conf)");
            }
        }
        if (unsafe.isEmpty()) {
            return;
        }
        String settings = String.join("; ", unsafe);
        if (acceptUnsafe) {
            LOG.log(Level.WARNING, "sno-redis runs on a Redis whose persistence is unsafe for partition leases,"
                    + " as the application accepted (acceptUnsafePersistence): " + settings);
            return;
        }
        throw new IOException("Redis does not keep partition leases safely: " + settings + ". Or, knowing that a"
                + " Redis restart or eviction can then make the fleet repeat IDs, accept it with"
                + " RedisLeaseStore.Builder.acceptUnsafePersistence(true).");
    }
}
