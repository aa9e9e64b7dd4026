package dev.sno.spring.boot;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.jdbc.lease.JdbcPartitionLeases;
import dev.sno.lease.PartitionLeases;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.log.LogAccessor;

/**
 * Makes the generator bean and decides, at run time, where its partition comes from: configured,
 * a state file, a lease, or random (issue 18). Nothing here is decided by a condition frozen at
 * build time, so an application processed by Spring AOT decides exactly as one that is not.
 * Logs one line at startup that names the partition and its source: a WARNING for a random one,
 * with the property to set and the DDL of the lease table.
 */
final class SnoGeneratorFactory {

    /** The starter's log; Spring Boot routes it to Logback or whatever the application uses. */
    static final LogAccessor LOG = new LogAccessor(SnoAutoConfiguration.class);

    /** Properties that must not be set to an empty value (a template that failed to fill them in). */
    private static final List<String> NOT_BLANK = List.of("sno.partition", "sno.sequence-range", "sno.snapshot-file",
            "sno.max-regression-wait", "sno.lease.enabled", "sno.lease.namespace", "sno.lease.partitions",
            "sno.lease.duration");

    private final SnoProperties properties;
    private final Environment environment;
    private final DataSource dataSource;
    private final ConfigurableListableBeanFactory beans;

    /**
     * @param dataSource  the application's one DataSource (or its primary), or null
     */
    SnoGeneratorFactory(SnoProperties properties, Environment environment, DataSource dataSource) {
        this(properties, environment, dataSource, null);
    }

    /**
     * @param dataSource  the application's one DataSource (or its primary), or null
     * @param beans       the bean factory, to find a Redis connection factory; null: none
     */
    SnoGeneratorFactory(SnoProperties properties, Environment environment, DataSource dataSource,
            ConfigurableListableBeanFactory beans) {
        this.properties = properties;
        this.environment = environment;
        this.dataSource = dataSource;
        this.beans = beans;
    }

    /** Whether a setting that fixes the partition or its pool is present. */
    private boolean partitionFixed() {
        return properties.partition() != null || properties.sequenceRange() != null || properties.snapshotFile() != null;
    }

    /**
     * Whether the starter may lease, before looking at the database: false when leasing is
     * turned off or another setting decides the partition; true when asked for; null (auto)
     * otherwise.
     */
    Boolean leaseWanted() {
        Boolean enabled = properties.lease().enabled();
        if (Boolean.FALSE.equals(enabled) || partitionFixed() && !Boolean.TRUE.equals(enabled)) {
            return false;
        }
        return enabled;
    }

    /** Checks the settings that exclude each other or are empty; throws what startup reports. */
    void check() {
        if (environment instanceof ConfigurableEnvironment configurable) {
            List<String> unknown = SnoSettingNames.unknown(configurable);
            if (!unknown.isEmpty()) {
                throw new SnoConfigurationException(String.join("\n", unknown) + ".", "Correct the name, or remove"
                        + " the setting: sno refuses to start rather than ignore a setting that may have been meant"
                        + " to fix the partition.");
            }
        }
        for (String name : NOT_BLANK) {
            String value = environment.getProperty(name);
            if (value != null && value.isBlank()) {
                throw new SnoConfigurationException(name + " is set but empty (\"" + value + "\").",
                        "Remove " + name + " to use its default, or give it a value.");
            }
        }
        if (Boolean.TRUE.equals(properties.lease().enabled())) {
            excludes("sno.partition", properties.partition(), "a leased partition is assigned by the lease table");
            excludes("sno.sequence-range", properties.sequenceRange(), "a lease hands out a whole partition");
            excludes("sno.snapshot-file", properties.snapshotFile(), "a leased generator keeps its state in its"
                    + " lease row");
        }
    }

    private static void excludes(String property, Object value, String why) {
        if (value != null) {
            throw new SnoConfigurationException(property + "=" + value + " and sno.lease.enabled=true exclude each"
                    + " other: " + why + ".", "Remove " + property + " to lease the partition, or remove"
                    + " sno.lease.enabled (or set it to false) to use " + property + "=" + value + ".");
        }
    }

    /** Makes the generator, logging its partition's source once. */
    SnoGenerator create(SnoLeaseState lease, SnoAutoConfiguration.SnoOverflowCounter overflows,
            List<SnoGeneratorBuilderCustomizer> customizers) {
        check();
        Boolean wanted = leaseWanted();
        String notLeased;
        if (Boolean.FALSE.equals(wanted)) {
            notLeased = Boolean.FALSE.equals(properties.lease().enabled()) ? "sno.lease.enabled=false" : null;
        } else if (redisFactory() != null) {
            if (Boolean.TRUE.equals(wanted)) {
                return leasedFromRedis(redisFactory(), lease, overflows, customizers);
            }
            notLeased = "leasing from Redis needs sno.lease.enabled=true (unset, sno never writes lease keys into a"
                    + " Redis that may be the application's cache)";
        } else {
            SnoDatabase db = database(wanted);
            notLeased = db == null ? "the application has no DataSource to lease one from" : whyNotLeasable(db, wanted);
            if (notLeased == null) {
                return leased(db, lease, overflows, customizers);
            }
        }
        SnoGenerator g = plain(overflows, customizers);
        announce(g, notLeased);
        return g;
    }

