package dev.sno.spring.boot;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sno.* properties: how the application's {@link dev.sno.SnoGenerator} bean is made.
 *
 * @param partition          the partition written into every ID, 0..65535; give every instance
 *                           that writes into one keyspace its own. Unset: a process-unique one
 *                           derived from the start time, not coordinated between instances
 * @param sequenceRange      the sequence pool as min-max, both 0..65535 and at least 4
 *                           values, for several writers sharing one partition; unset: the
 *                           whole pool, 0-65535
 * @param snapshotFile       a file holding the generator's state across restarts: read at
 *                           startup, written on shutdown and after clock regressions
 * @param maxRegressionWait  how long a caller may wait after a second clock regression before
 *                           next throws ClockRegressionException; unset: waits
 * @param install            whether to install the generator bean behind Sno.next,
 *                           @SnoGeneratedId and the other integrations
 *                           (Sno.install); once per process, so turn it off in a
 *                           second application context in the same JVM
 * @param lease              a partition leased from the application's database instead of
 *                           partition
 */
@ConfigurationProperties("sno")
public record SnoProperties(Integer partition, String sequenceRange, Path snapshotFile,
        Duration maxRegressionWait, @DefaultValue("true") boolean install, @DefaultValue Lease lease) {

    /**
     * The sno.lease.* properties: the partition is leased from a table in the
     * application's DataSource (sno-jdbc's dev.sno.jdbc.lease.JdbcPartitionLeases),
     * so that instances of a fleet never share one.
     *
     * @param enabled   whether to lease the partition; then sno.partition must be unset
     * @param table     the lease table
     * @param duration  how long a lease lasts without renewal
     */
    public record Lease(@DefaultValue("false") boolean enabled, @DefaultValue("sno_partition_lease") String table,
            @DefaultValue("30s") Duration duration) {
    }
}
