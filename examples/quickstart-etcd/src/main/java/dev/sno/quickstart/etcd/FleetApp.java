package dev.sno.quickstart.etcd;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.etcd.EtcdPartitionLeases;
import dev.sno.lease.PartitionLeases;
import io.etcd.jetcd.Client;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One instance of a fleet: it leases a partition from etcd, then reads lines. An empty line
 * gets a new ID; any other line is read as an ID. End of input frees the partition.
 */
public final class FleetApp {

    private FleetApp() {
    }

    /**
     * Runs one instance.
     *
     * @param args  an etcd endpoint, http://localhost:2379 if none
     * @throws Exception if etcd cannot be reached, or fails
     */
    public static void main(String[] args) throws Exception {
        String endpoint = args.length > 0 ? args[0] : "http://localhost:2379";
        try (Client etcd = Client.builder().endpoints(endpoint).build()) {
            PartitionLeases leases = EtcdPartitionLeases.builder(etcd)
                    .namespace("quickstart")
                    .leaseDuration(Duration.ofSeconds(30))     // the etcd lease's TTL
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
