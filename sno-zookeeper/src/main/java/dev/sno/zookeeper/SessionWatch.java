package dev.sno.zookeeper;

import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;

/**
 * Tells the holders of a store's leases what Curator's connection states mean for them, as soon
 * as Curator reports them:
 * <ul>
 * <li>SUSPENDED (the connection is down; the session may still live) and READ_ONLY (no writes):
 *     {@link LeaseStore.Watcher#connectionFailed}, so the listener hears {@code renewalFailed}.</li>
 * <li>LOST (the session expired, or Curator gave it up after the session timeout without a
 *     connection): {@link LeaseStore.Watcher#lost}, {@code leaseLost}. The server frees the
 *     partition when the session expires, if it has not already.</li>
 * <li>RECONNECTED: {@link LeaseStore.Watcher#reconnected} ({@code leaseRecovered}) for the leases
 *     of the session that is back; {@code lost} for those of an earlier session.</li>
 * </ul>
 * The listener is on the client only while some lease is watched.
 */
final class SessionWatch implements ConnectionStateListener {

    private record Watched(long session, LeaseStore.Watcher watcher) {
    }

    private final CuratorFramework client;
    /**
     * The session of each acquisition, from the grant until the holder starts watching, or releases
     * or abandons it unwatched (a direct user of the SPI need not watch); entries of an earlier
     * session go at the next grant, since that session's leases are lost anyway. So the map holds
     * at most the partitions this client holds.
     */
    private final Map<String, Long> grants = new ConcurrentHashMap<>();
    private final Map<PartitionLease, Watched> leases = new ConcurrentHashMap<>();
    private boolean listening;

    SessionWatch(CuratorFramework client) {
        this.client = client;
    }

    /** Records the session an acquisition's holder znode belongs to. */
    void granted(String namespace, int partition, long epoch, long session) {
        grants.values().removeIf(s -> s != session);
        grants.put(key(namespace, partition, epoch), session);
    }

    /** Forgets an acquisition that was released or abandoned before anyone watched it. */
    void forget(String namespace, int partition, long epoch) {
        grants.remove(key(namespace, partition, epoch));
    }

    /** How many acquisitions wait for a watcher: for the tests. */
    int unwatched() {
        return grants.size();
    }

    /** Watches a lease; the returned action ends it. */
    Runnable add(PartitionLease lease, LeaseStore.Watcher watcher) {
        Long session = grants.remove(key(lease.namespace(), lease.partition(), lease.epoch()));
        if (session == null) {
            return () -> { }; // not acquired through this store
        }
        leases.put(lease, new Watched(session, watcher));
        listen();
        return () -> {
            if (leases.remove(lease) != null) {
                listen();
            }
        };
    }

    /** Adds or removes the listener as leases come and go. */
    private synchronized void listen() {
        boolean wanted = !leases.isEmpty();
        if (wanted && !listening) {
            client.getConnectionStateListenable().addListener(this);
        } else if (!wanted && listening) {
            client.getConnectionStateListenable().removeListener(this);
        }
        listening = wanted;
    }

    @Override
    public void stateChanged(CuratorFramework c, ConnectionState state) {
        switch (state) {
            case SUSPENDED, READ_ONLY -> {
                IOException cause = new IOException("The ZooKeeper connection is " + state + " (Curator); renewals"
                        + " wait for it to come back, and the holder fences by its last renewal");
                leases.values().forEach(w -> w.watcher().connectionFailed(cause));
            }
            case LOST -> leases.values().forEach(w -> w.watcher().lost());
            case RECONNECTED -> {
                long now;
                try {
                    now = c.getZookeeperClient().getZooKeeper().getSessionId();
                } catch (Exception e) {
                    return; // closed meanwhile: the next renewal decides
                }
                leases.values().forEach(w -> {
                    if (w.session() == now) {
                        w.watcher().reconnected();
                    } else {
                        w.watcher().lost();
                    }
                });
            }
            default -> {
                // CONNECTED: the first connection; no lease predates it
            }
        }
    }

    private static String key(String namespace, int partition, long epoch) {
        return namespace + "\n" + partition + "\n" + epoch;
    }
}
