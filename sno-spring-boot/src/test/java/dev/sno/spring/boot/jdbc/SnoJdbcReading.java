package dev.sno.spring.boot.jdbc;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An aggregate with a generated ID and a second ID column ({@link SnoDataJdbcBinaryIdsTest}); its
 * table name is derived ({@code SNO_JDBC_READING} on H2). {@code @Table} marks it as Spring Data
 * JDBC's for the strict repository mode that the other Spring Data modules on the test class path
 * bring.
 */
@Table
public record SnoJdbcReading(@Id @SnoGeneratedId(meta = 9) SnoId id, SnoId ref, String text) {
}
