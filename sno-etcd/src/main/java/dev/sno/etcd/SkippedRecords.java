package dev.sno.etcd;

import dev.sno.config.SafeText;
import io.etcd.jetcd.KeyValue;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The record keys a store skips because it cannot read them (another program wrote them, or their
 * epoch cannot be incremented), each reported once per store instance: a WARNING of
 * {@link System.Logger} {@code dev.sno.etcd} that names the namespace and the key and says what to
 * do. The skipped partition is never taken; the others of the range stay available.
 */
final class SkippedRecords {

    /** The logger, under {@code dev.sno}. */
    static final String LOGGER = "dev.sno.etcd";

    /** At most this many keys are remembered; past it, a key may be reported again. */
    private static final int REMEMBERED = 65_536;

    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    /**
     * Reports, unless this store reported it already, that the record key is skipped.
     *
     * @param namespace  the namespace of the acquisition
     * @param partition  the partition the key is the record of
     * @param record     the key and its value
     * @param why        what is wrong with it, in sno's words
     */
    void skip(String namespace, int partition, KeyValue record, String why) {
        String key = record.getKey().toString(StandardCharsets.UTF_8);
        if (reported.size() >= REMEMBERED) {
            reported.clear();
        }
        if (reported.add(key)) {
            System.getLogger(LOGGER).log(Level.WARNING, message(namespace, partition, key,
                    record.getValue().toString(StandardCharsets.UTF_8), why));
        }
    }

    /**
     * The warning, escaped and bounded to under 1,000 characters whatever it quotes: the namespace
     * to 120 characters, why and the value to 100 each; the key is spelled out when the namespace
     * needs no escape, and otherwise named by its pattern, since an escaped key is no key an
     * operator can type.
     */
    static String message(String namespace, int partition, String key, String value, String why) {
        String shown = SafeText.of(key).equals(key) ? key
                : "sno/<the namespace>/" + key.substring(key.lastIndexOf('/', key.lastIndexOf('/') - 1) + 1);
        return "sno: the etcd lease store skips partition " + partition + " of sno namespace \""
                + SafeText.of(namespace, 120) + "\": its record key " + shown
                + " holds no sno lease record it can take (" + why + "; value \""
                + SafeText.of(value, 100) + "\"). The other partitions are still handed out. Another program wrote the"
                + " key, or restored an old one: put back the record sno wrote there, or delete the key, and sno"
                + " creates it again without the partition's saved state: its next holder, if its clock is behind,"
                + " may repeat IDs made recently. So delete it only once the last holder has been gone for a lease"
                + " duration plus the largest clock skew, or use another namespace. Reported once per store";
    }
}
