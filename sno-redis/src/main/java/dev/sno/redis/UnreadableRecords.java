package dev.sno.redis;

import dev.sno.config.SafeText;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lease records a store's scripts skipped because they could not read them, each reported
 * once per store (a {@link System.Logger} WARNING, {@code dev.sno.redis}): which record, what is
 * wrong with it, and what to do. The scripts report them as triples of partition, what is wrong,
 * and the value they found (cut to 200 bytes by the script; escaped and bounded here with
 * {@link SafeText}, since another program wrote it).
 */
final class UnreadableRecords {

    private static final System.Logger LOG = System.getLogger("dev.sno.redis");

    /** The record keys reported so far: at most one per record the store met. */
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    /**
     * Reports the records a script skipped.
     *
     * @param namespace  the namespace
     * @param triples    partition, what is wrong, value found; as many triples as it skipped
     */
    void report(String namespace, List<?> triples) {
        for (int i = 0; i + 2 < triples.size(); i += 3) {
            if (!(triples.get(i) instanceof Long p) || p < 0 || p > 0xFFFF) {
                continue; // the scripts report partitions only
            }
            String key = Scripts.record(namespace, p.intValue());
            if (reported.add(key)) {
                LOG.log(Level.WARNING, message(namespace, key, String.valueOf(triples.get(i + 1)),
                        triples.get(i + 2) == null ? "" : String.valueOf(triples.get(i + 2))));
            }
        }
    }

    /**
     * The warning for one record, under 1,000 characters whatever it quotes: the namespace is
     * bounded to 120 characters and what is wrong and the value to 100 each; the key is spelled
     * out when the namespace needs no escape, and otherwise named by its pattern, since an escaped
     * key is no key an operator can type.
     */
    static String message(String namespace, String key, String what, String value) {
        String shown = SafeText.of(key).equals(key) ? key
                : "{sno:<the namespace>}:" + key.substring(Scripts.prefix(namespace).length());
        return "sno skips the Redis lease record " + shown + " of namespace \"" + SafeText.of(namespace, 120)
                + "\" and never takes its partition while it stays so: " + SafeText.of(what, 100)
                + (value.isEmpty() ? "" : " (\"" + SafeText.of(value, 100) + "\")")
                + ". Another program wrote it. Restore the record, or delete the key: sno then creates it again as"
                + " a partition nobody used, which drops the state saved in it, so that the next holder, if its"
                + " clock is behind, may repeat IDs made recently. So delete it only once the last holder has been"
                + " gone for a lease duration plus the largest clock skew, or use another namespace.";
    }
}
