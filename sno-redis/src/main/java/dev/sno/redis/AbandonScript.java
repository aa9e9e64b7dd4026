package dev.sno.redis;

import dev.sno.lease.LeaseStore.Claim;
import dev.sno.redis.Scripts.Script;
import io.lettuce.core.ScriptOutputType;
import java.io.IOException;
import java.time.Duration;

/**
 * Frees the lease of [lo, hi] whose record names the token, keeping its state: what an
 * acquisition whose caller stopped waiting (a timeout) may have granted.
 */
final class AbandonScript {

    /**
     * KEYS: free, held. ARGV: record key prefix, lo, hi, token. Returns how many it freed. Strays
     * in the held set and record keys of another type are passed over.
     */
    static final Script SCRIPT = new Script("abandon", Scripts.NOW + Scripts.LIB + """
            local lo, hi = tonumber(ARGV[2]), tonumber(ARGV[3])
            local freed = 0
            for _, m in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
              local p = member(m)
              local key = p and ARGV[1] .. string.format('%d', p)
              if p and p >= lo and p <= hi and kind(key) == 'hash' and redis.call('HGET', key, 'token') == ARGV[4] then
                redis.call('HDEL', key, 'token', 'expires')
                redis.call('HSET', key, 'updated', string.format('%d', now))
                redis.call('ZREM', KEYS[2], m)
                redis.call('ZADD', KEYS[1], now, m)
                freed = freed + 1
              end
            end
            return freed
            """);

    private AbandonScript() {
    }

    /** Runs it for a claim: whether it freed a lease granted to the claim's token. */
    static boolean run(RedisCalls redis, Claim claim, Duration timeout) throws IOException {
        String ns = claim.namespace();
        Long freed = redis.script(SCRIPT, ScriptOutputType.INTEGER,
                new String[] {Scripts.free(ns), Scripts.held(ns)},
                new String[] {Scripts.recordPrefix(ns), Integer.toString(claim.lo()), Integer.toString(claim.hi()),
                        claim.token()},
                timeout);
        return freed != null && freed > 0;
    }
}
