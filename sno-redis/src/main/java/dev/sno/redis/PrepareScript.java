package dev.sno.redis;

import dev.sno.config.SafeText;
import dev.sno.redis.Scripts.Script;
import io.lettuce.core.ScriptOutputType;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Creates the missing records of [lo, hi] as free, never-used partitions, and puts back every
 * record that is in neither set: into held, scored by its expiry, while its lease has not expired
 * by the server's clock, else into free, scored by its last write. Such a record is what a script
 * that failed part-way leaves (Redis does not roll back a failed script's earlier writes); without
 * this, prepare would skip it for ever and the partition would be lost to every acquirer. Before
 * it writes anything, it checks the type of the two sets, and fails naming the one that holds
 * another kind of value, so that a prepare that fails writes nothing. A record key that holds
 * another kind of value is left as it is and reported ({@link UnreadableRecords}): acquisitions
 * skip it, and once someone deletes it the partition is free again.
 */
final class PrepareScript {

    /**
     * KEYS: free, held. ARGV: record key prefix, lo, hi. Returns how many records it created or
     * put back, and the record keys of another type as triples of partition, what is wrong, and
     * an empty value.
     */
    static final Script SCRIPT = new Script("prepare", Scripts.NOW + Scripts.LIB + """
            local function wrong(key, t, want)
              return redis.error_reply('sno: the key ' .. key .. ' holds a ' .. t .. ', not ' .. want
                .. ': another program wrote it; delete it (or use another namespace) and sno creates it again')
            end
            for i, want in ipairs({'zset', 'zset'}) do
              local t = kind(KEYS[i])
              if t ~= 'none' and t ~= want then
                return wrong(KEYS[i], t, i == 1 and 'the sorted set of free partitions' or 'the sorted set of held partitions')
              end
            end
            local lo, hi = tonumber(ARGV[2]), tonumber(ARGV[3])
            local added, skipped = 0, {}
            for p = lo, hi do
              local key = ARGV[1] .. string.format('%d', p)
              local m = string.format('%05d', p)
              local t = kind(key)
              if t == 'none' then
                redis.call('HSET', key, 'epoch', 0, 'updated', string.format('%d', now))
                redis.call('ZADD', KEYS[1], now, m)
                added = added + 1
              elseif not redis.call('ZSCORE', KEYS[1], m) and not redis.call('ZSCORE', KEYS[2], m) then
                local r = {false, false, false}
                if t == 'hash' then r = redis.call('HMGET', key, 'expires', 'updated', 'token') end
                local expires = decimal(r[1], '9007199254740991') and tonumber(r[1])
                local updated = decimal(r[2], '9007199254740991') and tonumber(r[2]) or now
                if r[3] and expires and expires > now then
                  redis.call('ZADD', KEYS[2], expires, m)
                else
                  redis.call('ZADD', KEYS[1], updated, m)
                end
                added = added + 1
              end
              if t ~= 'none' and t ~= 'hash' then
                skipped[#skipped + 1] = p
                skipped[#skipped + 1] = 'it holds a ' .. t .. ', not a hash'
                skipped[#skipped + 1] = ''
              end
            end
            return {added, skipped}
            """);

    private PrepareScript() {
    }

    /**
     * Runs it for [from, to] of a namespace: how many records it created or put back. The record
     * keys of another type go to {@code unreadable}.
     */
    static long run(RedisCalls redis, String namespace, int from, int to, Duration timeout,
            UnreadableRecords unreadable) throws IOException {
        List<Object> r = redis.script(SCRIPT, ScriptOutputType.MULTI,
                new String[] {Scripts.free(namespace), Scripts.held(namespace)},
                new String[] {Scripts.recordPrefix(namespace), Integer.toString(from), Integer.toString(to)},
                timeout);
        if (r == null || r.size() != 2 || !(r.get(0) instanceof Long added) || !(r.get(1) instanceof List<?> skipped)) {
            throw new IOException("Redis answered the preparation of namespace \"" + SafeText.of(namespace)
                    + "\" with " + SafeText.of(String.valueOf(r)) + ", not what the sno prepare script returns");
        }
        unreadable.report(namespace, skipped);
        return added;
    }
}
