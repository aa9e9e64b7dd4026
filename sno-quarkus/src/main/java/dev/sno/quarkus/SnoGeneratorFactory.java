package dev.sno.quarkus;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

/**
 * Makes the generator bean from {@link SnoConfig} when the application starts, and decides where
 * its partition comes from: configured, a state file, a lease, or random. Logs one line naming
 * the partition and its source: a WARNING for a random one. The rules are the Spring starter's.
 */
final class SnoGeneratorFactory {

    /** The extension's log. */
    static final Logger LOG = Logger.getLogger("dev.sno.quarkus");

    /** Properties that must not be set to an empty value (a template that failed to fill them in). */
    private static final List<String> NOT_BLANK = List.of("sno.partition", "sno.sequence-range", "sno.snapshot-file",
            "sno.max-regression-wait", "sno.lease.enabled", "sno.lease.namespace", "sno.lease.partitions",
            "sno.lease.duration", "sno.lease.datasource");

    private final SnoConfig config;
    private final Config raw;

    SnoGeneratorFactory(SnoConfig config, Config raw) {
        this.config = config;
        this.raw = raw;
    }

    /** Whether a setting that fixes the partition or its pool is present. */
    private boolean partitionFixed() {
        return config.partition().isPresent() || config.sequenceRange().isPresent()
                || config.snapshotFile().isPresent();
    }

    /**
     * Whether to try a lease before looking at the database: false when leasing is off or another
     * setting decides the partition; true when asked for; null (auto) otherwise.
     */
    Boolean leaseWanted() {
        Boolean enabled = config.lease().enabled().orElse(null);
        if (Boolean.FALSE.equals(enabled) || partitionFixed() && !Boolean.TRUE.equals(enabled)) {
            return false;
        }
        return enabled;
    }

    /** Checks the settings that are empty or exclude each other. */
    void check() {
        List<String> unknown = SnoSettingNames.unknown(raw);
        if (!unknown.isEmpty()) {
            throw fail(String.join("\n", unknown) + " (sno refuses to start rather than ignore a setting that"
                    + " may have been meant to fix the partition)", "sno");
        }
        for (String name : NOT_BLANK) {
            String value = raw.getConfigValue(name).getRawValue();
            if (value != null && value.isBlank()) {
                throw fail(name + " is set but empty (\"" + value + "\"): remove it to use its default, or give it"
                        + " a value", name);
            }
        }
        if (config.lease().enabled().orElse(false)) {
            excludes("sno.partition", config.partition().orElse(null), "a leased partition is assigned by the lease"
                    + " table");
            excludes("sno.sequence-range", config.sequenceRange().orElse(null), "a lease hands out a whole"
                    + " partition");
            excludes("sno.snapshot-file", config.snapshotFile().orElse(null), "a leased generator keeps its state"
                    + " in its lease row");
        }
    }

    private static void excludes(String property, Object value, String why) {
        if (value != null) {
            throw fail(property + "=" + value + " and sno.lease.enabled=true exclude each other: " + why + ". Remove "
                    + property + " to lease the partition, or remove sno.lease.enabled (or set it to false)",
                    property, "sno.lease.enabled");
        }
    }

    /** A startup failure naming the properties. */
    static ConfigurationException fail(String message, String... properties) {
        return new ConfigurationException(message, Set.of(properties));
    }

    /**
     * Makes the generator, logging its partition's source once.
     *
     * @param leases     how to lease, or null without a datasource extension
     * @param overflows  counts stalled callers, for the meters
     */
    SnoGenerator create(SnoLeasing leases, SnoOverflows overflows) {
        check();
        Boolean wanted = leaseWanted();
        String notLeased;
        if (Boolean.FALSE.equals(wanted)) {
            notLeased = config.lease().enabled().isPresent() ? "sno.lease.enabled=false" : null;
        } else if (leases == null) {
            if (Boolean.TRUE.equals(wanted)) {
                throw fail("sno.lease.enabled=true, but the application has no datasource (add quarkus-agroal and a"
                        + " JDBC driver extension) to lease a partition from", "sno.lease.enabled");
            }
            notLeased = "the application has no datasource to lease one from";
        } else {
            SnoLeasing.Outcome outcome = leases.lease(Boolean.TRUE.equals(wanted), overflows);
            if (outcome.generator() != null) {
                return outcome.generator();
            }
            notLeased = outcome.notLeased();
        }
        SnoGenerator g = plain(overflows);
        announce(g, notLeased);
        return g;
    }

