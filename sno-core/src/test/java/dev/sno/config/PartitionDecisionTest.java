package dev.sno.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.PartitionSource;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.LeaseStoreProvider;
import dev.sno.lease.PartitionLease;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decision's rules that issue 41 changed, on a store of this test's own: what asks for a
 * lease (finding 6), the length of a lease a store keeps by itself, as ZooKeeper's session
 * (finding 13), and the quoting of what the user wrote (findings 9 and 10). The shared decision
 * table (test-support/decisions) runs the same rules through every framework on real stores.
 */
class PartitionDecisionTest {

    @TempDir
    Path dir;

    /**
     * A store whose leases last a session of 40 s whatever is asked, as a ZooKeeper client's: it
     * refuses a shorter lease duration and answers its session for a longer one.
     */
    static final class SessionStore implements LeaseStore {
        static final Duration SESSION = Duration.ofSeconds(40);

        @Override
        public void prepare(String namespace, int lo, int hi) {
        }

        @Override
        public Duration leaseDurationFor(Duration leaseDuration) {
            if (SESSION.compareTo(leaseDuration) > 0) {
                throw new IllegalArgumentException("leaseDuration " + leaseDuration + " is shorter than the session "
                        + SESSION);
            }
            return SESSION;
        }

        @Override
        public Optional<Grant> acquire(Claim claim) {
            return Optional.of(new Grant(claim.lo(), 1, null));
        }

        @Override
        public boolean renew(PartitionLease lease, String token, Duration leaseDuration, GeneratorSnapshot state) {
            return true;
        }

        @Override
        public boolean release(PartitionLease lease, String token) {
            return true;
        }

        @Override
        public boolean abandon(Claim claim) {
            return false;
        }
    }

    /** A store located by sno.lease.fake.where; "none" finds nothing there. */
    static final class FakeProvider implements LeaseStoreProvider {
        final List<Boolean> asked = new ArrayList<>();

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public int order() {
            return 500;
        }

        @Override
        public List<String> settingNames() {
            return List.of("sno.lease.fake.where", "sno.lease.fake.colour");
        }

        @Override
        public List<String> connectionSettingNames() {
            return List.of("sno.lease.fake.where");
        }

        @Override
        public Offer offer(Settings settings, LeaseResources resources, boolean required) {
            asked.add(required);
            Optional<String> where = settings.text("sno.lease.fake.where");
            if (!required) {
                return Offer.decline("the fake store serves only when asked", "Ask for it.", false);
            }
            if (where.isEmpty() || where.get().equals("none")) {
                return Offer.decline("nothing is at " + where.orElse("no place"), "Put a fake store there.", true);
            }
            return Offer.serve(new SessionStore(), "fake " + where.get(), null);
        }
    }

    private final FakeProvider fake = new FakeProvider();