    /**
     * The Lettuce connection factory bean to lease from when Redis is the store (sno.lease.store=redis,
     * or unset without a DataSource); null when the store is the database.
     */
    private String redisFactory() {
        SnoProperties.Store store = properties.lease().store();
        if (store == SnoProperties.Store.JDBC || store == null && dataSource != null) {
            return null;
        }
        boolean available = beans != null && SnoRedisLeases.available(getClass().getClassLoader());
        String name = available ? SnoRedisLeases.factoryBean(beans) : null;
        if (store == SnoProperties.Store.REDIS && name == null) {
            throw new SnoConfigurationException("sno.lease.store=redis, but " + (available
                    ? "the application has no single LettuceConnectionFactory bean" : "dev.sno:sno-redis or Spring Data"
                            + " Redis is not on the class path") + ".", "Add spring-boot-starter-data-redis (Lettuce)"
                    + " and dev.sno:sno-redis, or lease from the database (sno.lease.store=jdbc).");
        }
        return name;
    }

    private SnoGenerator leasedFromRedis(String factoryBean, SnoLeaseState state,
            SnoAutoConfiguration.SnoOverflowCounter overflows, List<SnoGeneratorBuilderCustomizer> customizers) {
        SnoProperties.Lease lease = properties.lease();
        int[] range;
        try {
            range = SnoAutoConfiguration.parseRange(lease.partitions(), "sno.lease.partitions");
        } catch (IllegalArgumentException e) {
            throw new SnoConfigurationException("Invalid sno.lease.* properties: " + e.getMessage(),
                    "Correct the property named.", e);
        }
        SnoGenerator g;
        try {
            g = SnoRedisLeases.acquire(beans, factoryBean, "snoGenerator", lease, b -> b.listener(state)
                    .namespace(lease.namespace()).leaseDuration(lease.duration()).partitions(range[0], range[1]),
                    b -> {
                        b.overflowListener(overflows);
                        if (properties.maxRegressionWait() != null) {
                            b.maxRegressionWait(properties.maxRegressionWait());
                        }
                        customizers.forEach(c -> c.customize(b));
                    });
        } catch (IllegalArgumentException e) {
            throw new SnoConfigurationException("Invalid sno.lease.* properties: " + e.getMessage(),
                    "Correct the property named.", e);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("sno could not lease a partition from Redis: " + e.getMessage(), e);
        }
        LOG.info("sno: partition " + g.partition() + " (leased from Redis, namespace \"" + lease.namespace()
                + "\", lease " + lease.duration() + ")");
        return g;
    }

    /** The database to lease from; null without a DataSource (an error when leasing is required). */
    private SnoDatabase database(Boolean wanted) {
        if (dataSource == null) {
            if (Boolean.TRUE.equals(wanted)) {
                throw new SnoConfigurationException("sno.lease.enabled=true, but the application has no DataSource"
                        + " bean (or several, none of them @Primary) to lease a partition from.",
                        "Add one DataSource for a database all instances share (PostgreSQL, MariaDB, MySQL, or H2 in file or server"
                                + " mode), or remove sno.lease.enabled.");
            }
            return null;
        }
        try {
            return SnoDatabase.of(dataSource);
        } catch (SQLException e) {
            throw new SnoConfigurationException("sno cannot decide whether to lease a partition: the DataSource"
                    + " cannot be reached (" + e.getMessage() + ").", "Make the database reachable, or decide"
                    + " without it: set sno.partition, or sno.lease.enabled=false.", e);
        }
    }

    /**
     * Why the starter does not lease from db (null: it leases). With leasing required, every
     * reason is an error instead.
     */
    private String whyNotLeasable(SnoDatabase db, Boolean wanted) {
        boolean required = Boolean.TRUE.equals(wanted);
        if (db.embedded()) {
            if (required) {
                throw new SnoConfigurationException("sno.lease.enabled=true, but the DataSource is the in-memory"
                        + " database " + db + ": every instance has its own, so every instance would lease the same"
                        + " partitions.", "Point the DataSource at a database all instances share, or remove"
                                + " sno.lease.enabled (in tests: set it to false).");
            }
            return "the DataSource is the in-memory database " + db + ", which no other instance shares";
        }
        if (!db.leasable()) {
            if (required) {
                throw new SnoConfigurationException("sno.lease.enabled=true, but partition leases support PostgreSQL"
                        + " 12+, MariaDB 10.6+, MySQL 8 and H2, not " + db + ".", "Give each instance its own"
                                + " sno.partition, or remove sno.lease.enabled.");
            }
            return "partition leases support PostgreSQL 12+, MariaDB 10.6+, MySQL 8 and H2, not " + db.product();
        }
        boolean exists;
        try {
            exists = JdbcPartitionLeases.tableExists(dataSource);
        } catch (SQLException e) {
            throw new SnoConfigurationException("sno cannot decide whether to lease a partition: looking for the"
                    + " table sno_partition_lease in " + db + " failed (" + e.getMessage() + ").",
                    "Make the database reachable, or decide without it: set sno.partition, or"
                            + " sno.lease.enabled=false.", e);
        }
        if (!exists) {
            if (required) {
                throw new SnoConfigurationException("sno.lease.enabled=true, but the table sno_partition_lease does"
                        + " not exist in " + db + ".", "Create it, best with a migration:" + db.ddl()
                                + "\nor set sno.lease.initialize-schema=always to have sno create it at startup.");
            }
            return "the table sno_partition_lease does not exist in " + db;
        }
        return null;
    }

