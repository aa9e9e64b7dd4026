package dev.sno.quarkus.deployment;

import dev.sno.testsupport.NeedsServers;
import dev.sno.testsupport.TestServers.Server;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.SQLException;
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

    /** Fixed: the class is loaded twice (by the test and by the application), a random one would differ. */
    private static final String DATABASE = "sno_quarkus_default";

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, Note.class, Book.class, BinaryIdsTest.class, MySqlDatabases.class)
                    .addPackage("dev.sno.testsupport"))
            .withConfiguration(TestApps.BASE + String.join("\n",
                    "quarkus.datasource.db-kind=mysql",
                    "quarkus.datasource.jdbc.url=" + MySqlDatabases.create(DATABASE),
                    "quarkus.hibernate-orm.schema-management.strategy=drop-and-create",
                    "sno.partition=901",
                    ""));

    @Inject
    EntityManager em;

    @Inject
    AgroalDataSource dataSource;

    @AfterAll
    static void dropDatabase() {
        MySqlDatabases.drop(DATABASE);
    }

    @Test
    void withoutTheSettingMySqlsDialectMakesBinary16ColumnsHoldingTheImageInSnoOrder() throws SQLException {
        BinaryIdsTest.check(em, dataSource, "binary(16)");
    }
}
