package dev.sno.redis;

import dev.sno.config.SafeText;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/**
 * The lease protocol in Redis: the keys of a namespace, and what its scripts share. Each step is
 * one Lua script in a class of its own, next to the arguments it takes and the decoding of its
 * reply: {@link PrepareScript}, {@link AcquireScript}, {@link RenewScript},
 * {@link ReleaseScript}, {@link AbandonScript}. Each script runs atomically on the server, reads
 * the time from the server's {@code TIME}, and every script that writes for a holder first checks
 * the holder's token and epoch in the record.
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
 *
 * <p>Only these exact spellings count: a member is a partition only if it is five ASCII digits
 * of 0..65535, and a record key only the one {@link #record} names. Anything else in the sets (a
 * member {@code 00}, {@code +1} or {@code 00001.lock} that a script or another tool wrote) is a
 * stray: every script ignores it and none deletes it. A record the scripts cannot read (a key of
 * another type, a field that is not a number sno writes, an epoch that cannot be incremented) is
 * skipped and reported, never taken.
 */
final class Scripts {

    private Scripts() {
    }

    /**
     * Lua that sets {@code now} to the server's time in milliseconds; and the effects-replication
     * switch Redis 6.2 needs.
     */
    static final String NOW = """
            if redis.replicate_commands then redis.replicate_commands() end
            local t = redis.call('TIME')
            local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            """;

    /**
     * Lua functions the scripts share: {@code member(m)}, the partition a free or held set's
     * member is, or nil for a stray; {@code decimal(v, max)}, whether v is a number as sno writes
     * it (ASCII digits, no sign, no leading zero) of at most max, compared digit by digit (Lua's
     * {@code tonumber} accepts {@code 0x1}, {@code " 1"} and {@code 1e3}, and its numbers are
     * doubles); {@code kind(key)}, the key's type.
     */
    static final String LIB = """
            local function member(m)
              if type(m) ~= 'string' or not string.find(m, '^[0-9][0-9][0-9][0-9][0-9]$') then return nil end
              local p = tonumber(m)
              if p > 65535 then return nil end
              return p
            end
            local function decimal(v, max)
              if type(v) ~= 'string' or not (v == '0' or string.find(v, '^[1-9][0-9]*$')) then return false end
              if #v ~= #max then return #v < #max end
              for i = 1, #v do
                local a, b = string.byte(v, i), string.byte(max, i)
                if a ~= b then return a < b end
              end
              return true
            end
            local function kind(key)
              return redis.call('TYPE', key).ok
            end
            """;

    /**
     * The common prefix of a namespace's keys, with its hash tag: {@code {sno:ns}:}. Every key is
     * this prefix and a suffix without {@code }}, so that two namespaces never share a key.
     *
     * @throws IllegalArgumentException if the namespace has an unpaired surrogate, which no
     *     Redis key can hold: Lettuce writes it as {@code ?}, the key of another namespace
     */
    static String prefix(String namespace) {
        for (int i = 0; i < namespace.length(); i++) {
            char c = namespace.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < namespace.length()
                    && Character.isLowSurrogate(namespace.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException("The sno namespace \"" + SafeText.of(namespace)
                        + "\" cannot be kept in Redis: its character " + i + String.format(" (U+%04X)", (int) c)
                        + " is half of a surrogate pair, which UTF-8 cannot encode (Lettuce writes it as \"?\","
                        + " the keys of another namespace); choose a namespace of whole characters");
            }
        }
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

    /** A partition as a member of the free and held sets: its canonical spelling, five digits. */
    static String member(int partition) {
        return String.format("%05d", partition);
    }

    /** A lease duration as the scripts take it: whole milliseconds, at least 1. */
    static String millis(Duration leaseDuration) {
        return Long.toString(Math.max(1, leaseDuration.toMillis()));
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
