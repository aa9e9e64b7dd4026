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
 *                           SnoGeneratedId and the other integrations
 *                           (Sno.install); once per process, so turn it off in a
 *                           second application context in the same JVM
 * @param lease              a partition leased from the application's database instead of
 *                           partition
 */
@ConfigurationProperties("sno")
public record SnoProperties(Integer partition, String sequenceRange, Path snapshotFile,
        Duration maxRegressionWait, @DefaultValue("true") boolean install, @DefaultValue Lease lease) {

    /**
     * The sno.lease.* properties: the partition is leased from a table (sno_partition_lease) in
     * the application's DataSource with sno-jdbc's JdbcPartitionLeases, so that the instances of
     * a fleet never share one and need no partition plan; the lease is renewed in the background
     * and freed when the context closes.
     *
     * @param enabled      whether to lease the partition; then sno.partition and
     *                     sno.sequence-range must be unset
     * @param namespace    the namespace: an independent keyspace with partitions of its own
     * @param duration     how long a lease lasts without renewal, in database time (1s to 1h)
     * @param partitions   the partitions the namespace may hand out, as min-max
     * @param createTable  whether to create the lease table when it is missing
     */
    public record Lease(@DefaultValue("false") boolean enabled, @DefaultValue("default") String namespace,
            @DefaultValue("30s") Duration duration, @DefaultValue("0-65535") String partitions,
            @DefaultValue("true") boolean createTable) {
    }
}