    private SnoGenerator leased(SnoDatabase db, SnoLeaseState state, SnoAutoConfiguration.SnoOverflowCounter overflows,
            List<SnoGeneratorBuilderCustomizer> customizers) {
        SnoProperties.Lease lease = properties.lease();
        PartitionLeases.Builder builder = PartitionLeases.builder(JdbcPartitionLeases.store(dataSource)
                .dialect(db.dialect()).createTable(false).build()).listener(state);
        try {
            int[] range = SnoAutoConfiguration.parseRange(lease.partitions(), "sno.lease.partitions");
            builder.namespace(lease.namespace()).leaseDuration(lease.duration()).partitions(range[0], range[1]);
        } catch (IllegalArgumentException e) {
            throw new SnoConfigurationException("Invalid sno.lease.* properties: " + e.getMessage(),
                    "Correct the property named.", e);
        }
        SnoGenerator g;
        try {
            // The leased generator gets what a plain one gets: the overflow counter, the bound on
            // regression waits and the application's customizers (the lease sets partition and
            // state store after them).
            g = builder.build().acquire(b -> {
                b.overflowListener(overflows);
                if (properties.maxRegressionWait() != null) {
                    b.maxRegressionWait(properties.maxRegressionWait());
                }
                customizers.forEach(c -> c.customize(b));
            });
        } catch (java.io.IOException e) {
            throw new IllegalStateException("sno could not lease a partition from " + db + ": " + e.getMessage(), e);
        }
        LOG.info("sno: partition " + g.partition() + " (leased from the table sno_partition_lease in " + db
                + ", namespace \"" + lease.namespace() + "\", lease " + lease.duration() + ")");
        return g;
    }

    private SnoGenerator plain(SnoAutoConfiguration.SnoOverflowCounter overflows,
            List<SnoGeneratorBuilderCustomizer> customizers) {
        SnoGenerator.Builder builder = SnoGenerator.builder().overflowListener(overflows).announcePartition(false);
        PropertyMapper map = PropertyMapper.get();
        try {
            map.from(properties::partition).when(Objects::nonNull).to(builder::partition);
            map.from(properties::sequenceRange).when(Objects::nonNull).to(range -> {
                int[] r = SnoAutoConfiguration.parseRange(range, "sno.sequence-range");
                builder.sequenceRange(r[0], r[1]);
            });
        } catch (IllegalArgumentException e) {
            throw new SnoConfigurationException("Invalid sno.* properties: " + e.getMessage(),
                    "Correct the property named.", e);
        }
        map.from(properties::snapshotFile).when(Objects::nonNull).to(builder::snapshotFile);
        map.from(properties::maxRegressionWait).when(Objects::nonNull).to(builder::maxRegressionWait);
        customizers.forEach(c -> c.customize(builder));
        return builder.build();
    }

    /** The startup line of a generator that is not leased. */
    private void announce(SnoGenerator g, String notLeased) {
        PartitionSource source = g.partitionSource();
        if (source == PartitionSource.CONFIGURED) {
            LOG.info("sno: partition " + g.partition() + " (configured: sno.partition)");
        } else if (source == PartitionSource.RESTORED) {
            LOG.info("sno: partition " + g.partition() + " (restored from sno.snapshot-file "
                    + properties.snapshotFile() + ")");
        } else if (source == PartitionSource.RANDOM) {
            LOG.warn(randomWarning(g.partition(), notLeased));
        } else {
            LOG.info("sno: partition " + g.partition() + " (" + source + ")");
        }
    }

    /** The WARNING for a random partition: why, the property to set, and the DDL. */
    static String randomWarning(int partition, String notLeased) {
        return "sno: partition " + partition + " is random: sno.partition is not set"
                + (notLeased == null ? "" : " and " + notLeased) + ". Its IDs are unique within this instance"
                + " only; two instances share a partition with probability 1/65536 and then repeat each other's"
                + " IDs. Set sno.partition to a number in 0..65535 that no other instance uses, or let sno"
                + " lease one: create the lease table in a PostgreSQL, MariaDB, MySQL 8 or H2 (file/server)"
                + " database all instances use as their DataSource (PostgreSQL's DDL; MariaDB and MySQL:"
                + " LeaseDialect.MARIADB.ddl()):" + SnoDatabase.ddl(dev.sno.jdbc.lease.LeaseDialect.POSTGRESQL);
    }
}
