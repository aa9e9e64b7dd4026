package dev.sno.redis;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.redis.Scripts.Script;
import io.lettuce.core.ScriptOutputType;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Takes the free partition of [lo, hi] unused longest. Leases that expired by the server's clock
 * move from held to free first, ranked by their last write.
 */
final class AcquireScript {

    /**
     * KEYS: free, held. ARGV: record key prefix, lo, hi, lease ms, token, host, pid. Returns an
     * empty array when none is free, else partition, epoch and the seven state fields (false
     * where the record has none), as {@link #run} decodes them.
     */
    static final Script SCRIPT = new Script("acquire", Scripts.NOW + """
            for _, m in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. string.format('%d', now))) do
              local updated = tonumber(redis.call('HGET', ARGV[1] .. tonumber(m), 'updated'))
              redis.call('ZREM', KEYS[2], m)
              redis.call('ZADD', KEYS[1], updated or now, m)
            end
            local lo, hi = tonumber(ARGV[2]), tonumber(ARGV[3])
            local chosen = nil
            local offset = 0
            while chosen == nil do
              local batch = redis.call('ZRANGE', KEYS[1], offset, offset + 127)
              if #batch == 0 then return {} end
              for _, m in ipairs(batch) do
                local p = tonumber(m)
                if p >= lo and p <= hi then chosen = m break end
              end
              offset = offset + 128
            end
            local p = tonumber(chosen)
            local key = ARGV[1] .. p
            local epoch = redis.call('HINCRBY', key, 'epoch', 1)
            local expires = now + tonumber(ARGV[4])
            redis.call('HSET', key, 'token', ARGV[5], 'host', ARGV[6], 'pid', ARGV[7],
              'expires', string.format('%d', expires), 'updated', string.format('%d', now))
            redis.call('ZREM', KEYS[1], chosen)
            redis.call('ZADD', KEYS[2], expires, chosen)
            local s = redis.call('HMGET', key, 'seqMin', 'seqMax', 'seq', 'now', 'wallHi', 'wallSafe', 'drifts')
            return {p, epoch, s[1], s[2], s[3], s[4], s[5], s[6], s[7]}
            """);

    /** How many state fields follow partition and epoch in the reply. */
    private static final int STATE_FIELDS = 7;

    private AcquireScript() {
    }

    /**
     * What the script took: the partition and its new epoch, and the record's state fields as
     * Redis returned them (null where the record has none).
     *
     * @param partition  the partition taken
     * @param epoch      its new epoch
     * @param fields     seqMin, seqMax, seq, now, wallHi, wallSafe, drifts
     */
    record Taken(int partition, long epoch, List<Object> fields) {

        /**
         * The generator state in the record, or null if it has none.
         *
         * @throws IOException if the record holds fields that are no valid state
         */
        GeneratorSnapshot state(String namespace) throws IOException {
            if (fields.size() < STATE_FIELDS || fields.get(0) == null) {
                return null;
            }
            try {
                return new GeneratorSnapshot(partition, Integer.parseInt((String) fields.get(0)),
                        Integer.parseInt((String) fields.get(1)), Long.parseLong((String) fields.get(2)),
                        Long.parseLong((String) fields.get(3)), Long.parseLong((String) fields.get(4)),
                        Long.parseLong((String) fields.get(5)), Long.parseLong((String) fields.get(6)));
            } catch (RuntimeException e) {
                throw new IOException("The Redis lease record " + Scripts.record(namespace, partition)
                        + " holds no valid generator state: " + fields + " (" + e.getMessage() + ")", e);
            }
        }
    }

    /** Runs it for a claim: what it took, or empty when no partition of the range is free. */
    static Optional<Taken> run(RedisCalls redis, Claim claim, Duration timeout) throws IOException {
        String ns = claim.namespace();
        List<Object> r = redis.script(SCRIPT, ScriptOutputType.MULTI,
                new String[] {Scripts.free(ns), Scripts.held(ns)},
                new String[] {Scripts.recordPrefix(ns), Integer.toString(claim.lo()), Integer.toString(claim.hi()),
                        Scripts.millis(claim.leaseDuration()), claim.token(), claim.host(), Long.toString(claim.pid())},
                timeout);
        if (r == null || r.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Taken(((Long) r.get(0)).intValue(), (Long) r.get(1), r.subList(2, r.size())));
    }
}
