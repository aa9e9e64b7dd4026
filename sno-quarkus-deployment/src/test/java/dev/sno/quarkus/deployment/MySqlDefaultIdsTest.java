package dev.sno.quarkus.deployment;

import dev.sno.testsupport.NeedsServers;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Where MySQL differs from MariaDB for a Quarkus application: without
 * {@code quarkus.hibernate-orm.mapping.uuid.preferred-jdbc-type}, Hibernate's MySQL dialect makes
 * {@code binary(16)} columns for sno's type already (on MariaDB its dialect makes {@code uuid},
 * which does not keep sno order), holding the image bytes in sno order: MySqlBinaryIdsTest's
 * checks, with the setting left out.
 */
@NeedsServers(Server.MYSQL)
class MySqlDefaultIdsTest {

    private static final String SERVER = TestServers.urlUnlessOff(Server.MYSQL);
    /** Fixed: the class is loaded twice (by the test and by the application), a random one would differ. */
    private static final String DATABASE = "sno_quarkus_default";

    static {
        if (SERVER != null) { // null: MySQL is turned off, and @NeedsServers skips the class
            execute("CREATE DATABASE IF NOT EXISTS " + DATABASE);
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, Note.class, Book.class, BinaryIdsTest.class)
                    .addPackage("dev.sno.testsupport"))
            .withConfiguration(TestApps.BASE + String.join("\n",
                    "quarkus.datasource.db-kind=mysql",
                    "quarkus.datasource.jdbc.url=" + String.valueOf(SERVER).replaceFirst("^(jdbc:mysql://[^/?]+)(/[^?]*)?",
                            "$1/" + DATABASE),
                    "quarkus.hibernate-orm.schema-management.strategy=drop-and-create",
                    "sno.partition=901",
                    ""));

    @Inject
    EntityManager em;

    @Inject
    AgroalDataSource dataSource;

    private static void execute(String sql) {
        try (Connection c = DriverManager.getConnection(SERVER); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    @AfterAll
    static void dropDatabase() {
        execute("DROP DATABASE IF EXISTS " + DATABASE);
    }

    @Test
    void withoutTheSettingMySqlsDialectMakesBinary16ColumnsHoldingTheImageInSnoOrder() throws SQLException {
        BinaryIdsTest.check(em, dataSource, "binary(16)");
    }
}
