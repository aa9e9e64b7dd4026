package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.testsupport.NeedsServers;
import dev.sno.testsupport.TestServers.Server;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * BinaryIdsTest's application on MySQL 8.0 (test-support's {@code Server.MYSQL}, a database of
 * this class's own): quarkus-jdbc-mysql, {@code quarkus.datasource.db-kind=mysql} and the one
 * setting docs/quarkus.md names, {@code quarkus.hibernate-orm.mapping.uuid.preferred-jdbc-type=BINARY}.
 * Schema generation makes {@code binary(16)} columns, the rows hold the image bytes, MySQL's
 * {@code ORDER BY} is sno order, and a 16-byte value that is not a sno image fails the load naming
 * the value and the column.
 */
@NeedsServers(Server.MYSQL)
class MySqlBinaryIdsTest {

    /** Fixed: the class is loaded twice (by the test and by the application), a random one would differ. */
    private static final String DATABASE = "sno_quarkus_binary";

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, Note.class, Book.class, BinaryIdsTest.class, MySqlDatabases.class)
                    .addPackage("dev.sno.testsupport"))
            .withConfiguration(TestApps.BASE + String.join("\n",
                    "quarkus.datasource.db-kind=mysql",
                    "quarkus.datasource.jdbc.url=" + MySqlDatabases.create(DATABASE),
                    "quarkus.hibernate-orm.schema-management.strategy=drop-and-create",
                    "sno.partition=901",
                    "quarkus.hibernate-orm.mapping.uuid.preferred-jdbc-type=BINARY",
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
    void quarkusUuidPreferenceMakesBinary16ColumnsHoldingTheImageInSnoOrder() throws SQLException {
        BinaryIdsTest.check(em, dataSource, "binary(16)");
    }

    @Test
    void aSixteenByteValueThatIsNotASnoImageFailsTheLoadNamingIt() throws SQLException {
        byte[] bad = new byte[16];
        bad[0] = 0x01;
        bad[15] = 0x01; // a sno image ends in six zero bytes
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("insert into Note (id, text) values (?, 'bad')")) {
            s.setBytes(1, bad);
            s.executeUpdate();
        }
        RuntimeException e = assertThrows(RuntimeException.class, () -> QuarkusTransaction.requiringNew().call(
                () -> em.createQuery("select n from Note n where n.text = 'bad'", Note.class).getResultList()));
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append(" | ");
        }
        assertTrue(messages.toString().contains("Not a sno ID in column 'id': 0x" + HexFormat.of().formatHex(bad)),
                messages.toString());
    }
}
