package dev.sno.jdbc.lease;

import dev.sno.lease.LeaseStore;
import dev.sno.lease.tck.LeaseStoreContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;

/**
 * The rules every {@link LeaseStore} keeps ({@link LeaseStoreContract}), checked on
 * {@link JdbcLeaseStore} in each database it supports: H2, PostgreSQL, MariaDB through MariaDB
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
}
