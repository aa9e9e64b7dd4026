package dev.sno.zookeeper;

import dev.sno.config.SafeText;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * Persistent znodes under {@code holders/} with sno's name of a partition: an operator's
 * {@code create /sno/leases/<ns>/holders/1}, a restored backup. sno creates its holder znodes
 * ephemeral, of the holder's session, so a persistent one holds no lease; left alone, it would hide
 * its partition for good, since no session ending ever removes it. The store looks for them only
 * when every partition of a claim's range looks held (one {@code exists} per holder znode of the
 * range, then), and takes such a partition by deleting the znode, at the version read, in the
 * {@code multi} that creates its own holder znode and raises the record's epoch. A persistent znode
 * with children cannot be deleted that way, and sno deletes nothing below it: that partition is
 * skipped and reported once per store. The warnings go to the {@link System.Logger}
 * {@value BadRecords#LOGGER}.
 */
final class StrayHolders {

    private static final System.Logger LOG = System.getLogger(BadRecords.LOGGER);

    /** The holder znodes with children reported so far. */
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    /**
     * The partitions of held whose holder znode is persistent and childless, with that znode's
     * version; the ones with children are added to skipped, and reported.
     *
     * @param held  the partitions of the claim's range that have a holder znode
     */
    Map<Integer, Integer> find(ZooKeeper zk, Paths paths, String namespace, BitSet held, BitSet skipped)
            throws IOException {
        Map<Integer, Integer> strays = new LinkedHashMap<>();
        for (int p = held.nextSetBit(0); p >= 0; p = held.nextSetBit(p + 1)) {
            if (skipped.get(p)) {
                continue;
            }
            String path = paths.rawHolder(namespace, p);
            Stat s;
            try {
                s = zk.exists(path, false);
            } catch (KeeperException | InterruptedException e) {
                throw ZooKeeperLeaseStore.failure("read " + path, e);
            }
            if (s == null || s.getEphemeralOwner() != 0) {
                continue; // gone meanwhile, or a session's: a live holder
            }
            if (s.getNumChildren() == 0) {
                strays.put(p, s.getVersion());
            } else {
                skipped.set(p);
                if (reported.add(path)) {
                    LOG.log(Level.WARNING, "sno: partition " + p + " of sno namespace \"" + SafeText.of(namespace)
                            + "\" is skipped: the znode " + SafeText.of(path) + " is a persistent znode with children"
                            + " where only the ephemeral znode of a live holder's session belongs. It holds no lease,"
                            + " but sno deletes no znode that has children: delete it, and sno takes partition " + p
                            + " again");
                }
            }
        }
        return strays;
    }

    /** Says that an acquisition replaced a persistent holder znode. */
    void replaced(String namespace, int partition, String path) {
        LOG.log(Level.WARNING, "sno: replaced the znode " + SafeText.of(path) + ", a persistent znode where only the"
                + " ephemeral znode of a live holder's session belongs: it held no lease, and partition " + partition
                + " of sno namespace \"" + SafeText.of(namespace) + "\" is leased now");
    }
}
