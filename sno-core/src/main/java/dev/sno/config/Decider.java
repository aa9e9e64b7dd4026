package dev.sno.config;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStoreProvider;
import dev.sno.lease.PartitionLeases;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** One run of {@link PartitionDecision}'s rules over one application's settings. */
final class Decider {

    private static final String ENABLED = "sno.lease.enabled";
    private static final String STORE = "sno.lease.store";

    private final Settings settings;
    private final LeaseResources resources;
    private final Consumer<SnoGenerator.Builder> customizer;
    private final List<LeaseStoreProvider> providers;

    Decider(Settings settings, LeaseResources resources, Consumer<SnoGenerator.Builder> customizer,
            List<LeaseStoreProvider> providers) {
        this.settings = settings;
        this.resources = resources;
        this.customizer = customizer;
        this.providers = providers;
    }

    PartitionDecision decide() {
        for (String name : PartitionDecision.settingNames(providers)) {
            settings.text(name); // a blank value of any setting is refused, used or not
        }
        OptionalInt partition = settings.integer("sno.partition", 0, 0xFFFF);
        int[] sequenceRange = settings.range("sno.sequence-range", 0xFFFF);
        Optional<String> snapshotFile = settings.text("sno.snapshot-file");
        Optional<Duration> maxWait = settings.duration("sno.max-regression-wait");
        settings.flag("sno.install");
        Boolean enabled = settings.flag(ENABLED).orElse(null);
        Optional<LeaseStoreProvider> named = namedStore();
        String namespace = settings.text("sno.lease.namespace").orElse("default");
        Duration duration = settings.duration("sno.lease.duration").orElse(PartitionLeases.DEFAULT_LEASE_DURATION);
        int[] pool = settings.range("sno.lease.partitions", 0xFFFF);
        if (Boolean.TRUE.equals(enabled)) {
            excludes("sno.partition", partition.isPresent(), "a leased partition is assigned by the lease store");
            excludes("sno.sequence-range", sequenceRange != null, "a lease hands out a whole partition");
            excludes("sno.snapshot-file", snapshotFile.isPresent(), "a leased generator keeps its state in its lease");
        }
        boolean fixed = partition.isPresent() || sequenceRange != null || snapshotFile.isPresent();
        String notLeased = null;
        String hint = "";
        if (Boolean.FALSE.equals(enabled)) {
            notLeased = ENABLED + "=false";
        } else if (!fixed) {
            boolean required = Boolean.TRUE.equals(enabled);
            List<LeaseStoreProvider> asked = named.map(List::of).orElse(providers);
            List<LeaseStoreProvider.Offer> refusals = new ArrayList<>();
            for (LeaseStoreProvider p : asked) {
                LeaseStoreProvider.Offer offer = p.offer(settings, resources, required);
                if (offer.serves()) {
                    return leased(p, offer, namespace, duration, pool, maxWait);
                }
                refusals.add(offer);
            }
            LeaseStoreProvider.Offer reason = refusals.stream().filter(LeaseStoreProvider.Offer::found).findFirst()
                    .orElse(refusals.isEmpty() ? null : refusals.get(0));
            if (reason == null) {
                notLeased = "no lease store module (dev.sno:sno-jdbc, sno-redis, sno-zookeeper or sno-etcd) is on the class"
                        + " path";
                hint = " Add one, and the store it needs.";
            } else {
                notLeased = reason.why();
                hint = " " + reason.action();
            }
            if (required) {
                throw new SettingsException(settings.label(ENABLED) + "=true, but " + notLeased + ".", hint.strip(),
                        named.isPresent() ? new String[] {ENABLED, STORE} : new String[] {ENABLED});
            }
        }
        SnoGenerator g = plain(partition, sequenceRange, snapshotFile, maxWait);
        return announced(g, notLeased, hint, snapshotFile.orElse(null));
    }

    /** The provider sno.lease.store names, if it is set. */
    private Optional<LeaseStoreProvider> namedStore() {
        Optional<String> store = settings.text(STORE);
        if (store.isEmpty()) {
            return Optional.empty();
        }
        for (LeaseStoreProvider p : providers) {
            if (p.name().equalsIgnoreCase(store.get())) {
                return Optional.of(p);
            }
        }
        throw settings.invalid(STORE, store.get(), "no lease store of that name is on the class path ("
                + (providers.isEmpty() ? "none is; add dev.sno:sno-jdbc, sno-redis, sno-zookeeper or sno-etcd"
                        : "stores: " + providers.stream().map(LeaseStoreProvider::name)
                                .collect(Collectors.joining(", "))) + ")");
    }

    private void excludes(String name, boolean present, String why) {
        if (present) {
            String value = settings.text(name).orElseThrow();
            throw new SettingsException(settings.label(name) + "=" + value + " and " + settings.label(ENABLED)
                    + "=true exclude each other: " + why + ".", "Remove " + name + " to lease the partition, or"
                    + " remove " + ENABLED + " (or set it to false) to use " + name + "=" + value + ".", name, ENABLED);
        }
    }