    private SnoGenerator plain(SnoOverflows overflows) {
        SnoGenerator.Builder builder = SnoGenerator.builder().overflowListener(overflows).announcePartition(false);
        config.partition().ifPresent(p -> {
            try {
                builder.partition(p);
            } catch (IllegalArgumentException e) {
                throw fail("Invalid sno.partition=" + p + ": must be an integer in 0..65535", "sno.partition");
            }
        });
        config.sequenceRange().ifPresent(text -> {
            int[] r = parseRange(text, "sno.sequence-range");
            try {
                builder.sequenceRange(r[0], r[1]);
            } catch (IllegalArgumentException e) {
                throw fail("Invalid sno.sequence-range=" + text + ": " + e.getMessage(), "sno.sequence-range");
            }
        });
        config.maxRegressionWait().ifPresent(wait -> {
            try {
                builder.maxRegressionWait(wait);
            } catch (IllegalArgumentException e) {
                throw fail("Invalid sno.max-regression-wait=" + wait + ": " + e.getMessage(), "sno.max-regression-wait");
            }
        });
        if (config.snapshotFile().isPresent()) {
            try {
                builder.snapshotFile(config.snapshotFile().get());
            } catch (IllegalArgumentException e) {
                throw fail("Invalid sno.snapshot-file=" + config.snapshotFile().get() + ": " + e.getMessage(),
                        "sno.snapshot-file");
            }
        }
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw fail("Invalid sno.* configuration: " + e.getMessage(), "sno.partition", "sno.sequence-range",
                    "sno.snapshot-file");
        } catch (IllegalStateException e) {
            if (config.snapshotFile().isPresent()) {
                throw fail("sno.snapshot-file=" + config.snapshotFile().get() + " cannot be used: " + e.getMessage(),
                        "sno.snapshot-file");
            }
            throw e;
        }
    }

    /** The startup line of a generator that is not leased. */
    private void announce(SnoGenerator g, String notLeased) {
        PartitionSource source = g.partitionSource();
        if (source == PartitionSource.CONFIGURED) {
            LOG.infof("sno: partition %d (configured: sno.partition)", g.partition());
        } else if (source == PartitionSource.RESTORED) {
            LOG.infof("sno: partition %d (restored from sno.snapshot-file %s)", g.partition(),
                    config.snapshotFile().orElse(null));
        } else if (source == PartitionSource.RANDOM) {
            LOG.warn(randomWarning(g.partition(), notLeased));
        } else {
            LOG.infof("sno: partition %d (%s)", g.partition(), source);
        }
    }

    /** The WARNING for a random partition: why, and the property to set. */
    static String randomWarning(int partition, String notLeased) {
        return "sno: partition " + partition + " is random: sno.partition is not set"
                + (notLeased == null ? "" : " and " + notLeased) + ". Its IDs are unique within this instance"
                + " only; two instances share a partition with probability 1/65536 and then repeat each other's"
                + " IDs. Set sno.partition to a number in 0..65535 that no other instance uses, or let sno lease"
                + " one: create the table sno_partition_lease (LeaseDialect's ddl() for the database, or"
                + " sno.lease.initialize-schema=always) in a PostgreSQL, MariaDB, MySQL or H2 file/server"
                + " datasource all instances share.";
    }

    /**
     * Parses {@code min-max}.
     *
     * @throws ConfigurationException naming the property and the value
     */
    static int[] parseRange(String text, String property) {
        int dash = text.indexOf('-');
        try {
            if (dash > 0) {
                return new int[] {Integer.parseInt(text.substring(0, dash).trim()),
                        Integer.parseInt(text.substring(dash + 1).trim())};
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw fail("Invalid " + property + "=" + text + ": must be min-max, for example 0-32767", property);
    }
}
