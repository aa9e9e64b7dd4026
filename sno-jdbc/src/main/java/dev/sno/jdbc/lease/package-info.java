/**
 * Partition leases for fleets of instances: {@link dev.sno.jdbc.lease.JdbcPartitionLeases} hands
 * each instance a partition leased from the application's own database, and keeps the
 * generator's durable state in the lease row, so that no two instances ever make the same ID
 * (SPEC.md section 11).
 */
package dev.sno.jdbc.lease;
