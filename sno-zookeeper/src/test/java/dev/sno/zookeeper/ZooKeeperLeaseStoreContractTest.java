package dev.sno.zookeeper;

import dev.sno.lease.LeaseStore;
import dev.sno.lease.tck.LeaseStoreContract;
import java.io.IOException;
import java.time.Duration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * The rules every {@link LeaseStore} keeps ({@link LeaseStoreContract}), on a real ZooKeeper: a
 * single server, and a quorum of three whose client may talk to any member. A lease's expiry is
 * its holder's session expiring on the server: {@link #holdersFallSilent()} drops the store's
 * connection without closing the session, and the server expires it after the session timeout.
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

        @Override
        protected void holdersFallSilent() throws Exception {
            TestZooKeeper.fallSilent(client);
        }

        @Override
        protected boolean expiredLeasesHeal() {
            return false;
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
