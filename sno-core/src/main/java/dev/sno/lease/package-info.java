/**
 * Partition leases for fleets of instances, whatever the store: {@link dev.sno.lease.PartitionLeases}
 * hands each instance a partition leased from a shared store and keeps the generator's durable
 * state in the lease, so that no two instances ever make the same ID (SPEC.md section 11). The
 * protocol (epochs, fencing, state in the lease, the renewal schedule) is written once here;
 * each store is an adapter implementing {@link dev.sno.lease.LeaseStore}: a database table in
 * {@code dev.sno.jdbc.lease} (module {@code dev.sno.jdbc}), Redis in {@code dev.sno.redis}.
 */
package dev.sno.lease;