    private PartitionDecision decide(String... settings) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < settings.length; i += 2) {
            m.put(settings[i], settings[i + 1]);
        }
        return PartitionDecision.make(Settings.of(m::get), LeaseResources.none(), b -> { }, List.of(fake));
    }

    private SettingsException refused(String... settings) {
        return assertThrows(SettingsException.class, () -> decide(settings).close());
    }

    @Test
    void namingTheStoreAsksForALease() {
        try (PartitionDecision d = decide("sno.lease.store", "fake", "sno.lease.fake.where", "here")) {
            assertEquals(PartitionSource.LEASED, d.generator().partitionSource());
        }
        assertEquals(List.of(true), fake.asked);
        SettingsException e = refused("sno.lease.store", "fake");
        assertEquals("sno.lease.store=fake, but nothing is at no place.", e.problem());
        assertEquals("Put a fake store there.", e.action());
        assertEquals(List.of("sno.lease.store"), List.copyOf(e.properties()));
    }

    @Test
    void whereTheStoreIsAsksForALeaseFromThatStore() {
        try (PartitionDecision d = decide("sno.lease.fake.where", "here")) {
            assertEquals(PartitionSource.LEASED, d.generator().partitionSource());
        }
        SettingsException e = refused("sno.lease.fake.where", "none");
        assertEquals("sno.lease.fake.where is set, but nothing is at none.", e.problem());
        assertEquals(List.of("sno.lease.fake.where"), List.copyOf(e.properties()));
    }

    @Test
    void anotherSettingOfTheStoreAsksForNothing() {
        try (PartitionDecision d = decide("sno.lease.fake.colour", "red")) {
            assertEquals(PartitionSource.RANDOM, d.generator().partitionSource());
            assertTrue(d.startupLine().contains("is random: sno.partition is not set and the fake store serves only"
                    + " when asked."), d.startupLine());
        }
        assertEquals(List.of(false), fake.asked);
    }

    @Test
    void leasingTurnedOffAsksNoStore() {
        try (PartitionDecision d = decide("sno.lease.enabled", "false", "sno.lease.store", "fake",
                "sno.lease.fake.where", "here")) {
            assertEquals(PartitionSource.RANDOM, d.generator().partitionSource());
            assertTrue(d.warning());
        }
        assertEquals(List.of(), fake.asked);
    }

    @Test
    void aNamedStoreExcludesAPartition() {
        SettingsException e = refused("sno.partition", "5", "sno.lease.fake.where", "here");
        assertEquals("sno.partition=5 and sno.lease.fake.where exclude each other: a leased partition is assigned by"
                + " the lease store.", e.problem());
        assertEquals("Remove sno.partition to lease the partition, or set sno.lease.enabled=false to use"
                + " sno.partition=5.", e.action());
        assertFalse(fake.asked.contains(true));
    }

    /** Finding 13: before, the default 30 s was refused as shorter than the store's 40 s session. */
    @Test
    void withTheDurationUnsetTheLeaseIsTheStoresOwnAndTheLineSaysSo() {
        try (PartitionDecision d = decide("sno.lease.enabled", "true", "sno.lease.store", "fake",
                "sno.lease.fake.where", "here")) {
            assertEquals("sno: partition 0 (leased from fake here, namespace \"default\", lease PT40S, the store's own:"
                    + " sno.lease.duration is not set)", d.startupLine());
        }
        try (PartitionDecision d = decide("sno.lease.store", "fake", "sno.lease.fake.where", "here",
                "sno.lease.duration", "1m")) {
            assertEquals("sno: partition 0 (leased from fake here, namespace \"default\", lease PT40S, the store's for"
                    + " sno.lease.duration=1m)", d.startupLine());
        }
    }

    @Test
    void anExplicitDurationTheStoreContradictsIsRefusedQuotedAsWritten() {
        assertEquals("Invalid sno.lease.duration \"30s\": leaseDuration PT30S is shorter than the session PT40S.",
                refused("sno.lease.store", "fake", "sno.lease.fake.where", "here", "sno.lease.duration", "30s")
                        .problem());
        assertEquals("Invalid sno.lease.duration \"1d\": must be from 1s to 1h.",
                refused("sno.lease.store", "fake", "sno.lease.fake.where", "here", "sno.lease.duration", "1d")
                        .problem());
        assertEquals("Invalid sno.lease.duration \"500ms\": must be from 1s to 1h.",
                refused("sno.lease.store", "fake", "sno.lease.fake.where", "here", "sno.lease.duration", "500ms")
                        .problem());
    }

    /** Finding 10: an ESC in sno.snapshot-file was echoed raw in the failure. */
    @Test
    void anEscapeInTheSnapshotFileIsQuotedEscaped() {
        String file = dir.resolve("missing\u001B[2J").resolve("sno.state").toString();
        SettingsException e = refused("sno.snapshot-file", file);
        assertFalse(e.getMessage().contains("\u001B"), e.getMessage());
        assertTrue(e.getMessage().contains("missing\\u001B[2J"), e.getMessage());
    }
}
