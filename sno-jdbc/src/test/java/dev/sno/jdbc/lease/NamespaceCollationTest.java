package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sno.lease.LeaseStore.Claim;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 41, finding 4, on the JDBC store: a lease table whose namespace column compares text by a
 * collation that takes two namespaces for one (MariaDB's and MySQL's default collations ignore
 * case, accents and trailing spaces; LeaseDialect.ddl() now gives MariaDB and MySQL a binary
 * one) made the second namespace share the first one's rows. It is refused, naming both. Shown on
 * H2 with a case-insensitive column, as a table made before that DDL, or by a migration of one's
 * own, has it.
 */
class NamespaceCollationTest {

    /** On main 632c964 the second namespace was prepared and got "nothing free": the rows were the first's. */
    @Test
    void aNamespaceTheTableTakesForAnotherIsRefusedNamingBoth() throws Exception {
        LeaseDb ds = LeaseDb.open(LeaseDb.H2, 2);
        try {
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                for (String ddl : LeaseDialect.H2.ddl().replace("namespace     VARCHAR(64)",
                        "namespace     VARCHAR_IGNORECASE(64)").split(";\n")) {
                    s.execute(ddl);
                }
            }
            JdbcLeaseStore store = JdbcLeaseStore.builder(ds).build();
            String ns = "orders-" + UUID.randomUUID().toString().substring(0, 8);
            store.prepare(ns, 0, 3);
            store.acquire(new Claim(ns, 0, 3, Duration.ofSeconds(60), "0".repeat(32), "h", 1)).orElseThrow();
            String upper = ns.toUpperCase(java.util.Locale.ROOT);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> store.prepare(upper, 0, 3));
            assertEquals("The sno namespace \"" + upper + "\" would share the rows of namespace \"" + ns + "\" in the"
                    + " lease table sno_partition_lease: the table's namespace column compares them as equal (its"
                    + " collation ignores case, accents or trailing spaces, or its character set cannot hold the"
                    + " name). Choose another namespace, or give the column a binary collation, as LeaseDialect.ddl()"
                    + " does", e.getMessage());
        } finally {
            ds.close();
        }
    }
}
