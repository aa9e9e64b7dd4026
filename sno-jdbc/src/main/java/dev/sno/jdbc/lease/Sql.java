package dev.sno.jdbc.lease;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * One lease statement and its arguments, run so that the server keeps nothing of it after the
 * transaction: a connection pooler in transaction mode (PgBouncer before 1.21, or with
 * {@code max_prepared_statements} off) may run the next transaction on another server
 * connection.
 *
 * <p>On PostgreSQL ({@link LeaseDialect#plainStatements()}) the arguments are written into the
 * text and the statement runs as a plain {@link Statement}. pgjdbc turns a
 * {@link PreparedStatement} whose text a connection has run {@code prepareThreshold} times (5 by
 * default) into a named server-side statement, and every renewal runs the same text; through
 * such a pooler the next renewal then fails with {@code prepared statement "S_1" does not
 * exist}. A plain statement always uses the unnamed one. The other drivers prepare on the
 * client unless told otherwise (MariaDB and MySQL Connector/J's {@code useServerPrepStmts} is
 * off by default), so there the arguments are bound.
 *
 * <p>Arguments are {@link Integer}s, {@link Long}s and {@link String}s, never null. A string is
 * written as an escape string constant, {@code E'...'}, which means the same whatever
 * {@code standard_conforming_strings} says; the statement's text has no {@code ?} other than its
 * placeholders.
 */
final class Sql {

    /** Reads a query's result. */
    @FunctionalInterface
    interface Reader<T> {
        T read(ResultSet r) throws SQLException;
    }

    private final String text;
    private final Object[] args;
    private int timeoutSeconds;

    private Sql(String text, Object[] args) {
        this.text = text;
        this.args = args.clone();
    }

    /** A statement whose {@code ?}s take args in order. */
    static Sql of(String text, Object... args) {
        return new Sql(text, args);
    }

    /** Sets a statement timeout (0, the default, for none). */
    Sql timeout(int seconds) {
        this.timeoutSeconds = seconds;
        return this;
    }

    /** Runs an update; the count of rows it changed. */
    int update(Connection c, LeaseDialect d) throws SQLException {
        if (d.plainStatements()) {
            try (Statement s = c.createStatement()) {
                s.setQueryTimeout(timeoutSeconds);
                return s.executeUpdate(inlined());
            }
        }
        try (PreparedStatement p = bound(c)) {
            return p.executeUpdate();
        }
    }

    /** Runs a query and reads its result. */
    <T> T query(Connection c, LeaseDialect d, Reader<T> reader) throws SQLException {
        if (d.plainStatements()) {
            try (Statement s = c.createStatement()) {
                s.setQueryTimeout(timeoutSeconds);
                try (ResultSet r = s.executeQuery(inlined())) {
                    return reader.read(r);
                }
            }
        }
        try (PreparedStatement p = bound(c); ResultSet r = p.executeQuery()) {
            return reader.read(r);
        }
    }

    /** A statement timeout of a third of the lease duration, at least 1 s. */
    static int timeoutSeconds(Duration leaseDuration) {
        return (int) Math.max(1, (leaseDuration.toMillis() / 3 + 999) / 1000);
    }

    private PreparedStatement bound(Connection c) throws SQLException {
        PreparedStatement p = c.prepareStatement(text);
        try {
            p.setQueryTimeout(timeoutSeconds);
            for (int i = 0; i < args.length; i++) {
                if (args[i] instanceof Integer n) {
                    p.setInt(i + 1, n);
                } else if (args[i] instanceof Long n) {
                    p.setLong(i + 1, n);
                } else {
                    p.setString(i + 1, (String) args[i]);
                }
            }
            return p;
        } catch (SQLException | RuntimeException e) {
            p.close();
            throw e;
        }
    }

    /** The text with each {@code ?} replaced by its argument as a PostgreSQL constant. */
    String inlined() {
        StringBuilder sql = new StringBuilder(text.length() + 16 * args.length);
        int arg = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch != '?') {
                sql.append(ch);
            } else if (arg == args.length) {
                throw new IllegalStateException(args.length + " arguments for more placeholders in " + text);
            } else if (args[arg] instanceof String s) {
                arg++;
                sql.append("E'");
                for (int j = 0; j < s.length(); j++) {
                    char sc = s.charAt(j);
                    if (sc == '\'' || sc == '\\') {
                        sql.append(sc);
                    }
                    sql.append(sc);
                }
                sql.append('\'');
            } else {
                sql.append(((Number) args[arg++]).longValue());
            }
        }
        if (arg != args.length) {
            throw new IllegalStateException(args.length + " arguments for " + arg + " placeholders in " + text);
        }
        return sql.toString();
    }
}
