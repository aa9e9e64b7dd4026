package dev.sno.jdbc.lease;

import dev.sno.lease.LeaseStore;
import dev.sno.lease.tck.LeaseStoreContract;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;

/**
 * The rules every {@link LeaseStore} keeps ({@link LeaseStoreContract}), checked on
 * {@link JdbcLeaseStore} in each database it supports: H2, PostgreSQL 15 and 18, MariaDB through MariaDB
 * Connector/J and through MySQL Connector/J ({@link LeaseDb}: the build's own servers, or the
 * user's). Each test gets a pool of its own, and on H2 a database of its own.
 */
class JdbcLeaseStoreContractTest {

    /** The contract on one database. */
    abstract static class OnDatabase extends LeaseStoreContract {

        private final String db;
        private LeaseDb dataSource;
        private JdbcLeaseStore store;

        OnDatabase(String db) {
            this.db = db;
        }

        @BeforeEach
        void open() {
            dataSource = LeaseDb.open(db, 10);
            store = JdbcLeaseStore.builder(dataSource).build();
        }

        @AfterEach
        void close() {
            if (dataSource != null) {
                dataSource.close();
            }
        }

        @Override
        protected LeaseStore store() {
            return store;
        }

        /**
         * No lists (partitions are a typed column); another tool's record is what a careless
         * {@code UPDATE} can leave: a generator state out of range, and a negative epoch.
         */
        @Override
        protected Keyspace keyspace() {
            return new Keyspace() {
                @Override
                public List<String> lists() {
                    return List.of();
                }

                @Override
                public String name(String list, int partition) {
                    throw new IllegalArgumentException("the lease table has no list " + list);
                }

                @Override
                public boolean addStray(String namespace, String list, String name) {
                    return false;
                }

                @Override
                public void spoilRecord(String namespace, int partition, String text) throws SQLException {
                    LeaseKeyspace.stateOutOfRange(dataSource, namespace, partition);
                }

                @Override
                public boolean wrongKindRecord(String namespace, int partition) throws SQLException {
                    LeaseKeyspace.negativeEpoch(dataSource, namespace, partition);
                    return true;
                }
            };
        }
    }

    @Nested
    class H2 extends OnDatabase {
        H2() {
            super(LeaseDb.H2);
        }
    }

    @Nested
    class PostgreSql extends OnDatabase {
        PostgreSql() {
            super(LeaseDb.POSTGRES);
        }
    }

    @Nested
    class PostgreSql18 extends OnDatabase {
        PostgreSql18() {
            super(LeaseDb.POSTGRES_18);
        }
    }

    @Nested
    class MariaDb extends OnDatabase {
        MariaDb() {
            super(LeaseDb.MARIADB);
        }
    }

    @Nested
    class MariaDbThroughMySqlConnectorJ extends OnDatabase {
        MariaDbThroughMySqlConnectorJ() {
            super(LeaseDb.MYSQL_DRIVER);
        }
    }

    @Nested
    class MySql extends OnDatabase {
        MySql() {
            super(LeaseDb.MYSQL);
        }
    }
}
