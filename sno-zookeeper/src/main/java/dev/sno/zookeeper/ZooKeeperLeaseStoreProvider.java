package dev.sno.zookeeper;

import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStoreProvider;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.common.PathUtils;

/**
 * The lease store {@code zookeeper} ({@link LeaseStoreProvider}): ZooKeeper through Apache
 * Curator. It serves only when a lease is asked for ({@code sno.lease.enabled=true},
 * {@code sno.lease.store=zookeeper} or {@code sno.lease.zookeeper.connect}), as Redis does: with
 * none of them, sno writes no znodes into the application's ZooKeeper. Its settings:
 * <ul>
 * <li>{@code sno.lease.zookeeper.connect}: a ZooKeeper connect string
 *     ({@code zk1:2181,zk2:2181,zk3:2181}, with an optional chroot, a znode path); the provider
 *     starts its own Curator client, with a session timeout of the lease duration
 *     ({@code sno.lease.duration}, default 30 s), and closes it after the generator. Unset: the
 *     application's {@code CuratorFramework}, as a framework offers it (a Spring bean, a CDI
 *     bean). Either way the session is the lease: with {@code sno.lease.duration} unset, the
 *     lease is the session timeout the server granted
 *     ({@link dev.sno.config.PartitionDecision}).</li>
 * <li>{@code sno.lease.zookeeper.root} (default {@value ZooKeeperLeaseStore#DEFAULT_ROOT}): the
 *     znode under which the leases live.</li>
 * </ul>
 */
public final class ZooKeeperLeaseStoreProvider implements LeaseStoreProvider {

    private static final String CONNECT = "sno.lease.zookeeper.connect";
    private static final String ROOT = "sno.lease.zookeeper.root";

    /** For {@link java.util.ServiceLoader}. */
    public ZooKeeperLeaseStoreProvider() {
    }

    /**
     * The store's name.
     *
     * @return {@code zookeeper}
     */
    @Override
    public String name() {
        return "zookeeper";
    }

    /**
     * Asked after {@code jdbc} and {@code redis}.
     *
     * @return 300
     */
    @Override
    public int order() {
        return 300;
    }

    /**
     * The settings this store reads.
     *
     * @return {@code sno.lease.zookeeper.connect} and {@code .root}
     */
    @Override
    public List<String> settingNames() {
        return List.of(CONNECT, ROOT);
    }

    /**
     * The setting that says where the store is: setting it turns leasing on.
     *
     * @return {@code sno.lease.zookeeper.connect}
     */
    @Override
    public List<String> connectionSettingNames() {
        return List.of(CONNECT);
    }

    /**
     * The application's Curator client, which this store may use.
     *
     * @return {@code org.apache.curator.framework.CuratorFramework}
     */
    @Override
    public List<String> resourceTypes() {
        return List.of(CuratorFramework.class.getName());
    }

    /**
     * Serves when leasing is required and a ZooKeeper is named or offered.
     *
     * @param settings   the settings
     * @param resources  the application's Curator client, if the framework has one
     * @param required   whether {@code sno.lease.enabled=true}
     * @return the store, or why not
     */
    @Override
    public Offer offer(Settings settings, LeaseResources resources, boolean required) {
        Optional<String> connect = settings.text(CONNECT);
        String root = settings.text(ROOT).orElse(ZooKeeperLeaseStore.DEFAULT_ROOT);
        if (connect.isPresent() && !connect.get().matches("[A-Za-z0-9.\\-_:\\[\\],]+(/[^\\s]*)?")) {
            throw settings.invalid(CONNECT, connect.get(), "not a ZooKeeper connect string such as"
                    + " zk1:2181,zk2:2181/chroot");
        }
        int slash = connect.map(c -> c.indexOf('/')).orElse(-1);
        if (slash >= 0 && slash < connect.get().length() - 1) {
            try {
                PathUtils.validatePath(connect.get().substring(slash));
            } catch (IllegalArgumentException e) { // its message quotes the path raw
                throw settings.invalid(CONNECT, connect.get(), "its chroot is not a znode path (ZooKeeper refuses"
                        + " control characters, surrogates, empty and relative names)");
            }
        }
        try {
            ZooKeeperLeaseStore.checkRoot(root);
        } catch (IllegalArgumentException e) {
            throw settings.invalid(ROOT, root, "not an absolute znode path below /, such as /sno/leases");
        }
        if (!required) {
            boolean found = connect.isPresent();
            try {
                found = found || resources.find(CuratorFramework.class, null).isPresent();
            } catch (SettingsException unusable) {
                found = true;
            }
            return Offer.decline("leasing from ZooKeeper needs sno.lease.enabled=true (unset, sno writes no znodes"
                    + " into the application's ZooKeeper)", "Set sno.lease.enabled=true to lease from ZooKeeper.", found);
        }
        Optional<CuratorFramework> offered = connect.isPresent() ? Optional.empty()
                : resources.find(CuratorFramework.class, null);
        if (connect.isEmpty() && offered.isEmpty()) {
            return Offer.decline("the application has no CuratorFramework to lease one from, and " + CONNECT
                    + " is not set", "Set " + CONNECT + "=zk1:2181,zk2:2181,zk3:2181, or offer a started"
                            + " CuratorFramework bean.", false);
        }
        CuratorFramework client;
        if (connect.isPresent()) {
            int session = (int) Math.min(Integer.MAX_VALUE, settings.duration("sno.lease.duration")
                    .orElse(dev.sno.lease.PartitionLeases.DEFAULT_LEASE_DURATION).toMillis());
            client = CuratorFrameworkFactory.builder().connectString(connect.get()).sessionTimeoutMs(session)
                    .connectionTimeoutMs(Math.min(15_000, session)).retryPolicy(new ExponentialBackoffRetry(100, 10))
                    .build();
            client.start();
        } else {
            client = offered.get();
        }
        String where = "ZooKeeper " + (connect.isPresent() ? connect.get() : "(the application's Curator client)")
                + " " + root;
        return Offer.serve(ZooKeeperLeaseStore.of(client, root), where, connect.isPresent() ? client::close : null);
    }
}
