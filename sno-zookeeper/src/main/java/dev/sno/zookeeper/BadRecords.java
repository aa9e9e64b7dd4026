package dev.sno.zookeeper;

import dev.sno.config.SafeText;
import java.lang.System.Logger.Level;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Says, once per store and per content, that a record znode holds data sno cannot read (another
 * tool's, a damaged record, an epoch that cannot be raised). The store skips such a partition: it
 * never takes it, and the other partitions stay available. The warning goes to the
 * {@link System.Logger} {@value #LOGGER}; it names the namespace and the znode, says what to do,
 * and that the repairs drop the state saved in the record.
 */
final class BadRecords {

    /** The logger's name. */
    static final String LOGGER = "dev.sno.zookeeper";

    private static final System.Logger LOG = System.getLogger(LOGGER);

    /** The content last reported, by path: the same bad data is reported once. */
    private final Map<String, Integer> reported = new ConcurrentHashMap<>();

    /** Reports a record that cannot be read, unless this store has reported the same data there. */
    void report(String namespace, int partition, String path, byte[] data, Record.Unreadable why) {
        Integer content = Arrays.hashCode(data);
        if (!content.equals(reported.put(path, content))) {
            LOG.log(Level.WARNING, message(namespace, partition, path, why));
        }
    }

    /**
     * The warning, with every quoted text escaped and bounded, under 1,000 characters whatever it
     * quotes: the namespace to 120 characters, the znode's path to 160 (a namespace of escaped
     * characters makes it long; the partition is named on its own); what is wrong quotes the
     * record through SafeText.of(text, 100) (Record).
     */
    static String message(String namespace, int partition, String path, Record.Unreadable why) {
        return "sno: partition " + partition + " of sno namespace \"" + SafeText.of(namespace, 120) + "\" is skipped:"
                + " the znode " + SafeText.of(path, 160) + " is not a sno lease record (" + why.getMessage()
                + "). sno takes no"
                + " partition whose record it cannot read. If the znode is another tool's, give sno another root or"
                + " namespace; if it is a damaged sno record, delete it, and sno writes a new one when it next takes"
                + " partition " + partition + ". Either way the generator state saved there is lost, so the next holder"
                + " of partition " + partition + " may repeat IDs made recently if its clock is behind the last"
                + " holder's";
    }
}
