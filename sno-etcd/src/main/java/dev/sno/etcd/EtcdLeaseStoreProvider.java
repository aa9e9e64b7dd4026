package dev.sno.etcd;

import dev.sno.config.Settings;
import dev.sno.config.SettingsException;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStoreProvider;
import io.etcd.jetcd.Client;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The lease store {@code etcd} ({@link LeaseStoreProvider}): etcd v3 through jetcd. It serves only
 * when leasing is required ({@code sno.lease.enabled=true}), as Redis and ZooKeeper do, and an etcd
 * is configured or offered: an etcd that is only there for something else is never written to. Its
 * setting:
 * <ul>
 * <li>{@code sno.lease.etcd.endpoints}: the etcd endpoints, comma-separated URLs
 *     ({@code http://etcd-1:2379,http://etcd-2:2379}); the provider opens a jetcd client of its own
 *     and closes it after the generator. Unset: the application's jetcd {@code Client}, as a
 *     framework offers it.</li>
 * </ul>
 */
public final class EtcdLeaseStoreProvider implements LeaseStoreProvider {

    private static final String ENDPOINTS = "sno.lease.etcd.endpoints";

    /** For {@link java.util.ServiceLoader}. */
    public EtcdLeaseStoreProvider() {
    }

    /**
     * The store's name.
     *
     * @return {@code etcd}
     */
    @Override
    public String name() {
        return "etcd";
    }

    /**
     * Asked after {@code jdbc} and {@code redis}.
     *
     * @return 400
     */
    @Override
    public int order() {
        return 400;
    }

    /**
     * The settings this store reads.
     *
     * @return {@code sno.lease.etcd.endpoints}
     */
    @Override
    public List<String> settingNames() {
        return List.of(ENDPOINTS);
    }

    /**
     * The setting that says where the store is: setting it turns leasing on.
     *
     * @return {@code sno.lease.etcd.endpoints}
     */
    @Override
    public List<String> connectionSettingNames() {
        return List.of(ENDPOINTS);
    }

    /**
     * The application's jetcd client, which this store may use.
     *
     * @return {@code io.etcd.jetcd.Client}
     */
    @Override
    public List<String> resourceTypes() {
        return List.of(Client.class.getName());
    }

    /**
     * Serves when leasing is required, and an etcd is configured or offered.
     *
     * @param settings   the settings
     * @param resources  the application's jetcd client, if the framework has one
     * @param required   whether {@code sno.lease.enabled=true}
     * @return the store, or why not
     * @throws SettingsException if {@code sno.lease.etcd.endpoints} is not a list of URLs
     */
    @Override
    public Offer offer(Settings settings, LeaseResources resources, boolean required) {
        Optional<String> endpoints = settings.text(ENDPOINTS);
        List<URI> uris = endpoints.isPresent() ? endpoints(settings, endpoints.get()) : List.of();
        if (!required) {
            boolean found = endpoints.isPresent();
            try {
                found = found || resources.find(Client.class, null).isPresent();
            } catch (SettingsException unusable) {
                found = true;
            }
            return Offer.decline("leasing from etcd needs sno.lease.enabled=true (unset, sno writes no keys into"
                    + " the application's etcd)", "Set sno.lease.enabled=true to lease from etcd.", found);
        }
        Optional<Client> offered = endpoints.isPresent() ? Optional.empty() : resources.find(Client.class, null);
        if (uris.isEmpty() && offered.isEmpty()) {
            return Offer.decline("the application has no jetcd Client to lease from, and " + ENDPOINTS
                    + " is not set", "Set " + ENDPOINTS + "=http://host:2379 (etcd 3.4 or later).", false);
        }
        if (offered.isPresent()) {
            return Offer.serve(EtcdPartitionLeases.store(offered.get()).build(), "etcd (the application's client)",
                    null);
        }
        // sno's own client: calls fail at once while etcd is unreachable, rather than wait for it.
        Client client = Client.builder().endpoints(uris.toArray(new URI[0])).waitForReady(false).build();
        String where = "etcd " + uris.stream().map(URI::toString).collect(Collectors.joining(","));
        return Offer.serve(EtcdPartitionLeases.store(client).build(), where, client);
    }

    private static List<URI> endpoints(Settings settings, String value) {
        List<URI> uris = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String s = part.strip();
            URI uri;
            try {
                uri = new URI(s);
            } catch (URISyntaxException e) {
                throw invalid(settings, value, "\"" + s + "\" is not a URL (" + e.getMessage() + ")");
            }
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null
                    || uri.getPort() < 0 || !(uri.getPath() == null || uri.getPath().isEmpty()
                            || uri.getPath().equals("/"))) {
                throw invalid(settings, value, "\"" + s + "\" is not an http or https URL with a host and a port,"
                        + " and nothing after them");
            }
            uris.add(uri);
        }
        return uris;
    }

    private static SettingsException invalid(Settings settings, String value, String why) {
        return settings.invalid(ENDPOINTS, value, "comma-separated etcd URLs such as"
                + " http://etcd-1:2379,http://etcd-2:2379 are expected: " + why);
    }
}