    private PartitionDecision leased(LeaseStoreProvider provider, LeaseStoreProvider.Offer offer, String namespace,
            Duration duration, int[] pool, Optional<Duration> maxWait) {
        LeaseState state = new LeaseState(provider.name(), namespace);
        SnoGenerator g;
        Duration kept;
        try {
            PartitionLeases.Builder builder = PartitionLeases.builder(offer.store()).listener(state);
            try {
                builder.namespace(namespace);
            } catch (IllegalArgumentException e) {
                throw settings.invalid("sno.lease.namespace", namespace, e.getMessage());
            }
            try {
                builder.leaseDuration(duration);
            } catch (IllegalArgumentException e) {
                throw settings.invalid("sno.lease.duration", duration.toString(), e.getMessage());
            }
            if (pool != null) {
                builder.partitions(pool[0], pool[1]);
            }
            PartitionLeases leases;
            try {
                leases = builder.build();
            } catch (IllegalArgumentException e) { // a store that cannot keep leases this long
                throw settings.invalid("sno.lease.duration", settings.text("sno.lease.duration")
                        .orElse(duration.toString()), e.getMessage());
            }
            kept = leases.leaseDuration();
            g = leases.acquire(b -> {
                maxWait.ifPresent(w -> maxRegressionWait(b, w));
                customizer.accept(b);
            });
        } catch (IOException e) {
            closeQuietly(offer.resource());
            throw new IllegalStateException("sno could not lease a partition from " + offer.where() + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(offer.resource());
            throw e;
        }
        String line = "sno: partition " + g.partition() + " (leased from " + offer.where() + ", namespace \""
                + namespace + "\", lease " + kept + (kept.equals(duration) ? "" : ", the store's for sno.lease.duration="
                + duration) + ")";
        return new PartitionDecision(g, line, false, state, offer.resource());
    }

    private static void closeQuietly(AutoCloseable resource) {
        if (resource != null) {
            try {
                resource.close();
            } catch (Exception ignored) {
                // the failure that is being reported matters more
            }
        }
    }

    private SnoGenerator plain(OptionalInt partition, int[] sequenceRange, Optional<String> snapshotFile,
            Optional<Duration> maxWait) {
        SnoGenerator.Builder b = SnoGenerator.builder();
        partition.ifPresent(b::partition);
        if (sequenceRange != null) {
            try {
                b.sequenceRange(sequenceRange[0], sequenceRange[1]);
            } catch (IllegalArgumentException e) {
                throw settings.invalid("sno.sequence-range", settings.text("sno.sequence-range").orElseThrow(),
                        e.getMessage());
            }
        }
        maxWait.ifPresent(w -> maxRegressionWait(b, w));
        if (snapshotFile.isPresent()) {
            try {
                b.snapshotFile(Path.of(snapshotFile.get()));
            } catch (IllegalArgumentException e) { // InvalidPathException too
                SettingsException x = settings.invalid("sno.snapshot-file", snapshotFile.get(), e.getMessage());
                x.initCause(e);
                throw x;
            }
        }
        customizer.accept(b);
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            if (snapshotFile.isPresent()) {
                SettingsException x = settings.invalid("sno.snapshot-file", snapshotFile.get(), e.getMessage());
                x.initCause(e);
                throw x;
            }
            throw SettingsException.because("Invalid sno.* settings: " + e.getMessage() + ".", "", e, "sno.partition",
                    "sno.sequence-range");
        } catch (IllegalStateException e) {
            if (snapshotFile.isPresent()) {
                throw SettingsException.because(settings.label("sno.snapshot-file") + "=" + snapshotFile.get()
                        + " cannot be used: " + e.getMessage(), "", e, "sno.snapshot-file");
            }
            throw e;
        }
    }

    private void maxRegressionWait(SnoGenerator.Builder b, Duration wait) {
        try {
            b.maxRegressionWait(wait);
        } catch (IllegalArgumentException e) {
            throw settings.invalid("sno.max-regression-wait", settings.text("sno.max-regression-wait").orElseThrow(),
                    e.getMessage());
        }
    }

    private PartitionDecision announced(SnoGenerator g, String notLeased, String hint, String snapshotFile) {
        PartitionSource source = g.partitionSource();
        if (source == PartitionSource.RANDOM) {
            return new PartitionDecision(g, randomWarning(g.partition(), notLeased, hint), true, null, null);
        }
        String line = "sno: partition " + g.partition() + " (" + (source == PartitionSource.CONFIGURED
                ? "configured: sno.partition" : source == PartitionSource.RESTORED
                        ? "restored from sno.snapshot-file " + snapshotFile : source.toString()) + ")";
        return new PartitionDecision(g, line, false, null, null);
    }

    /** The warning for a random partition: why, and what to set. */
    static String randomWarning(int partition, String notLeased, String hint) {
        return "sno: partition " + partition + " is random: sno.partition is not set"
                + (notLeased == null ? "" : " and " + notLeased) + ". Its IDs are unique within this instance"
                + " only; two instances share a partition with probability 1/65536 and then repeat each other's"
                + " IDs. Set sno.partition to a number in 0..65535 that no other instance uses, or let sno lease"
                + " one (sno.lease.*)." + hint;
    }
}
