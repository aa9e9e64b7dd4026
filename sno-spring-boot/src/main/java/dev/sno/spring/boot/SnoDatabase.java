package dev.sno.spring.boot;

import dev.sno.jdbc.lease.LeaseDialect;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * What the starter needs to know of the application's database to decide on a lease, read from
 * one connection's metadata: the product, the URL (without its parameters, which may hold a
 * password) and whether it lives in memory.
 *
 * @param product   the database product, as the driver names it
 * @param url       the JDBC URL up to its first {@code ?} or {@code ;}
 * @param embedded  whether the database lives in this process's memory (H2, HSQLDB, Derby), so
 *                  that no other instance shares it
 */
record SnoDatabase(String product, String url, boolean embedded, LeaseDialect dialect) {

    /** Whether partition leases support this database (a dialect was found for it). */
    boolean leasable() {
        return dialect != null;
    }

    /** For messages: {@code PostgreSQL jdbc:postgresql://host/db}. */
    @Override
    public String toString() {
        return product + " " + url;
    }

    /**
     * Reads the database's description.
     *
     * @throws SQLException if no connection can be had
     */
    static SnoDatabase of(DataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData m = c.getMetaData();
            String url = m.getURL() == null ? "(unknown URL)" : m.getURL();
            LeaseDialect dialect;
            try {
                dialect = LeaseDialect.of(m);
            } catch (SQLException unsupported) {
                dialect = null;
            }
            return new SnoDatabase(m.getDatabaseProductName(), withoutParameters(url), inMemory(url), dialect);
        }
    }

    static boolean inMemory(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        return u.startsWith("jdbc:h2:mem:") || u.startsWith("jdbc:hsqldb:mem:") || u.startsWith("jdbc:derby:memory:");
    }

    private static String withoutParameters(String url) {
        int end = url.length();
        for (char c : new char[] {'?', ';'}) {
            int i = url.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return url.substring(0, end);
    }

    /** The DDL of the lease table in this database, indented for a log line. */
    String ddl() {
        return ddl(dialect == null ? LeaseDialect.POSTGRESQL : dialect);
    }

    /** A dialect's DDL of the lease table, indented for a log line. */
    static String ddl(LeaseDialect dialect) {
        return "\n    " + dialect.ddl().strip().replace("\n", "\n    ");
    }
}
