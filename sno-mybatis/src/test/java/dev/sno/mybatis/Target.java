package dev.sno.mybatis;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.ibatis.builder.xml.XMLConfigBuilder;
import org.apache.ibatis.datasource.unpooled.UnpooledDataSource;
import org.apache.ibatis.io.Resources;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;

/**
 * The databases the MyBatis tests run on: UUID columns on H2 and PostgreSQL 18 (with
 * mybatis-config.xml: SnoIdTypeHandler), BINARY(16) columns on H2, MariaDB 11.4 and MySQL 8.0
 * (with mybatis-binary-config.xml: SnoIdBinaryTypeHandler). PostgreSQL, MariaDB and MySQL are
 * test-support's {@link TestServers}: the user's ({@code -Dsno.pg18.url}, {@code -Dsno.mariadb.url},
 * {@code -Dsno.mysql.url}) or the build's own, started for the tests.
 */
enum Target {

    H2_UUID("UUID", "mybatis-config.xml"),
    POSTGRES_18_UUID("uuid", "mybatis-config.xml"),
    H2_BINARY("BINARY(16)", "mybatis-binary-config.xml"),
    MARIADB_BINARY("BINARY(16)", "mybatis-binary-config.xml"),
    MYSQL_BINARY("BINARY(16)", "mybatis-binary-config.xml");

    static {
        // The driver logs every server error as a warning, besides throwing it. Also set by the pom.
        if (System.getProperty("mariadb.logging.disable") == null) {
            System.setProperty("mariadb.logging.disable", "true");
        }
    }

    private static final AtomicInteger H2_DATABASES = new AtomicInteger();

    final String idType;
    final String config;

    Target(String idType, String config) {
        this.idType = idType;
        this.config = config;
    }

    boolean binary() {
        return idType.startsWith("BINARY");
    }

    /** A database of the test's own with the schema, and MyBatis configured from this target's file. */
    Db open() throws SQLException {
        return open(config);
    }

    /** The same, configured from the given file. */
    Db open(String configFile) throws SQLException {
        String url;
        String drop = null;
        String admin = null;
        switch (this) {
            case H2_UUID, H2_BINARY -> url = "jdbc:h2:mem:sno_mybatis_" + H2_DATABASES.incrementAndGet()
                    + ";DB_CLOSE_DELAY=-1";
            case POSTGRES_18_UUID -> {
                admin = TestServers.url(Server.POSTGRES_18);
                String schema = "sno_mybatis_" + Long.toHexString(System.nanoTime());
                execute(admin, "CREATE SCHEMA " + schema);
                url = admin + (admin.contains("?") ? "&" : "?") + "currentSchema=" + schema;
                drop = "DROP SCHEMA " + schema + " CASCADE";
            }
            case MARIADB_BINARY, MYSQL_BINARY -> {
                admin = TestServers.url(this == MYSQL_BINARY ? Server.MYSQL : Server.MARIADB);
                String database = "sno_mybatis_" + Long.toHexString(System.nanoTime());
                execute(admin, "CREATE DATABASE " + database);
                url = admin.replaceFirst("^(jdbc:(?:mariadb|mysql)://[^/?]+)(/[^?]*)?", "$1/" + database);
                drop = "DROP DATABASE " + database;
            }
            default -> throw new AssertionError(this);
        }
        String script;
        try (InputStream in = Target.class.getResourceAsStream("/db/schema.sql")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("${id}", idType);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String statement : script.split(";")) {
            if (!statement.isBlank()) {
                execute(url, statement);
            }
        }
        Configuration configuration;
        try (Reader in = Resources.getResourceAsReader(configFile)) {
            configuration = new XMLConfigBuilder(in).parse();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        configuration.addMapper(NoteTestMapper.class);
        configuration.setEnvironment(new Environment(name(), new JdbcTransactionFactory(),
                new UnpooledDataSource(driver(), url, null)));
        SqlSessionFactory sessions = new SqlSessionFactoryBuilder().build(configuration);
        if (this == H2_UUID || this == H2_BINARY) {
            return new Db(this, sessions, url, "SHUTDOWN", url);
        }
        return new Db(this, sessions, url, drop, admin);
    }

    private String driver() {
        return switch (this) {
            case H2_UUID, H2_BINARY -> "org.h2.Driver";
            case POSTGRES_18_UUID -> "org.postgresql.Driver";
            case MARIADB_BINARY -> "org.mariadb.jdbc.Driver";
            case MYSQL_BINARY -> "com.mysql.cj.jdbc.Driver";
        };
    }

    static void execute(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** An open database: MyBatis' session factory, its URL, and what removes it. */
    record Db(Target target, SqlSessionFactory sessions, String url, String drop, String dropUrl)
            implements AutoCloseable {

        @Override
        public void close() throws SQLException {
            execute(dropUrl, drop);
        }
    }
}
