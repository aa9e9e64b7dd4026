package dev.sno.redis;

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
