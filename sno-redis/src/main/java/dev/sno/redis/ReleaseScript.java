package dev.sno.redis;

import dev.sno.lease.PartitionLease;
import dev.sno.redis.Scripts.Script;
import io.lettuce.core.ScriptOutputType;
import java.io.IOException;
import java.time.Duration;

/** Frees a lease, keeping its state, if the record names the holder's token and epoch. */
final class ReleaseScript {

    /**
     * KEYS: free, held, record. ARGV: token, epoch, member. Returns 1 if freed, 0 if the record
     * names another holder or epoch, or is no hash.
     */
    static final Script SCRIPT = new Script("release", """
            if redis.call('TYPE', KEYS[3]).ok ~= 'hash' then return 0 end
            local cur = redis.call('HMGET', KEYS[3], 'token', 'epoch')
            if cur[1] ~= ARGV[1] or cur[2] ~= ARGV[2] then return 0 end
            """ + Scripts.NOW + """
            redis.call('HDEL', KEYS[3], 'token', 'expires')
            redis.call('HSET', KEYS[3], 'updated', string.format('%d', now))
            redis.call('ZREM', KEYS[2], ARGV[3])
            redis.call('ZADD', KEYS[1], now, ARGV[3])
            return 1
            """);

    private ReleaseScript() {
    }

    /** Runs it for a holder: whether the record still named it, and was freed. */
    static boolean run(RedisCalls redis, PartitionLease lease, String token, Duration timeout) throws IOException {
        String ns = lease.namespace();
        Long freed = redis.script(SCRIPT, ScriptOutputType.INTEGER,
                new String[] {Scripts.free(ns), Scripts.held(ns), Scripts.record(ns, lease.partition())},
                new String[] {token, Long.toString(lease.epoch()), Scripts.member(lease.partition())},
                timeout);
        return freed != null && freed == 1L;
    }
}
