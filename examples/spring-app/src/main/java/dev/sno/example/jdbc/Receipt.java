package dev.sno.example.jdbc;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import dev.sno.example.jpa.BillingIds;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A Spring Data JDBC aggregate whose IDs come from billing's generator (the Spring bean
 * {@link BillingIds}), metabyte 4.
 *
 * @param id    null until saved
 * @param body  the text
 */
@Table
public record Receipt(@Id @SnoGeneratedId(meta = Receipt.META, generator = BillingIds.class) SnoId id, String body) {

    /** The metabyte of receipts' IDs. */
    public static final int META = 4;
}
