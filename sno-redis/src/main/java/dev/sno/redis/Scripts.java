package dev.sno.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The lease protocol in Redis: the keys of a namespace and one Lua script per step. Each script
 * runs atomically on the server, reads the time from the server's {@code TIME}, and every script
 * that writes for a holder first checks the holder's token and epoch in the record.
 *
 * <p>Keys of namespace {@code ns}, all with the hash tag {@code {sno:ns}} so that they live in one
 * Redis Cluster slot and one script may touch them all:
 * <ul>
 *   <li>{@code {sno:ns}:p:<partition>}: a hash per partition, the lease record: {@code epoch},
 *       {@code token}, {@code host}, {@code pid}, {@code expires} and {@code updated} (server
 *       milliseconds), and the holder's generator state ({@code seqMin}, {@code seqMax},
 *       {@code seq}, {@code now}, {@code wallHi}, {@code wallSafe}, {@code drifts}). It never
 *       has a TTL: the state must outlive every lease.</li>
 *   <li>{@code {sno:ns}:free}: a sorted set of the partitions without a live holder, scored by
 *       their last write, so that its first member is the partition unused longest.</li>
 *   <li>{@code {sno:ns}:held}: a sorted set of the held partitions, scored by their expiry.</li>
 * </ul>
 * Members are partitions as five digits ({@code 00042}), so that equal scores order by
 * partition.
 */
final class Scripts {

    private Scripts() {
    }

    /** The server's time in milliseconds; and the effects-replication switch Redis 6.2 needs. */
    private static final String NOW = ""
            + "if redis.replicate_commands then redis.replicate_commands() end\n"
            + "local t = redis.call('TIME')\n"
            + "local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n";

    /**
     * Creates the missing records of [lo, hi] as free, never-used partitions, and puts back every
     * record that is in neither set: into held, scored by its expiry, while its lease has not
     * expired by the server's clock, else into free, scored by its last write. Such a record is
     * what a script that failed part-way leaves (Redis does not roll back a failed script's
     * earlier writes); without this, prepare would skip it for ever and the partition would be
     * lost to every acquirer. Before it writes anything, it checks the type of the two sets and of
     * every record key in [lo, hi], and fails naming the first key that holds another kind of
     * value, so that a prepare that fails writes nothing.
     * KEYS: free, held. ARGV: record key prefix, lo, hi. Returns how many records it created or
     * put back.
     */
    static final Script PREPARE = new Script("prepare", NOW
            + "local function wrong(key, t, want)\n"
            + "  return redis.error_reply('sno: the key ' .. key .. ' holds a ' .. t .. ', not ' .. want\n"
            + "    .. ': another program wrote it; delete it (or use another namespace) and sno creates it again')\n"
            + "end\n"
            + "for i, want in ipairs({'zset', 'zset'}) do\n"
            + "  local t = redis.call('TYPE', KEYS[i]).ok\n"
            + "  if t ~= 'none' and t ~= want then\n"
            + "    return wrong(KEYS[i], t, i == 1 and 'the sorted set of free partitions' or 'the sorted set of held partitions')\n"
            + "  end\n"
            + "end\n"
            + "local lo, hi = tonumber(ARGV[2]), tonumber(ARGV[3])\n"
            + "for p = lo, hi do\n"
            + "  local t = redis.call('TYPE', ARGV[1] .. p).ok\n"
            + "  if t ~= 'none' and t ~= 'hash' then return wrong(ARGV[1] .. p, t, 'the hash of a partition lease') end\n"
            + "end\n"
            + "local added = 0\n"
            + "for p = lo, hi do\n"
            + "  local key = ARGV[1] .. p\n"
            + "  local m = string.format('%05d', p)\n"
            + "  if redis.call('EXISTS', key) == 0 then\n"
            + "    redis.call('HSET', key, 'epoch', 0, 'updated', string.format('%d', now))\n"
            + "    redis.call('ZADD', KEYS[1], now, m)\n"
            + "    added = added + 1\n"
            + "  elseif not redis.call('ZSCORE', KEYS[1], m) and not redis.call('ZSCORE', KEYS[2], m) then\n"
            + "    local r = redis.call('HMGET', key, 'expires', 'updated', 'token')\n"
            + "    local expires, updated = tonumber(r[1]), tonumber(r[2]) or now\n"
            + "    if r[3] and expires and expires > now then\n"
            + "      redis.call('ZADD', KEYS[2], expires, m)\n"
            + "    else\n"
            + "      redis.call('ZADD', KEYS[1], updated, m)\n"
            + "    end\n"
            + "    added = added + 1\n"
            + "  end\n"
            + "end\n"
            + "return added\n");

