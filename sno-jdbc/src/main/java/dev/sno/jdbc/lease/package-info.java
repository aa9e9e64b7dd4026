/**
 * Partition leases in the application's own database: {@link dev.sno.jdbc.lease.JdbcPartitionLeases}
 * builds {@link dev.sno.lease.PartitionLeases} over a {@link dev.sno.jdbc.lease.JdbcLeaseStore},
 * a table in PostgreSQL, MariaDB, MySQL or H2 ({@link dev.sno.jdbc.lease.LeaseDialect}). The
 * protocol itself is sno-core's ({@code dev.sno.lease}, SPEC.md section 11).
 */
package dev.sno.jdbc.lease;
