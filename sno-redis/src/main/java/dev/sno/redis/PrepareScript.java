package dev.sno.redis;

import dev.sno.redis.Scripts.Script;
import io.lettuce.core.ScriptOutputType;
import java.io.IOException;
import java.time.Duration;

/**
 * Creates the missing records of [lo, hi] as free, never-used partitions, and puts back every
 * record that is in neither set: into held, scored by its expiry, while its lease has not expired
 * by the server's clock, else into free, scored by its last write. Such a record is what a script
 * that failed part-way leaves (Redis does not roll back a failed script's earlier writes); without
 * this, prepare would skip it for ever and the partition would be lost to every acquirer. Before
 * it writes anything, it checks the type of the two sets and of every record key in [lo, hi], and
 * fails naming the first key that holds another kind of value, so that a prepare that fails
 * writes nothing.
 */
final class PrepareScript {

    /**
     * KEYS: free, held. ARGV: record key prefix, lo, hi. Returns how many records it created or
     * put back.
     */
    static final Script SCRIPT = new Script("prepare", Scripts.NOW + """
            local function wrong(key, t, want)
              return redis.error_reply('sno: the key ' .. key .. ' holds a ' .. t .. ', not ' .. want
                .. ': another program wrote it; delete it (or use another namespace) and sno creates it again')
            end
            for i, want in ipairs({'zset', 'zset'}) do
              local t = redis.call('TYPE', KEYS[i]).ok
              if t ~= 'none' and t ~= want then
                return wrong(KEYS[i], t, i == 1 and 'the sorted set of free partitions' or 'the sorted set of held partitions')
              end
            end
            local lo, hi = tonumber(ARGV[2]), tonumber(ARGV[3])
            for p = lo, hi do
              local t = redis.call('TYPE', ARGV[1] .. p).ok
              if t ~= 'none' and t ~= 'hash' then return wrong(ARGV[1] .. p, t, 'the hash of a partition lease') end
            end
            local added = 0
            for p = lo, hi do
              local key = ARGV[1] .. p
              local m = string.format('%05d', p)
              if redis.call('EXISTS', key) == 0 then
                redis.call('HSET', key, 'epoch', 0, 'updated', string.format('%d', now))
                redis.call('ZADD', KEYS[1], now, m)
                added = added + 1
              elseif not redis.call('ZSCORE', KEYS[1], m) and not redis.call('ZSCORE', KEYS[2], m) then
                local r = redis.call('HMGET', key, 'expires', 'updated', 'token')
                local expires, updated = tonumber(r[1]), tonumber(r[2]) or now
                if r[3] and expires and expires > now then
                  redis.call('ZADD', KEYS[2], expires, m)
                else
                  redis.call('ZADD', KEYS[1], updated, m)
                end
                added = added + 1
              end
            end
            return added
            """);

    private PrepareScript() {
    }

    /** Runs it for [from, to] of a namespace: how many records it created or put back. */
    static long run(RedisCalls redis, String namespace, int from, int to, Duration timeout) throws IOException {
        Long added = redis.script(SCRIPT, ScriptOutputType.INTEGER,
                new String[] {Scripts.free(namespace), Scripts.held(namespace)},
                new String[] {Scripts.recordPrefix(namespace), Integer.toString(from), Integer.toString(to)},
                timeout);
        return added == null ? 0 : added;
    }
}