    /**
     * Takes the free partition of [lo, hi] unused longest. Leases that expired by the server's
     * clock move from held to free first, ranked by their last write.
     * KEYS: free, held. ARGV: record key prefix, lo, hi, lease ms, token, host, pid.
     * Returns an empty array when none is free, else partition, epoch and the seven state fields
     * (false where the record has none).
     */
    static final Script ACQUIRE = new Script("acquire", NOW
            + "for _, m in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. string.format('%d', now))) do\n"
            + "  local updated = tonumber(redis.call('HGET', ARGV[1] .. tonumber(m), 'updated'))\n"
            + "  redis.call('ZREM', KEYS[2], m)\n"
            + "  redis.call('ZADD', KEYS[1], updated or now, m)\n"
            + "end\n"
            + "local lo, hi = tonumber(ARGV[2]), tonumber(ARGV[3])\n"
            + "local chosen = nil\n"
            + "local offset = 0\n"
            + "while chosen == nil do\n"
            + "  local batch = redis.call('ZRANGE', KEYS[1], offset, offset + 127)\n"
            + "  if #batch == 0 then return {} end\n"
            + "  for _, m in ipairs(batch) do\n"
            + "    local p = tonumber(m)\n"
            + "    if p >= lo and p <= hi then chosen = m break end\n"
            + "  end\n"
            + "  offset = offset + 128\n"
            + "end\n"
            + "local p = tonumber(chosen)\n"
            + "local key = ARGV[1] .. p\n"
            + "local epoch = redis.call('HINCRBY', key, 'epoch', 1)\n"
            + "local expires = now + tonumber(ARGV[4])\n"
            + "redis.call('HSET', key, 'token', ARGV[5], 'host', ARGV[6], 'pid', ARGV[7],\n"
            + "  'expires', string.format('%d', expires), 'updated', string.format('%d', now))\n"
            + "redis.call('ZREM', KEYS[1], chosen)\n"
            + "redis.call('ZADD', KEYS[2], expires, chosen)\n"
            + "local s = redis.call('HMGET', key, 'seqMin', 'seqMax', 'seq', 'now', 'wallHi', 'wallSafe', 'drifts')\n"
            + "return {p, epoch, s[1], s[2], s[3], s[4], s[5], s[6], s[7]}\n");

    /**
     * Stores a holder's state and extends its lease, if the record names its token and epoch.
     * KEYS: free, held, record. ARGV: token, epoch, lease ms, member, then the seven state fields.
     * Returns 1 if written, 0 if the record names another holder or epoch.
     */
    static final Script RENEW = new Script("renew", ""
            + "local cur = redis.call('HMGET', KEYS[3], 'token', 'epoch')\n"
            + "if cur[1] ~= ARGV[1] or cur[2] ~= ARGV[2] then return 0 end\n"
            + NOW
            + "local expires = now + tonumber(ARGV[3])\n"
            + "redis.call('HSET', KEYS[3], 'expires', string.format('%d', expires), 'updated', string.format('%d', now),\n"
            + "  'seqMin', ARGV[5], 'seqMax', ARGV[6], 'seq', ARGV[7], 'now', ARGV[8], 'wallHi', ARGV[9],\n"
            + "  'wallSafe', ARGV[10], 'drifts', ARGV[11])\n"
            + "redis.call('ZREM', KEYS[1], ARGV[4])\n"
            + "redis.call('ZADD', KEYS[2], expires, ARGV[4])\n"
            + "return 1\n");

    /**
     * Frees a lease, keeping its state, if the record names the holder's token and epoch.
     * KEYS: free, held, record. ARGV: token, epoch, member.
     * Returns 1 if freed, 0 if the record names another holder or epoch.
     */
    static final Script RELEASE = new Script("release", ""
            + "local cur = redis.call('HMGET', KEYS[3], 'token', 'epoch')\n"
            + "if cur[1] ~= ARGV[1] or cur[2] ~= ARGV[2] then return 0 end\n"
            + NOW
            + "redis.call('HDEL', KEYS[3], 'token', 'expires')\n"
            + "redis.call('HSET', KEYS[3], 'updated', string.format('%d', now))\n"
            + "redis.call('ZREM', KEYS[2], ARGV[3])\n"
            + "redis.call('ZADD', KEYS[1], now, ARGV[3])\n"
            + "return 1\n");

    /**
     * Frees the lease of [lo, hi] whose record names the token, keeping its state: what an
     * acquisition whose caller stopped waiting (a timeout) may have granted.
     * KEYS: free, held. ARGV: record key prefix, lo, hi, token. Returns how many it freed.
     */
    static final Script ABANDON = new Script("abandon", NOW
            + "local lo, hi = tonumber(ARGV[2]), tonumber(ARGV[3])\n"
            + "local freed = 0\n"
            + "for _, m in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do\n"
            + "  local p = tonumber(m)\n"
            + "  local key = ARGV[1] .. p\n"
            + "  if p >= lo and p <= hi and redis.call('HGET', key, 'token') == ARGV[4] then\n"
            + "    redis.call('HDEL', key, 'token', 'expires')\n"
            + "    redis.call('HSET', key, 'updated', string.format('%d', now))\n"
            + "    redis.call('ZREM', KEYS[2], m)\n"
            + "    redis.call('ZADD', KEYS[1], now, m)\n"
            + "    freed = freed + 1\n"
            + "  end\n"
            + "end\n"
            + "return freed\n");

    /** The common prefix of a namespace's keys, with its hash tag: {@code {sno:ns}:}. */
    static String prefix(String namespace) {
        return "{sno:" + namespace + "}:";
    }

    /** The free set's key. */
    static String free(String namespace) {
        return prefix(namespace) + "free";
    }

    /** The held set's key. */
    static String held(String namespace) {
        return prefix(namespace) + "held";
    }

    /** The prefix of the record keys, to which the partition number is appended. */
    static String recordPrefix(String namespace) {
        return prefix(namespace) + "p:";
    }

    /** A partition's record key. */
    static String record(String namespace, int partition) {
        return recordPrefix(namespace) + partition;
    }

    /** A partition as a member of the free and held sets. */
    static String member(int partition) {
        return String.format("%05d", partition);
    }

    /** A script's text and its SHA-1, for EVALSHA. */
    record Script(String name, String text, String sha) {

        Script(String name, String text) {
            this(name, text, sha1(text));
        }

        private static String sha1(String text) {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                        .digest(text.getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-1 is a required algorithm of every Java platform", e);
            }
        }
    }
}
