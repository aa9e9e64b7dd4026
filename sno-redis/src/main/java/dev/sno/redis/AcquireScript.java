package dev.sno.redis;

import dev.sno.GeneratorSnapshot;
import dev.sno.config.SafeText;
import dev.sno.lease.LeaseStore.Claim;
import dev.sno.redis.Scripts.Script;
import io.lettuce.core.ScriptOutputType;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Takes the free partition of [lo, hi] unused longest. Leases that expired by the server's clock
 * move from held to free first, ranked by their last write. Strays in the sets (members that are
 * not a partition's five digits) are passed over and left where they are; a record that cannot
 * be read is passed over and reported ({@link UnreadableRecords}); a free member whose record
 * names a live lease (what only another program can do) goes back to held, not to a second holder.
 */
final class AcquireScript {

    /** The largest epoch that can still be incremented. */
    static final String MAX_EPOCH = Long.toString(Long.MAX_VALUE - 1);

    /** The largest time unit of a generator state (GeneratorSnapshot's now, wallHi, wallSafe). */
    private static final long MAX_UNITS = (1L << 39) - 1;

    /** The generator state's fields in the record, and the largest value of each. */
    private static final String STATE_FIELDS_LUA = "local FIELDS = {'seqMin', 'seqMax', 'seq', 'now', 'wallHi',"
            + " 'wallSafe', 'drifts'}\nlocal MAX = {'65535', '65535', '4294967295', '" + MAX_UNITS + "', '"
            + MAX_UNITS + "', '" + MAX_UNITS + "', '4294967295'}\n";

    /**
     * KEYS: free, held. ARGV: record key prefix, lo, hi, lease ms, token, host, pid. Returns the
     * partition taken (-1 for none), its new epoch, the seven state fields (false where the
     * record has none) and the records it skipped as triples of partition, what is wrong, and
     * the value found, as {@link #run} decodes them.
     */
    static final Script SCRIPT = new Script("acquire", Scripts.NOW + Scripts.LIB + STATE_FIELDS_LUA + """
            local function cut(v)
              if not v then return '(none)' end
              return string.sub(v, 1, 200)
            end
            local function unreadable(key)
              local t = kind(key)
              if t == 'none' then return nil end
              if t ~= 'hash' then return 'it holds a ' .. t .. ', not a hash', '' end
              local epoch = redis.call('HGET', key, 'epoch')
              if not decimal(epoch, ARGV[8]) then
                return 'its epoch is not a whole number from 0 to ' .. ARGV[8], cut(epoch)
              end
              local s = redis.call('HMGET', key, unpack(FIELDS))
              local present = 0
              for i = 1, #FIELDS do
                if s[i] then
                  present = present + 1
                  if not decimal(s[i], MAX[i]) then
                    return 'its ' .. FIELDS[i] .. ' is not a whole number from 0 to ' .. MAX[i], cut(s[i])
                  end
                end
              end
              if present ~= 0 and present ~= #FIELDS then
                return 'it holds ' .. present .. ' of the ' .. #FIELDS .. ' fields of a generator state', ''
              end
              local h = redis.call('HMGET', key, 'token', 'expires')
              if h[1] and not decimal(h[2], '9007199254740991') then
                return 'it names a holder but its expires is not a time in milliseconds', cut(h[2])
              end
              return nil
            end
            for _, m in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. string.format('%d', now))) do
              local p = member(m)
              if p then
                local key = ARGV[1] .. string.format('%d', p)
                local updated = kind(key) == 'hash' and redis.call('HGET', key, 'updated')
                redis.call('ZREM', KEYS[2], m)
                redis.call('ZADD', KEYS[1], decimal(updated, '9007199254740991') and tonumber(updated) or now, m)
              end
            end
            local lo, hi = tonumber(ARGV[2]), tonumber(ARGV[3])
            local skipped, live = {}, {}
            local chosen, p, key = nil, nil, nil
            local offset = 0
            while chosen == nil do
              local batch = redis.call('ZRANGE', KEYS[1], offset, offset + 127)
              if #batch == 0 then break end
              for _, m in ipairs(batch) do
                local q = member(m)
                if q and q >= lo and q <= hi then
                  local k = ARGV[1] .. string.format('%d', q)
                  local why, value = unreadable(k)
                  if why then
                    skipped[#skipped + 1] = q
                    skipped[#skipped + 1] = why
                    skipped[#skipped + 1] = value
                  else
                    local h = redis.call('HMGET', k, 'token', 'expires')
                    if h[1] and tonumber(h[2]) > now then
                      live[#live + 1] = m
                      live[#live + 1] = tonumber(h[2])
                    else
                      chosen, p, key = m, q, k
                      break
                    end
                  end
                end
              end
              offset = offset + 128
            end
            for i = 1, #live, 2 do
              redis.call('ZREM', KEYS[1], live[i])
              redis.call('ZADD', KEYS[2], live[i + 1], live[i])
            end
            if chosen == nil then
              return {-1, false, false, false, false, false, false, false, false, skipped}
            end
            redis.call('HINCRBY', key, 'epoch', 1)
            local expires = now + tonumber(ARGV[4])
            redis.call('HSET', key, 'token', ARGV[5], 'host', ARGV[6], 'pid', ARGV[7],
              'expires', string.format('%d', expires), 'updated', string.format('%d', now))
            redis.call('ZREM', KEYS[1], chosen)
            redis.call('ZADD', KEYS[2], expires, chosen)
            local s = redis.call('HMGET', key, 'epoch', unpack(FIELDS))
            return {p, s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], skipped}
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
                throw new IOException("The Redis lease record " + SafeText.of(Scripts.record(namespace, partition))
                        + " holds no valid generator state: " + SafeText.of(fields.toString()) + " ("
                        + SafeText.of(e.getMessage()) + ")", e);
            }
        }
    }

    /**
     * Runs it for a claim: what it took, or empty when no partition of the range is free and
     * readable. The records it skipped go to {@code unreadable}.
     */
    static Optional<Taken> run(RedisCalls redis, Claim claim, Duration timeout, UnreadableRecords unreadable)
            throws IOException {
        String ns = claim.namespace();
        List<Object> r = redis.script(SCRIPT, ScriptOutputType.MULTI,
                new String[] {Scripts.free(ns), Scripts.held(ns)},
                new String[] {Scripts.recordPrefix(ns), Integer.toString(claim.lo()), Integer.toString(claim.hi()),
                        Scripts.millis(claim.leaseDuration()), claim.token(), claim.host(), Long.toString(claim.pid()),
                        MAX_EPOCH},
                timeout);
        if (r == null || r.size() != 3 + STATE_FIELDS || !(r.get(0) instanceof Long partition)
                || !(r.get(r.size() - 1) instanceof List<?> skipped)) {
            throw new IOException("Redis answered the acquisition in namespace \"" + SafeText.of(ns)
                    + "\" with " + SafeText.of(String.valueOf(r)) + ", not what the sno acquire script returns");
        }
        unreadable.report(ns, skipped);
        if (partition == -1) {
            return Optional.empty();
        }
        long epoch;
        try {
            epoch = Long.parseLong(String.valueOf(r.get(1)));
        } catch (NumberFormatException e) {
            epoch = 0;
        }
        if (partition < claim.lo() || partition > claim.hi() || epoch < 1) {
            throw new IOException("Redis answered the acquisition in namespace \"" + SafeText.of(ns)
                    + "\" with partition " + partition + " at epoch \"" + SafeText.of(String.valueOf(r.get(1)))
                    + "\", which the sno acquire script never returns for " + claim.lo() + ".." + claim.hi());
        }
        return Optional.of(new Taken(partition.intValue(), epoch, r.subList(2, 2 + STATE_FIELDS)));
    }
}
