/**
 * jOOQ support for sno IDs: {@link dev.sno.jooq.SnoIdConverter} for {@code UUID} columns
 * (PostgreSQL, H2), {@link dev.sno.jooq.SnoIdBinaryConverter} for {@code BINARY(16)} columns
 * (MariaDB, MySQL), {@link dev.sno.jooq.SnoJooq} for data types and time-window conditions, and
 * {@link dev.sno.jooq.SnoIdRecordListener} for new IDs in the fields you name when jOOQ inserts a
 * record.
 *
 * <p>A value that is not a sno ID is refused with jOOQ's
 * {@link org.jooq.exception.DataTypeException}, whose message names the value; its cause is
 * sno's {@link dev.sno.InvalidSnoIdException} when the value has the right size but is not the
 * UUID image of a sno ID. {@link dev.sno.jooq.SnoJooq#UUID} and {@link dev.sno.jooq.SnoJooq#BINARY}
 * take the same values where jOOQ converts another object to them (the text of an ID or of its
 * UUID image among them) and refuse anything else the same way; nothing becomes {@code null}.
 */
package dev.sno.jooq;
