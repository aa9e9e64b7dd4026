package dev.sno.redis;

import dev.sno.GeneratorSnapshot;
import dev.sno.lease.PartitionLease;
import dev.sno.redis.Scripts.Script;
import io.lettuce.core.ScriptOutputType;
import java.io.IOException;
import java.time.Duration;

/** Stores a holder's state and extends its lease, if the record names its token and epoch. */
final class RenewScript {

    /**
     * KEYS: free, held, record. ARGV: token, epoch, lease ms, member, then the seven state fields.
     * Returns 1 if written, 0 if the record names another holder or epoch, or is no hash.
     */
    static final Script SCRIPT = new Script("renew", """
            if redis.call('TYPE', KEYS[3]).ok ~= 'hash' then return 0 end
            local cur = redis.call('HMGET', KEYS[3], 'token', 'epoch')
            if cur[1] ~= ARGV[1] or cur[2] ~= ARGV[2] then return 0 end
            """ + Scripts.NOW + """
            local expires = now + tonumber(ARGV[3])
            redis.call('HSET', KEYS[3], 'expires', string.format('%d', expires), 'updated', string.format('%d', now),
              'seqMin', ARGV[5], 'seqMax', ARGV[6], 'seq', ARGV[7], 'now', ARGV[8], 'wallHi', ARGV[9],
              'wallSafe', ARGV[10], 'drifts', ARGV[11])
            redis.call('ZREM', KEYS[1], ARGV[4])
            redis.call('ZADD', KEYS[2], expires, ARGV[4])
            return 1
            """);

    private RenewScript() {
    }

    /** Runs it for a holder: whether the record still named it, and took the state. */
    static boolean run(RedisCalls redis, PartitionLease lease, String token, Duration leaseDuration,
            GeneratorSnapshot state, Duration timeout) throws IOException {
        String ns = lease.namespace();
        Long written = redis.script(SCRIPT, ScriptOutputType.INTEGER,
                new String[] {Scripts.free(ns), Scripts.held(ns), Scripts.record(ns, lease.partition())},
                new String[] {token, Long.toString(lease.epoch()), Scripts.millis(leaseDuration),
                        Scripts.member(lease.partition()), Integer.toString(state.sequenceMin()),
                        Integer.toString(state.sequenceMax()), Long.toString(state.sequence()),
                        Long.toString(state.now()), Long.toString(state.wallHi()), Long.toString(state.wallSafe()),
                        Long.toString(state.drifts())},
                timeout);
        return written != null && written == 1L;
    }
}
