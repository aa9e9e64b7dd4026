package dev.sno.jdbc.lease;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * What the JDBC lease store provider needs to know of a database to decide on a lease, read from
 * one connection's metadata.
 *
 * @param product   the database product, as the driver names it
 * @param url       the JDBC URL as messages show it ({@link #shown}): without what may hold a
 *                  password
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
            return new LeaseDatabase(m.getDatabaseProductName(), shown(url), inMemory(url), dialect);
        }
    }

    static boolean inMemory(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        return u.startsWith("jdbc:h2:mem:") || u.startsWith("jdbc:hsqldb:mem:") || u.startsWith("jdbc:derby:memory:");
    }

    /**
     * A JDBC URL for messages, without what may hold a password: the user information before a
     * host ({@code user:password@}, which MySQL Connector/J takes and its metadata returns as
     * given; Oracle's {@code user/password@} after {@code thin:} or {@code oci:}), the value of a key-value property whose name ends in {@code password} (MySQL's
     * {@code address=(host=h)(password=p)} and {@code (host=h,password=p)} forms), and everything
     * from the first {@code ?} or {@code ;} on (the parameters).
     */
    static String shown(String url) {
        // the key-value passwords first: one may hold an @
        String u = SECRET.matcher(url).replaceAll("$1***");
        u = USER_INFO.matcher(u).replaceAll("$1");
        u = ORACLE_LOGON.matcher(u).replaceAll("$1@");
        int end = u.length();
        for (char c : new char[] {'?', ';'}) {
            int i = u.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return u.substring(0, end);
    }

    /**
     * A user and password before a host: after {@code //}, or after a {@code ,} or {@code [} of
     * a list of hosts, up to {@code @} (which, with {@code /}, {@code ?}, {@code #}, {@code [} and
     * {@code ]}, cannot be in it unencoded).
     */
    private static final Pattern USER_INFO = Pattern.compile("(//|,|\\[)[^/?#@\\[\\]]*@");

    /**
     * Oracle's logon before the {@code @} of its thin and OCI drivers' URLs
     * ({@code jdbc:oracle:thin:scott/tiger@//db:1521/svc}): no {@code //} comes before it. Up to
     * the last {@code @}, since a quoted password may hold one.
     */
    private static final Pattern ORACLE_LOGON = Pattern.compile("(?i)(^jdbc:oracle:(?:thin|oci8?):).*@");

    /** A key-value property naming a password, up to the {@code ,} or {@code )} that ends it. */
    private static final Pattern SECRET = Pattern.compile("(?i)([(,]\\s*[a-z0-9_.-]*password[0-9]*\\s*=)[^,)]*");

    /** A dialect's DDL of the lease table, indented for a log line. */
    static String ddl(LeaseDialect dialect) {
        return "\n    " + dialect.ddl().strip().replace("\n", "\n    ");
    }
}
