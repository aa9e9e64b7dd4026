package dev.sno.jooq;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * The databases the jOOQ tests run on, each with the schema the generated code was made from:
 * UUID ids on H2 and PostgreSQL 18, BINARY(16) ids on H2, MariaDB 11.4 and MySQL 8.0. PostgreSQL,
 * MariaDB and MySQL are test-support's {@link TestServers}: the user's ({@code -Dsno.pg18.url} /
 * {@code SNO_PG18_URL}, {@code -Dsno.mariadb.url} / {@code SNO_MARIADB_URL}, {@code -Dsno.mysql.url}
 * / {@code SNO_MYSQL_URL}) or the build's own, started for the tests.
 */
enum Target {

    H2_UUID(Events.UUID_IDS, SQLDialect.H2),
    POSTGRES_18_UUID(Events.UUID_IDS, SQLDialect.POSTGRES),
    H2_BINARY(Events.BINARY_IDS, SQLDialect.H2),
    MARIADB_BINARY(Events.BINARY_IDS, SQLDialect.MARIADB),
    MYSQL_BINARY(Events.BINARY_IDS, SQLDialect.MYSQL);

    static {
        // The driver logs every server error as a warning, besides throwing it; a test provokes one
        // on purpose (Data too long) and asserts on the exception. Also set by the pom's argLine.
        if (System.getProperty("mariadb.logging.disable") == null) {
            System.setProperty("mariadb.logging.disable", "true");
        }
    }

    private static final AtomicInteger H2_DATABASES = new AtomicInteger();

    private final Events<?> events;
    private final SQLDialect dialect;

    Target(Events<?> events, SQLDialect dialect) {
        this.events = events;
        this.dialect = dialect;
    }

    /** The generated table and fields of this target's schema. */
    Events<?> events() {
        return events;
    }

    /** A database of the test's own, with this target's schema (the script the generator read). */
    Db open() throws SQLException {
        switch (this) {
            case H2_UUID:
            case H2_BINARY: {
                // Closing the last connection drops an in-memory database.
                Connection c = DriverManager.getConnection("jdbc:h2:mem:sno_jooq_" + H2_DATABASES.incrementAndGet()
                        + ";DATABASE_TO_LOWER=TRUE");
                return new Db(this, runScript(c), null);
            }
            case POSTGRES_18_UUID: {
                String schema = "sno_jooq_" + Long.toHexString(System.nanoTime());
                Connection c = DriverManager.getConnection(TestServers.url(Server.POSTGRES_18));
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE SCHEMA " + schema);
                    s.execute("SET search_path TO " + schema);
                }
                return new Db(this, runScript(c), "DROP SCHEMA " + schema + " CASCADE");
            }
            case MARIADB_BINARY:
            case MYSQL_BINARY: {
                String server = TestServers.url(this == MYSQL_BINARY ? Server.MYSQL : Server.MARIADB);
                String database = "sno_jooq_" + Long.toHexString(System.nanoTime());
                try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
                    s.execute("CREATE DATABASE " + database);
                }
                Connection c = DriverManager.getConnection(
                        server.replaceFirst("^(jdbc:(?:mariadb|mysql)://[^/?]+)(/[^?]*)?", "$1/" + database));
                return new Db(this, runScript(c), "DROP DATABASE " + database);
            }
            default:
                throw new AssertionError(this);
        }
    }

    private Connection runScript(Connection c) throws SQLException {
        String script;
        try (InputStream in = Target.class.getResourceAsStream("/db/" + events.script())) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Statement s = c.createStatement()) {
            for (String statement : script.replaceAll("(?m)^--.*$", "").split(";")) {
                if (!statement.isBlank()) {
                    s.execute(statement);
                }
            }
        }
        return c;
    }

    /** An open database: its jOOQ context, and what removes it. */
    static final class Db implements AutoCloseable {

        final Target target;
        final DSLContext ctx;
        private final Connection connection;
        private final String drop;

        Db(Target target, Connection connection, String drop) {
            this.target = target;
            this.connection = connection;
            this.ctx = DSL.using(connection, target.dialect);
            this.drop = drop;
        }

        @Override
        public void close() throws SQLException {
            try (Connection c = connection) {
                if (drop != null) {
                    try (Statement s = c.createStatement()) {
                        s.execute(drop);
                    }
                }
            }
        }
    }
}
