package dev.sno.example.jdbc;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A Spring Data JDBC aggregate, immutable: the starter assigns its ID on save (metabyte 2) and
 * maps both SnoId fields to UUID columns. Table and column names are derived, so that each
 * database's letter case applies (H2: NOTE, PostgreSQL: note).
 *
 * @param id      null until saved
 * @param body    the text
 * @param author  the person who wrote it
 */
@Table
public record Note(@Id @SnoGeneratedId(meta = Note.META) SnoId id, String body, SnoId author) {

    /** The metabyte of notes' IDs. */
    public static final int META = 2;
}
