/**
 * Plain JDBC support: {@link dev.sno.jdbc.SnoJdbc} binds and reads sno IDs in UUID columns and
 * turns time windows into key ranges ({@link dev.sno.jdbc.SnoIdRange}).
 */
package dev.sno.jdbc;
