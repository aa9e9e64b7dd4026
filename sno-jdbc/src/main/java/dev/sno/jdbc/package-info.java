/**
 * Plain JDBC support: {@link dev.sno.jdbc.SnoJdbc} binds and reads sno IDs in UUID columns and
 * binds the key range of a time window
 * ({@link dev.sno.SnoIdRange}) to a statement.
 */
package dev.sno.jdbc;
