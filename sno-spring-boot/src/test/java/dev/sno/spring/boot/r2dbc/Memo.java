package dev.sno.spring.boot.r2dbc;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import org.springframework.data.annotation.Id;

/**
 * A record stored by both Spring Data JDBC and R2DBC ({@link SnoR2dbcWithJdbcTest}); its table
 * name is derived ({@code MEMO} on H2), which both modules spell alike.
 */
public record Memo(@Id @SnoGeneratedId(meta = 6) SnoId id, String text) {
}
