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
import java.util.stream.Stream;

/** One run of {@link PartitionDecision}'s rules over one application's settings. */
final class Decider {

    private static final String ENABLED = "sno.lease.enabled";
    private static final String STORE = "sno.lease.store";
    /** The longest lease {@link PartitionLeases.Builder#leaseDuration} takes. */
    private static final Duration LONGEST_LEASE = Duration.ofHours(1);
    /** The shortest. */
    private static final Duration SHORTEST_LEASE = Duration.ofSeconds(1);

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
        Optional<Duration> duration = settings.duration("sno.lease.duration");
        int[] pool = settings.range("sno.lease.partitions", 0xFFFF);
        String notLeased = null;
        String hint = "";
        if (Boolean.FALSE.equals(enabled)) {
            notLeased = ENABLED + "=false";
        } else {
            Ask ask = ask(enabled, named);
            boolean fixed = partition.isPresent() || sequenceRange != null || snapshotFile.isPresent();
            if (ask != null) {
                excludes("sno.partition", partition.isPresent(), ask, "a leased partition is assigned by the lease"
                        + " store");
                excludes("sno.sequence-range", sequenceRange != null, ask, "a lease hands out a whole partition");
                excludes("sno.snapshot-file", snapshotFile.isPresent(), ask, "a leased generator keeps its state in its"
                        + " lease");
            }
            if (!fixed) {
                boolean required = ask != null;
                List<LeaseStoreProvider> asked = ask != null && ask.store != null ? List.of(ask.store) : providers;
                List<LeaseStoreProvider.Offer> refusals = new ArrayList<>();
                for (LeaseStoreProvider p : asked) {
                    LeaseStoreProvider.Offer offer = p.offer(settings, resources, required);
                    if (offer.serves()) {
                        return leased(p, offer, namespace, duration, pool, maxWait);
                    }
                    refusals.add(offer);
                }
                LeaseStoreProvider.Offer reason = refusals.stream().filter(LeaseStoreProvider.Offer::found)
                        .findFirst().orElse(refusals.isEmpty() ? null : refusals.get(0));
                if (reason == null) {
                    notLeased = "no lease store module (dev.sno:sno-jdbc, sno-redis, sno-zookeeper or sno-etcd) is on"
                            + " the class path";
                    hint = " Add one, and the store it needs.";
                } else {
                    notLeased = reason.why();
                    hint = " " + reason.action();
                }
                if (required) {
                    throw new SettingsException(ask.but() + notLeased + ".", hint.strip(), ask.properties());
                }
            }
        }
        SnoGenerator g = plain(partition, sequenceRange, snapshotFile, maxWait);
        return announced(g, notLeased, hint, snapshotFile.orElse(null));
    }

    /**
     * What asks for a lease: {@code sno.lease.enabled=true}, a store named by
     * {@code sno.lease.store}, or a setting that says where a store is
     * ({@link LeaseStoreProvider#connectionSettingNames()}); and which store, if one is named or
     * implied.
     *
     * @param settings    the settings the failures name, the first what the messages quote
     * @param store       the store asked for, or null for every store in order
     * @param phrase      how messages name what asks, as {@code sno.lease.store=redis}
     */
    private record Ask(String[] settings, LeaseStoreProvider store, String phrase) {

        String but() {
            return phrase + ", but ";
        }

        String[] properties() {
            return settings.clone();
        }
    }

    /** What asks for a lease, or null when nothing does (leasing is tried, or off). */
    private Ask ask(Boolean enabled, Optional<LeaseStoreProvider> named) {
        List<String> connections = new ArrayList<>();
        List<LeaseStoreProvider> located = new ArrayList<>();
        for (LeaseStoreProvider p : providers) {
            for (String n : p.connectionSettingNames()) {
                if (settings.text(n).isPresent()) {
                    connections.add(n);
                    if (!located.contains(p)) {
                        located.add(p);
                    }
                }
            }
        }
        if (named.isPresent()) {
            for (int i = 0; i < located.size(); i++) {
                if (located.get(i) != named.get()) {
                    String n = located.get(i).connectionSettingNames().stream()
                            .filter(c -> settings.text(c).isPresent()).findFirst().orElseThrow();
                    throw new SettingsException(settings.label(n) + " says where the lease store "
                            + located.get(i).name() + " is, but " + settings.label(STORE) + "=" + named.get().name()
                            + ".", "Remove " + n + ", or set " + STORE + "=" + located.get(i).name() + ".", n, STORE);
                }
            }
        } else if (located.size() > 1) {
            throw new SettingsException(connections.stream().map(settings::label).collect(Collectors.joining(" and "))
                    + " say where " + located.size() + " lease stores are (" + located.stream()
                            .map(LeaseStoreProvider::name).collect(Collectors.joining(", ")) + ").", "Set " + STORE
                            + " to the one to lease from, and remove the others' settings.",
                    Stream.concat(connections.stream(), Stream.of(STORE)).toArray(String[]::new));
        }
        LeaseStoreProvider store = named.orElse(located.isEmpty() ? null : located.get(0));
        if (Boolean.TRUE.equals(enabled)) {
            return new Ask(named.isPresent() ? new String[] {ENABLED, STORE} : new String[] {ENABLED}, store,
                    settings.label(ENABLED) + "=true");
        }
        if (named.isPresent()) {
            return new Ask(new String[] {STORE}, store, settings.label(STORE) + "=" + named.get().name());
        }
        if (!connections.isEmpty()) {
            return new Ask(new String[] {connections.get(0)}, store, settings.label(connections.get(0)) + " is set");
        }
        return null;
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

    private void excludes(String name, boolean present, Ask ask, String why) {
        if (present) {
            String value = SafeText.of(settings.text(name).orElseThrow());
            String asking = ask.phrase.endsWith(" is set") ? ask.phrase.substring(0, ask.phrase.length() - 7)
                    : ask.phrase;
            String[] named = Stream.concat(Stream.of(name), Stream.of(ask.settings)).toArray(String[]::new);
            throw new SettingsException(settings.label(name) + "=" + value + " and " + asking + " exclude each other: "
                    + why + ".", "Remove " + name + " to lease the partition, or "
                    + (ask.settings[0].equals(ENABLED) ? "remove " + ENABLED + " (or set it to false)" : "set " + ENABLED
                            + "=false") + " to use " + name + "=" + value + ".", named);
        }
    }

    private PartitionDecision leased(LeaseStoreProvider provider, LeaseStoreProvider.Offer offer, String namespace,
            Optional<Duration> asked, int[] pool, Optional<Duration> maxWait) {
        LeaseState state = new LeaseState(provider.name(), namespace);
        String durationText = settings.text("sno.lease.duration").orElse(null);
        SnoGenerator g;
        Duration kept;
        boolean own = false;
        try {
            PartitionLeases.Builder builder = PartitionLeases.builder(offer.store()).listener(state);
            try {
                builder.namespace(namespace);
            } catch (IllegalArgumentException e) {
                throw settings.invalid("sno.lease.namespace", namespace, SafeText.of(e.getMessage()));
            }
            Duration duration = asked.orElse(PartitionLeases.DEFAULT_LEASE_DURATION);
            if (asked.isEmpty()) {
                // A store whose leases have a length of their own (a ZooKeeper session timeout) keeps
                // that one when the setting is unset: the longest lease asked, it answers its own.
                Duration longest = offer.store().leaseDurationFor(LONGEST_LEASE);
                if (longest.compareTo(LONGEST_LEASE) < 0) {
                    duration = longest;
                    own = true;
                }
            }
            if (asked.isPresent() && (duration.compareTo(SHORTEST_LEASE) < 0 || duration.compareTo(LONGEST_LEASE) > 0)) {
                throw settings.invalid("sno.lease.duration", durationText, "must be from 1s to 1h");
            }
            builder.leaseDuration(duration);
            if (pool != null) {
                builder.partitions(pool[0], pool[1]);
            }
            PartitionLeases leases;
            try {
                leases = builder.build();
            } catch (IllegalArgumentException e) { // a store that cannot keep leases this long
                throw settings.invalid("sno.lease.duration", durationText != null ? durationText
                        : "unset, so " + duration, e.getMessage());
            }
            kept = leases.leaseDuration();
            g = leases.acquire(b -> {
                maxWait.ifPresent(w -> maxRegressionWait(b, w));
                customizer.accept(b);
            });
        } catch (IOException e) {
            closeQuietly(offer.resource());
            throw new IllegalStateException("sno could not lease a partition from " + SafeText.of(offer.where()) + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(offer.resource());
            throw e;
        }
        String length = own ? ", the store's own: sno.lease.duration is not set"
                : asked.isPresent() && !kept.equals(asked.get()) ? ", the store's for sno.lease.duration="
                        + SafeText.of(durationText) : "";
        String line = "sno: partition " + g.partition() + " (leased from " + SafeText.of(offer.where()) + ", namespace \""
                + namespace + "\", lease " + kept + length + ")";
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
            } catch (IllegalArgumentException e) { // InvalidPathException too, which quotes the path
                SettingsException x = settings.invalid("sno.snapshot-file", snapshotFile.get(),
                        SafeText.of(e.getMessage()));
                x.initCause(e);
                throw x;
            }
        }
        customizer.accept(b);
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            if (snapshotFile.isPresent()) {
                SettingsException x = settings.invalid("sno.snapshot-file", snapshotFile.get(),
                        SafeText.of(e.getMessage()));
                x.initCause(e);
                throw x;
            }
            throw SettingsException.because("Invalid sno.* settings: " + e.getMessage() + ".", "", e, "sno.partition",
                    "sno.sequence-range");
        } catch (IllegalStateException e) {
            if (snapshotFile.isPresent()) {
                throw SettingsException.because(settings.label("sno.snapshot-file") + "="
                        + SafeText.of(snapshotFile.get()) + " cannot be used: " + SafeText.of(e.getMessage()), "", e,
                        "sno.snapshot-file");
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
                        ? "restored from sno.snapshot-file " + SafeText.of(snapshotFile) : source.toString()) + ")";
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
