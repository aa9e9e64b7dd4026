package dev.sno.jdbc.lease;

import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStoreProvider;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The lease store {@code jdbc} ({@link LeaseStoreProvider}): the table {@code sno_partition_lease}
 * in the application's DataSource (PostgreSQL 12+, MariaDB 10.6+, MySQL 8, H2 in file or server
 * mode). Asked first (order 100) when {@code sno.lease.store} is unset. Its settings:
 * {@code sno.lease.datasource}, the name of the DataSource (a bean name in Spring, a datasource
 * name in Quarkus; unset: the application's one, primary or default DataSource), and
 * {@code sno.lease.initialize-schema}: {@code embedded} (the default; the names are Spring's
 * {@code DatabaseInitializationMode}'s, and since sno never leases from an in-memory database it
 * creates nothing), {@code always} (creates the table if it does not exist), {@code never}.
 *
 * <p>It declines an in-memory database (every instance would have its own, and all would lease
 * the same partitions), one leases do not support, and one without the table. A database that
 * cannot be reached is an error, not a reason to decline: a random partition beside a leasing
 * fleet could repeat its IDs.
 */
public final class JdbcLeaseStoreProvider implements LeaseStoreProvider {

    private static final String DATASOURCE = "sno.lease.datasource";
    private static final String INITIALIZE = "sno.lease.initialize-schema";

    /** For {@link java.util.ServiceLoader}. */
    public JdbcLeaseStoreProvider() {
    }

    /**
     * The store's name.
     *
     * @return {@code jdbc}
     */
    @Override
    public String name() {
        return "jdbc";
    }

    /**
     * Asked first.
     *
     * @return 100
     */
    @Override
    public int order() {
        return 100;
    }

    /**
     * The settings this store reads.
     *
     * @return {@code sno.lease.datasource}, {@code sno.lease.initialize-schema}
     */
    @Override
    public List<String> settingNames() {
        return List.of(DATASOURCE, INITIALIZE);
    }

    /**
     * The setting that says where the store is: setting it turns leasing on.
     *
     * @return {@code sno.lease.datasource}
     */
    @Override
    public List<String> connectionSettingNames() {
        return List.of(DATASOURCE);
    }

    /**
     * Serves when the DataSource is a shared database that leases support, with the table.
     *
     * @param settings   the settings
     * @param resources  the application's DataSources
     * @param required   unused: the reasons to decline are the same
     * @return the store, or why not
     * @throws SettingsException if a setting is invalid, or the database cannot be reached
     */
    @Override
    public Offer offer(Settings settings, LeaseResources resources, boolean required) {
        String initialize = settings.choice(INITIALIZE, List.of("embedded", "always", "never")).orElse("embedded");
        Optional<String> name = settings.text(DATASOURCE);
        Optional<DataSource> found = resources.find(DataSource.class, name.orElse(null));
        if (found.isEmpty()) {
            return Offer.decline(name.map(n -> "the application has no DataSource named \"" + n + "\" to lease one"
                    + " from").orElse("the application has no DataSource (or several, none of them primary) to lease"
                            + " one from"), "Give the application a DataSource for a database all instances share"
                                    + " (PostgreSQL 12+, MariaDB 10.6+, MySQL 8, or H2 in file or server mode), with"
                                    + " the table sno_partition_lease (LeaseDialect's ddl(), or"
                                    + " sno.lease.initialize-schema=always).", false);
        }
        DataSource ds = found.get();
        LeaseDatabase db;
        try {
            db = LeaseDatabase.of(ds);
        } catch (SQLException e) {
            throw SettingsException.because("sno cannot decide whether to lease a partition: the DataSource cannot be"
                    + " reached (" + e.getMessage() + ").", "Make the database reachable, or decide without it: set"
                            + " sno.partition, or sno.lease.enabled=false.", e, "sno.lease.enabled");
        }
        if (db.embedded()) {
            return Offer.decline("the DataSource is the in-memory database " + db + ", which no other instance"
                    + " shares", "Point the DataSource at a database all instances share, or set"
                            + " sno.lease.enabled=false (in tests).", true);
        }
        if (db.dialect() == null) {
            return Offer.decline("partition leases support PostgreSQL 12+, MariaDB 10.6+, MySQL 8 and H2, not "
                    + db.product(), "Give each instance its own sno.partition, or lease from another store"
                            + " (sno.lease.store).", true);
        }
        boolean exists;
        boolean created = false;
        try {
            exists = JdbcPartitionLeases.tableExists(ds);
            if (!exists && initialize.equals("always")) {
                JdbcPartitionLeases.createTable(ds);
                exists = created = true;
            }
        } catch (SQLException e) {
            throw SettingsException.because("sno cannot decide whether to lease a partition: the table"
                    + " sno_partition_lease in " + db + " cannot be read or created (" + e.getMessage() + ").",
                    "Make the database reachable, or decide without it: set sno.partition, or"
                            + " sno.lease.enabled=false.", e, "sno.lease.enabled");
        }
        if (!exists) {
            return Offer.decline("the table sno_partition_lease does not exist in " + db, "Create it, best with a"
                    + " migration:" + LeaseDatabase.ddl(db.dialect()) + "\nor set sno.lease.initialize-schema=always"
                            + " to have sno create it at startup.", true);
        }
        return Offer.serve(JdbcPartitionLeases.store(ds).dialect(db.dialect()).createTable(false).build(),
                "the table sno_partition_lease in " + db + (created ? ", created at startup"
                        + " (sno.lease.initialize-schema=always)" : ""), null);
    }
}
