package dev.sno.zookeeper;

import dev.sno.lease.LeaseStore;
import dev.sno.lease.tck.LeaseStoreContract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * The rules every {@link LeaseStore} keeps ({@link LeaseStoreContract}), on a real ZooKeeper: a
 * single server, and a quorum of three whose client may talk to any member. A lease's expiry is
 * its holder's session expiring on the server: {@link #holdersFallSilent()} drops the store's
 * connection without closing the session, and the server expires it after the session timeout.
 * The hostile keyspace is written with the same Curator client, past the store: empty znodes among
 * a namespace's {@code holders} and {@code records}, and another tool's data in a record znode.
 */
class ZooKeeperLeaseStoreContractTest {

    static final Duration SESSION = Duration.ofMillis(1_200);

    abstract static class OnZooKeeper extends LeaseStoreContract {

        private CuratorFramework client;
        private ZooKeeperLeaseStore store;

        abstract String connect();

        @Override
        protected LeaseStore store() {
            if (store == null) {
                try {
                    client = TestZooKeeper.client(connect(), SESSION);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                store = ZooKeeperLeaseStore.of(client);
            }
            return store;
        }

        /** The session timeout the server granted: the lease. */
        @Override
        protected Duration shortLease() {
            store();
            try {
                return Duration.ofMillis(client.getZookeeperClient().getZooKeeper().getSessionTimeout());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }

        /**
         * The contract's taker shares this client, which starts a new session once the old one
         * is cut off; on a busy 2-core machine that once took longer than the client's 5 s
         * connection timeout (CI), and the taker's first acquisition failed instead of waiting
         * for the expiry. So the new session is awaited here, bounded: the contract then tests
         * the expiry of the old one, not the speed of the reconnection.
         */
        @Override
        protected void holdersFallSilent() throws Exception {
            long before = client.getZookeeperClient().getZooKeeper().getSessionId();
            TestZooKeeper.fallSilent(client);
            TestZooKeeper.awaitNewSession(client, before);
        }

        @Override
        protected boolean expiredLeasesHeal() {
            return false;
        }

        @Override
        protected Keyspace keyspace() {
            store();
            return new Znodes();
        }

        /** The namespace's children lists, holders and records, written raw. */
        private final class Znodes implements Keyspace {

            private final Paths paths = new Paths(client.getNamespace(), ZooKeeperLeaseStore.DEFAULT_ROOT);

            @Override
            public List<String> lists() {
                return List.of("holders", "records");
            }

            @Override
            public String name(String list, int partition) {
                return Integer.toString(partition);
            }

            /**
             * An empty persistent znode of that name. ZooKeeper refuses names with control
             * characters, a nested name whose parent is not there (creating the parent would make
             * a znode of sno's own name, which is no stray), and any child of an ephemeral holder.
             */
            @Override
            public boolean addStray(String namespace, String list, String name) throws Exception {
                String parent = list.equals("holders") ? paths.holders(namespace) : paths.records(namespace);
                try {
                    client.create().forPath(parent + "/" + name, new byte[0]);
                    return true;
                } catch (IllegalArgumentException | KeeperException.NoNodeException
                        | KeeperException.NoChildrenForEphemeralsException e) {
                    return false;
                }
            }

            @Override
            public void spoilRecord(String namespace, int partition, String text) throws Exception {
                client.setData().forPath(paths.records(namespace) + "/" + partition, text.getBytes(StandardCharsets.UTF_8));
            }

            /** A znode's data is bytes, of one kind. */
            @Override
            public boolean wrongKindRecord(String namespace, int partition) {
                return false;
            }
        }

        @AfterEach
        void closeClient() {
            if (client != null) {
                client.close();
            }
        }
    }

    @Nested
    class SingleServer extends OnZooKeeper {
        @Override
        String connect() {
            return server.getConnectString();
        }
    }

    @Nested
    class Quorum extends OnZooKeeper {
        @Override
        String connect() {
            return cluster.getConnectString();
        }
    }

    static TestingServer server;
    static TestingCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        server = TestZooKeeper.server();
        cluster = TestZooKeeper.cluster(3);
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
        cluster.close();
    }
}
