package dev.sno.zookeeper;

import dev.sno.GeneratorSnapshot;
import dev.sno.config.SafeText;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.PartitionLease;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * Partition leases kept in ZooKeeper, through an Apache Curator client: the {@link LeaseStore} of
 * {@link ZooKeeperPartitionLeases}. ZooKeeper has no clock a client can read; what it has is
 * sessions that the server expires, so a lease here is an ephemeral znode of the holder's
 * session:
 * <ul>
 * <li>{@code <root>/<namespace>/records/<partition>}, persistent: the epoch, the holder and the
 *     generator state it last saved ({@link Record}). Every write of it is conditional on its
 *     version, so it fences every holder that read an older one.</li>
 * <li>{@code <root>/<namespace>/holders/<partition>}, ephemeral: exists while the holder's session
 *     lives. The server deletes it when the session expires: that is the lease's expiry, judged by
 *     the server alone.</li>
 * </ul>
 * An acquisition creates the holder znode and raises the record's epoch in one {@code multi}; a
 * renewal checks, through the very session that created the holder znode, that the znode is still
 * that session's, and writes the record at the version it read, in one {@code multi}. A holder
 * whose session ended (expired, or closed by Curator after the connection was lost) has lost its
 * lease for good, even if nobody took the partition: its znode is gone and no later write can
 * bring it back ({@link #renew} answers false). SPEC.md section 11.8 gives the safety argument.
 *
 * <p>The lease duration a claim names is not used here: the session timeout is the lease. The
 * builder of {@link ZooKeeperPartitionLeases} checks the two against each other
 * ({@link #leaseDurationFor}).
 *
 * @implSpec This class is thread-safe.
 */
public final class ZooKeeperLeaseStore implements LeaseStore {

    /** The default root of sno's znodes, {@value}. */
    public static final String DEFAULT_ROOT = "/sno/leases";

    private static final List<ACL> ACLS = ZooDefs.Ids.OPEN_ACL_UNSAFE;
    /** Candidates stat-ed when every partition of a range was used before. */
    private static final int SAMPLE = 64;

    private final CuratorFramework client;
    private final Paths paths;
    private final SessionWatch watch;
    private final BadRecords bad = new BadRecords();
    private final StrayHolders strays = new StrayHolders();
    /** The session timeout leaseDurationFor found, in ms; later acquisitions need at least it. */
    private volatile long sessionFloorMillis;

    private ZooKeeperLeaseStore(CuratorFramework client, String root) {
        this.client = client;
        this.paths = new Paths(client.getNamespace(), root);
        this.watch = new SessionWatch(client);
    }

    /**
     * A store on a Curator client, under {@value #DEFAULT_ROOT}.
     *
     * @param client  a started Curator client, not null
     * @return the store
     */
    public static ZooKeeperLeaseStore of(CuratorFramework client) {
        return of(client, DEFAULT_ROOT);
    }

    /**
     * A store on a Curator client, under a root of its own (relative to the client's namespace, if
     * it has one).
     *
     * @param client  a started Curator client, not null
     * @param root    an absolute znode path such as {@code /myapp/sno}, not null
     * @return the store
     * @throws IllegalArgumentException if root is not a valid absolute znode path
     */
    public static ZooKeeperLeaseStore of(CuratorFramework client, String root) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(root, "root");
        checkRoot(root);
        return new ZooKeeperLeaseStore(client, root);
    }

    /** Refuses a root that is not an absolute znode path below /. */
    static void checkRoot(String root) {
        try {
            org.apache.zookeeper.common.PathUtils.validatePath(root);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("root must be an absolute znode path such as /sno/leases: root=\""
                    + SafeText.of(root) + "\" (" + SafeText.of(e.getMessage()) + ")", e);
        }
        if (root.equals("/")) {
            throw new IllegalArgumentException("root must be an absolute znode path below /: root=\"/\"");
        }
    }

    @Override
    public void prepare(String namespace, int lo, int hi) throws IOException {
        handle();
        for (String path : List.of(paths.records(namespace), paths.holders(namespace))) {
            try {
                client.create().creatingParentContainersIfNeeded().forPath(path);
            } catch (KeeperException.NodeExistsException e) {
                // prepared before, or by a concurrent build()
            } catch (Exception e) {
                throw failure("prepare the znodes of namespace \"" + SafeText.of(namespace) + "\"", e);
            }
        }
    }

    /**
     * Checks the client's session timeout against a lease duration: a silent holder's partition is
     * freed when its session expires, so the session timeout, as negotiated with the server, must
     * not be longer than the lease duration. The protocol then runs on the session timeout, which
     * may be shorter (half the lease duration is an ordinary setup): a holder renews every 5/18
     * of it and fences at 5/6 of it after the start of its last successful renewal.
     *
     * @param leaseDuration  the builder's lease duration
     * @return the session timeout
     * @throws IllegalArgumentException if the session timeout is longer than the lease duration,
     *     or shorter than 1 s; the message names both values
     * @throws IOException if the client cannot connect
     */
    @Override
    public Duration leaseDurationFor(Duration leaseDuration) throws IOException {
        long session = handle().getSessionTimeout();
        if (session > leaseDuration.toMillis()) {
            throw new IllegalArgumentException("leaseDuration " + leaseDuration + " is shorter than the ZooKeeper"
                    + " session timeout of this Curator client, " + session + " ms as negotiated with the server:"
                    + " ZooKeeper frees a silent holder's partition only when its session expires, so a lease could"
                    + " not end after " + leaseDuration + ". Set leaseDuration to at least " + Duration.ofMillis(session)
                    + ", or build the CuratorFramework with sessionTimeoutMs(" + leaseDuration.toMillis()
                    + ") or less");
        }
        if (session < 1000) {
            throw new IllegalArgumentException("the ZooKeeper session timeout of this Curator client, " + session
                    + " ms as negotiated with the server, is under 1 s, the shortest lease sno keeps (leaseDuration "
                    + leaseDuration + "); build the CuratorFramework with a sessionTimeoutMs of 1000 to "
                    + leaseDuration.toMillis());
        }
        sessionFloorMillis = session;
        return Duration.ofMillis(session);
    }

    @Override
    public Optional<Grant> acquire(Claim claim) throws IOException {
        ZooKeeper zk = handle();
        long floor = sessionFloorMillis;
        if (zk.getSessionTimeout() < floor) {
            throw new IOException("The ZooKeeper session timeout is now " + zk.getSessionTimeout() + " ms, shorter than"
                    + " the " + floor + " ms these leases fence by (the server's session limits changed); build the"
                    + " leases again");
        }
        BitSet unreadable = new BitSet();
        for (int round = 0; round < 1000; round++) {
            List<Integer> candidates = candidates(zk, claim, unreadable);
            Map<Integer, Integer> stray = Map.of();
            if (candidates.isEmpty()) { // every one looks held: is any holder znode persistent (StrayHolders)?
                stray = strays.find(zk, paths, claim.namespace(),
                        children(zk, paths.raw(paths.holders(claim.namespace())), claim), unreadable);
                if (stray.isEmpty()) {
                    return Optional.empty();
                }
                candidates = new ArrayList<>(stray.keySet());
            }
            for (int i = 0; i < candidates.size(); i++) {
                // After a lost race, a random one of the next few: racers spread out.
                int pick = i == 0 ? 0 : i + ThreadLocalRandom.current().nextInt(Math.min(16, candidates.size() - i));
                Collections.swap(candidates, i, pick);
                Optional<Grant> g = take(zk, claim, candidates.get(i), unreadable, stray.get(candidates.get(i)));
                if (g.isPresent()) {
                    return g;
                }
            }
        }
        throw new IOException("Could not acquire a partition of sno namespace \"" + SafeText.of(claim.namespace())
                + "\" in " + this
                + ": every one of 1,000 rounds lost its races");
    }

    /**
     * Free partitions of the claim's range: never used (lowest first), else the longest unused;
     * none that this acquisition found unreadable.
     */
    private List<Integer> candidates(ZooKeeper zk, Claim claim, BitSet unreadable) throws IOException {
        BitSet held = children(zk, paths.raw(paths.holders(claim.namespace())), claim);
        BitSet used = children(zk, paths.raw(paths.records(claim.namespace())), claim);
        held.or(unreadable);
        List<Integer> fresh = new ArrayList<>();
        List<Integer> reused = new ArrayList<>();
        for (int p = held.nextClearBit(claim.lo()); p >= 0 && p <= claim.hi(); p = held.nextClearBit(p + 1)) {
            if (!used.get(p)) {
                fresh.add(p);
                if (fresh.size() == SAMPLE) {
                    break;
                }
            } else {
                reused.add(p);
            }
        }
        if (!fresh.isEmpty()) {
            return fresh;
        }
        Collections.shuffle(reused);
        List<long[]> aged = new ArrayList<>();
        for (int p : reused.subList(0, Math.min(SAMPLE, reused.size()))) {
            Stat s = call("read the record of partition " + p, () -> zk.exists(paths.rawRecord(claim.namespace(), p),
                    false));
            if (s != null) {
                aged.add(new long[] {s.getMzxid(), p});
            }
        }
        aged.sort(Comparator.comparingLong(a -> a[0]));
        List<Integer> out = new ArrayList<>(aged.size());
        aged.forEach(a -> out.add((int) a[1]));
        return out;
    }

    /**
     * The partitions of the claim's range that have a znode under path. Only sno's names count
     * ({@link Paths#partition}): another tool's znodes are ignored, and left where they are.
     */
    private static BitSet children(ZooKeeper zk, String path, Claim claim) throws IOException {
        List<String> names;
        try {
            names = zk.getChildren(path, false);
        } catch (KeeperException.NoNodeException e) {
            throw new IOException("The znode " + SafeText.of(path) + " is missing: the namespace was not prepared"
                    + " (build() does it)", e);
        } catch (KeeperException | InterruptedException e) {
            throw failure("list " + path, e);
        }
        BitSet set = new BitSet(claim.hi() + 1);
        for (String n : names) {
            int p = Paths.partition(n);
            if (p >= claim.lo() && p <= claim.hi()) {
                set.set(p);
            }
        }
        return set;
    }

    /**
     * One attempt at a partition: empty if another acquirer got there first, or if its record
     * cannot be read (then reported, and added to unreadable). strayVersion: the version of a
     * persistent holder znode to replace (StrayHolders), or null.
     */
    private Optional<Grant> take(ZooKeeper zk, Claim claim, int p, BitSet unreadable, Integer strayVersion)
            throws IOException {
        String recordPath = paths.rawRecord(claim.namespace(), p);
        String holderPath = paths.rawHolder(claim.namespace(), p);
        Stat stat = new Stat();
        Record before;
        try {
            before = read(zk, claim.namespace(), p, stat);
        } catch (Record.Unreadable e) {
            unreadable.set(p);
            return Optional.empty();
        }
        Record after = before == null ? new Record(1, claim.token(), claim.host(), claim.pid(), null)
                : before.heldBy(before.epoch() + 1, claim.token(), claim.host(), claim.pid());
        Op write = before == null ? Op.create(recordPath, after.encode(), ACLS, CreateMode.PERSISTENT)
                : Op.setData(recordPath, after.encode(), stat.getVersion());
        byte[] holder = (claim.token() + "\n" + after.epoch() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        List<Op> ops = new ArrayList<>(3);
        ops.add(write);
        if (strayVersion != null) {
            ops.add(Op.delete(holderPath, strayVersion));
        }
        ops.add(Op.create(holderPath, holder, ACLS, CreateMode.EPHEMERAL));
        try {
            zk.multi(ops);
        } catch (KeeperException.NodeExistsException | KeeperException.BadVersionException
                | KeeperException.NoNodeException e) {
            return Optional.empty();
        } catch (KeeperException.NotEmptyException e) {
            unreadable.set(p); // the stray got children meanwhile: StrayHolders reports it next time
            return Optional.empty();
        } catch (KeeperException | InterruptedException e) {
            throw failure("acquire partition " + p + " of namespace \"" + SafeText.of(claim.namespace()) + "\"", e);
        }
        watch.granted(claim.namespace(), p, after.epoch(), zk.getSessionId());
        if (strayVersion != null) {
            strays.replaced(claim.namespace(), p, holderPath);
        }
        return Optional.of(new Grant(p, after.epoch(), before == null ? null : before.state()));
    }

    @Override
    public boolean renew(PartitionLease lease, String token, Duration leaseDuration, GeneratorSnapshot state)
            throws IOException {
        return write(lease, token, "renew", (record, holderVersion, recordVersion, recordPath, holderPath) -> List.of(
                Op.check(holderPath, holderVersion),
                Op.setData(recordPath, record.withState(state).encode(), recordVersion)));
    }

    /** How many acquisitions wait for a watcher (SessionWatch): for the tests. */
    int unwatchedGrants() {
        return watch.unwatched();
    }

    @Override
    public boolean release(PartitionLease lease, String token) throws IOException {
        watch.forget(lease.namespace(), lease.partition(), lease.epoch());
        return write(lease, token, "release", (record, holderVersion, recordVersion, recordPath, holderPath) -> List.of(
                Op.delete(holderPath, holderVersion),
                Op.setData(recordPath, record.released().encode(), recordVersion)));
    }

    /** The ops of a fenced write, given what was read. */
    @FunctionalInterface
    private interface Fenced {
        List<Op> ops(Record record, int holderVersion, int recordVersion, String recordPath, String holderPath);
    }

    /**
     * A write by the holder: only if the record names its token and epoch and the holder znode is
     * this session's, at the versions read, in one multi through that session.
     */
    private boolean write(PartitionLease lease, String token, String what, Fenced fenced) throws IOException {
        try {
            return fencedWrite(lease, token, what, fenced);
        } catch (IOException e) {
            if (e.getCause() instanceof KeeperException.SessionExpiredException) {
                return false; // the session that held the lease ended during the call
            }
            throw e;
        }
    }

    private boolean fencedWrite(PartitionLease lease, String token, String what, Fenced fenced) throws IOException {
        ZooKeeper zk = handle();
        String recordPath = paths.rawRecord(lease.namespace(), lease.partition());
        String holderPath = paths.rawHolder(lease.namespace(), lease.partition());
        Stat recordStat = new Stat();
        Record record;
        try {
            record = read(zk, lease.namespace(), lease.partition(), recordStat);
        } catch (Record.Unreadable e) {
            return false; // it names no holder now, so not this one
        }
        if (record == null || record.epoch() != lease.epoch() || !record.token().equals(token)) {
            return false;
        }
        Stat holder = call("read " + holderPath, () -> zk.exists(holderPath, false));
        if (holder == null || holder.getEphemeralOwner() != zk.getSessionId()) {
            return false; // the session that held the lease has ended
        }
        try {
            zk.multi(fenced.ops(record, holder.getVersion(), recordStat.getVersion(), recordPath, holderPath));
            return true;
        } catch (KeeperException.BadVersionException | KeeperException.NoNodeException
                | KeeperException.SessionExpiredException e) {
            return false;
        } catch (KeeperException | InterruptedException e) {
            throw failure(what + " the " + lease, e);
        }
    }

    @Override
    public boolean abandon(Claim claim) throws IOException {
        ZooKeeper zk = handle();
        BitSet held = children(zk, paths.raw(paths.holders(claim.namespace())), claim);
        boolean freed = false;
        for (int p = held.nextSetBit(claim.lo()); p >= 0 && p <= claim.hi(); p = held.nextSetBit(p + 1)) {
            String recordPath = paths.rawRecord(claim.namespace(), p);
            String holderPath = paths.rawHolder(claim.namespace(), p);
            Stat recordStat = new Stat();
            Record record;
            try {
                record = read(zk, claim.namespace(), p, recordStat);
            } catch (Record.Unreadable e) {
                continue; // names no holder, so not this claim
            }
            if (record == null || !record.token().equals(claim.token())) {
                continue;
            }
            try {
                zk.multi(List.of(Op.delete(holderPath, -1), Op.setData(recordPath, record.released().encode(),
                        recordStat.getVersion())));
                watch.forget(claim.namespace(), p, record.epoch());
                freed = true;
            } catch (KeeperException.BadVersionException | KeeperException.NoNodeException e) {
                // changed meanwhile: not this claim's any more
            } catch (KeeperException | InterruptedException e) {
                throw failure("abandon partition " + p + " of namespace \"" + SafeText.of(claim.namespace()) + "\"", e);
            }
        }
        return freed;
    }

    @Override
    public Runnable watch(PartitionLease lease, String token, Watcher watcher) {
        return watch.add(lease, watcher);
    }

    /**
     * The record of a namespace's partition, and its stat; null if there is none.
     *
     * @throws Record.Unreadable if the znode holds something else: reported once (BadRecords)
     */
    private Record read(ZooKeeper zk, String namespace, int partition, Stat stat) throws IOException, Record.Unreadable {
        String path = paths.rawRecord(namespace, partition);
        byte[] data;
        try {
            data = zk.getData(path, false, stat);
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (KeeperException | InterruptedException e) {
            throw failure("read " + path, e);
        }
        try {
            return Record.decode(data);
        } catch (Record.Unreadable e) {
            bad.report(namespace, partition, path, data, e);
            throw e;
        }
    }

    /** The client's current ZooKeeper handle, once connected: every call of one method goes through it. */
    private ZooKeeper handle() throws IOException {
        try {
            if (!client.getZookeeperClient().isConnected() && !client.getZookeeperClient().blockUntilConnectedOrTimedOut()) {
                throw new IOException("Not connected to ZooKeeper ("
                        + SafeText.of(client.getZookeeperClient().getCurrentConnectionString())
                        + ") within the Curator client's connection timeout, "
                        + client.getZookeeperClient().getConnectionTimeoutMs() + " ms");
            }
            // A handle whose session has just ended stays Curator's current one until Curator has
            // made the next: wait for that (parked, not spinning), at most the connection timeout.
            long end = System.nanoTime() + client.getZookeeperClient().getConnectionTimeoutMs() * 1_000_000L;
            ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
            while (!zk.getState().isAlive()) {
                if (System.nanoTime() - end > 0) {
                    throw new IOException("No live ZooKeeper session within the Curator client's connection timeout, "
                            + client.getZookeeperClient().getConnectionTimeoutMs() + " ms");
                }
                java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                client.getZookeeperClient().blockUntilConnectedOrTimedOut();
                zk = client.getZookeeperClient().getZooKeeper();
            }
            return zk;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while connecting to ZooKeeper");
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("Could not reach ZooKeeper: " + SafeText.of(e.getMessage()), e);
        }
    }

    @FunctionalInterface
    private interface ZkCall<T> {
        T run() throws KeeperException, InterruptedException;
    }

    private static <T> T call(String what, ZkCall<T> call) throws IOException {
        try {
            return call.run();
        } catch (KeeperException | InterruptedException e) {
            throw failure(what, e);
        }
    }

    /** The IOException of a failed ZooKeeper call (interrupted: InterruptedIOException, interrupt kept). */
    static IOException failure(String what, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            InterruptedIOException io = new InterruptedIOException("Interrupted while trying to " + SafeText.of(what));
            io.initCause(e);
            return io;
        }
        return new IOException("Could not " + SafeText.of(what) + " in ZooKeeper: " + SafeText.of(e.getMessage()), e);
    }

    /**
     * Names the store.
     *
     * @return e.g. {@code ZooKeeper /sno/leases at 127.0.0.1:2181}
     */
    @Override
    public String toString() {
        return "ZooKeeper " + SafeText.of(paths.toString()) + " at "
                + SafeText.of(client.getZookeeperClient().getCurrentConnectionString());
    }
}
