package dev.sno.jdbc.lease;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * What the JDBC lease store provider needs to know of a database to decide on a lease, read from
 * one connection's metadata.
 *
 * @param product   the database product, as the driver names it
 * @param url       the JDBC URL up to its first {@code ?} or {@code ;} (parameters may hold a
 *                  password)
 * @param embedded  whether the database lives in this process's memory (H2, HSQLDB, Derby), so
 *                  that no other instance shares it
 * @param dialect   the lease dialect, or null if leases do not support the database
 */
record LeaseDatabase(String product, String url, boolean embedded, LeaseDialect dialect) {

    /** For messages: {@code PostgreSQL jdbc:postgresql://host/db}. */
    @Override
    public String toString() {
        return product + " " + url;
    }

    /** Reads the description from one connection. */
    static LeaseDatabase of(DataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData m = c.getMetaData();
            String url = m.getURL() == null ? "(unknown URL)" : m.getURL();
            LeaseDialect dialect;
            try {
                dialect = LeaseDialect.of(m);
            } catch (SQLException unsupported) {
                dialect = null;
            }
            return new LeaseDatabase(m.getDatabaseProductName(), withoutParameters(url), inMemory(url), dialect);
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

    /** A dialect's DDL of the lease table, indented for a log line. */
    static String ddl(LeaseDialect dialect) {
        return "\n    " + dialect.ddl().strip().replace("\n", "\n    ");
    }
}
