package dev.sno.quickstart.zookeeper;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.lease.PartitionLeases;
import dev.sno.zookeeper.ZooKeeperPartitionLeases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * One instance of a fleet: it leases a partition from ZooKeeper, then reads lines. An empty line
 * gets a new ID; any other line is read as an ID. End of input frees the partition.
 */
public final class FleetApp {

    private FleetApp() {
    }

    /**
     * Runs one instance.
     *
     * @param args  the ZooKeeper connect string, localhost:2181 if none
     * @throws Exception if ZooKeeper cannot be reached, or fails
     */
    public static void main(String[] args) throws Exception {
        String connect = args.length > 0 ? args[0] : "localhost:2181";
        try (CuratorFramework curator = CuratorFrameworkFactory.builder()
                .connectString(connect)
                .sessionTimeoutMs(15_000)                       // the session is the lease
                .retryPolicy(new ExponentialBackoffRetry(100, 10))
                .build()) {
            curator.start();
            PartitionLeases leases = ZooKeeperPartitionLeases.builder(curator)
                    .namespace("quickstart")
                    .leaseDuration(Duration.ofSeconds(30))     // not shorter than the session
                    .build();
            try (SnoGenerator ids = leases.acquire()) {       // holds the partition until closed
                System.out.println("partition " + ids.partition());
                var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.isBlank()) {
                        System.out.println(ids.next(0));
                        continue;
                    }
                    try {
                        SnoId id = SnoId.parse(line.strip());
                        System.out.println(id + ": partition " + id.partition() + ", made " + id.time());
                    } catch (InvalidSnoIdException e) {
                        System.out.println(e.getMessage());    // Invalid sno ID: "..." (why)
                    }
                }
            }
        }
    }
}
