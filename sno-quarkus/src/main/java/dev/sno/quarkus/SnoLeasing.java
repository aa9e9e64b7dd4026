package dev.sno.quarkus;

import dev.sno.SnoGenerator;
import dev.sno.jdbc.lease.JdbcPartitionLeases;
import dev.sno.jdbc.lease.LeaseDialect;
import dev.sno.lease.PartitionLeases;
import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.runtime.AgroalDataSourceUtil;
import io.quarkus.datasource.common.runtime.DataSourceUtil;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;

/**
 * Leases the partition from the table {@code sno_partition_lease} in one of the application's
 * Agroal datasources. A bean only when the application has quarkus-agroal (the deployment
 * module registers it then); the only class of the extension that touches the lease API
 * ({@code dev.sno.lease}, with sno-jdbc's store).
 */
@Singleton
final class SnoLeasing {

    /** The generator, or why there is none. */
    record Outcome(SnoGenerator generator, String notLeased) {
    }

    private final SnoConfig config;
    private final SnoLeaseState state;

    SnoLeasing(SnoConfig config, SnoLeaseState state) {
        this.config = config;
        this.state = state;
    }

    /**
     * Leases a partition, or says why not. With {@code required}, every reason is a startup error.
     */
    Outcome lease(boolean required, SnoOverflows overflows) {
        String name = config.lease().datasource().orElse(DataSourceUtil.DEFAULT_DATASOURCE_NAME);
        String label = config.lease().datasource().map(n -> "datasource \"" + n + "\"").orElse("the default datasource");
        Optional<AgroalDataSource> found;
        try {
            found = AgroalDataSourceUtil.dataSourceIfActive(name);
        } catch (RuntimeException e) {
            found = Optional.empty();
        }
        if (found.isEmpty()) {
            return no(required, "the application has no active " + label + " to lease one from",
                    "sno.lease.datasource");
        }
        AgroalDataSource ds = found.get();
        String product;
        String url;
        LeaseDialect dialect;
        try (Connection c = ds.getConnection()) {
            DatabaseMetaData m = c.getMetaData();
            product = m.getDatabaseProductName();
            url = m.getURL() == null ? "(unknown URL)" : withoutParameters(m.getURL());
            try {
                dialect = LeaseDialect.of(m);
            } catch (SQLException unsupported) {
                dialect = null;
            }
        } catch (SQLException e) {
            throw SnoGeneratorFactory.fail("sno cannot decide whether to lease a partition: " + label + " cannot be"
                    + " reached (" + e.getMessage() + "); set sno.partition, or sno.lease.enabled=false",
                    "sno.lease.enabled");
        }
        String db = product + " " + url;
        if (inMemory(url)) {
            return no(required, label + " is the in-memory database " + db + ", which no other instance shares",
                    "sno.lease.enabled");
        }
        if (dialect == null) {
            return no(required, "partition leases support PostgreSQL 12+, MariaDB 10.6+, MySQL 8 and H2, not " + product,
                    "sno.lease.enabled");
        }
        try {
            if (config.lease().initializeSchema() == SnoConfig.InitializeSchema.ALWAYS) {
                JdbcPartitionLeases.createTable(ds);
            }
            if (!JdbcPartitionLeases.tableExists(ds)) {
                return no(required, "the table sno_partition_lease does not exist in " + db
                        + " (create it with LeaseDialect." + dialect.name() + ".ddl(), or set"
                        + " sno.lease.initialize-schema=always)",
                        "sno.lease.enabled");
            }
        } catch (SQLException e) {
            throw SnoGeneratorFactory.fail("sno cannot decide whether to lease a partition: the lease table in " + db
                    + " cannot be read or created (" + e.getMessage() + ")", "sno.lease.enabled");
        }
        return new Outcome(acquire(ds, db, dialect, overflows), null);
    }

    private SnoGenerator acquire(AgroalDataSource ds, String db, LeaseDialect dialect, SnoOverflows overflows) {
        SnoConfig.Lease lease = config.lease();
        int[] range = SnoGeneratorFactory.parseRange(lease.partitions(), "sno.lease.partitions");
        PartitionLeases.Builder builder = PartitionLeases.builder(JdbcPartitionLeases.store(ds).dialect(dialect)
                .createTable(false).build()).listener(state);
        try {
            builder.namespace(lease.namespace()).leaseDuration(lease.duration()).partitions(range[0], range[1]);
        } catch (IllegalArgumentException e) {
            throw SnoGeneratorFactory.fail("Invalid sno.lease.* configuration: " + e.getMessage(),
                    "sno.lease.namespace", "sno.lease.duration", "sno.lease.partitions");
        }
        SnoGenerator g;
        try {
            // The overflow listener too: the meter sno.generator.overflow.stalls counts a leased
            // generator's stalls as it counts any other's.
            g = builder.build().acquire(b -> {
                b.overflowListener(overflows);
                config.maxRegressionWait().ifPresent(b::maxRegressionWait);
            });
        } catch (java.io.IOException e) {
            throw new IllegalStateException("sno could not lease a partition from " + db + ": " + e.getMessage(), e);
        }
        state.leased(lease.namespace());
        SnoGeneratorFactory.LOG.infof("sno: partition %d (leased from the table sno_partition_lease in %s,"
                + " namespace \"%s\", lease %s)", g.partition(), db, lease.namespace(), lease.duration());
        return g;
    }

    private static Outcome no(boolean required, String why, String property) {
        if (required) {
            throw SnoGeneratorFactory.fail("sno.lease.enabled=true, but " + why, property);
        }
        return new Outcome(null, why);
    }

    private static boolean inMemory(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        return u.startsWith("jdbc:h2:mem:") || u.startsWith("jdbc:hsqldb:mem:") || u.startsWith("jdbc:derby:memory:");
    }

    private static String withoutParameters(String url) {
        int end = url.length();
        for (char c : new char[] {'?', ';'}) {
            int i = url.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return url.substring(0, end);
    }
}
