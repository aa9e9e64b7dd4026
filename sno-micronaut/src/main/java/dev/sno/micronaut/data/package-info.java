/**
 * sno IDs in Micronaut Data: a {@link dev.sno.SnoId} {@code @Id} generated on insert when null
 * ({@link dev.sno.SnoGeneratedId}'s metabyte, the application's generator), and {@code SnoId}
 * columns stored in sno order: UUID columns ({@link dev.sno.micronaut.data.SnoIdUuidConverter},
 * PostgreSQL and H2) or {@code BINARY(16)} ({@link dev.sno.micronaut.data.SnoIdBinaryConverter},
 * MariaDB and MySQL).
 */
package dev.sno.micronaut.data;
