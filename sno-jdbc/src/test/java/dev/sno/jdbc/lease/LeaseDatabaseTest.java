package dev.sno.jdbc.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The database as the lease messages and the startup line show it ({@link LeaseDatabase}): the
 * URL without what may hold a password. MySQL Connector/J takes the user and password in the URL
 * in three places besides the parameters (before the host, and in its two key-value host forms)
 * and its metadata returns the URL as given, password and all: on the build's MySQL 8.0.
 */
class LeaseDatabaseTest {

    @Test
    void parametersAreLeftOut() {
        assertEquals("jdbc:postgresql://db:5432/app",
                LeaseDatabase.shown("jdbc:postgresql://db:5432/app?user=app&password=s3cret"));
        assertEquals("jdbc:mariadb://db/app", LeaseDatabase.shown("jdbc:mariadb://db/app?user=app&password=s3cret"));
        assertEquals("jdbc:h2:tcp://db/~/app", LeaseDatabase.shown("jdbc:h2:tcp://db/~/app;USER=sa;PASSWORD=s3cret"));
        assertEquals("jdbc:mysql://db:3306/app", LeaseDatabase.shown("jdbc:mysql://db:3306/app"));
    }

    @Test
    void aUserAndPasswordBeforeTheHostAreLeftOut() {
        assertEquals("jdbc:mysql://db:3306/app", LeaseDatabase.shown("jdbc:mysql://app:s3cret@db:3306/app"));
        // characters a password may hold unencoded before the @ (RFC 3986 sub-delims), ? after it
        assertEquals("jdbc:mysql://db/app", LeaseDatabase.shown("jdbc:mysql://app:s3;c,r=t@db/app?ssl=true"));
        assertEquals("jdbc:mysql://[db1:3306,db2:3307]/app",
                LeaseDatabase.shown("jdbc:mysql://app:s3cret@[db1:3306,db2:3307]/app"));
        assertEquals("jdbc:mysql://[db1,db2]/app", LeaseDatabase.shown("jdbc:mysql://[a:s3cret@db1,b:t0p@db2]/app"));
        assertEquals("jdbc:mysql:replication://db1,db2/app",
                LeaseDatabase.shown("jdbc:mysql:replication://a:s3cret@db1,b:t0p@db2/app"));
        // Oracle's logon comes after the driver's name, before any //
        assertEquals("jdbc:oracle:thin:@//db:1521/svc", LeaseDatabase.shown("jdbc:oracle:thin:scott/tiger@//db:1521/svc"));
        assertEquals("jdbc:oracle:thin:@db:1521:orcl", LeaseDatabase.shown("jdbc:oracle:thin:scott/t1g@r@db:1521:orcl"));
        assertEquals("jdbc:oracle:oci:@db", LeaseDatabase.shown("jdbc:oracle:oci:scott/tiger@db"));
        assertEquals("jdbc:oracle:thin:@//db:1521/svc", LeaseDatabase.shown("jdbc:oracle:thin:@//db:1521/svc"));
    }

    @Test
    void keyValuePasswordsAreLeftOut() {
        assertEquals("jdbc:mysql://address=(host=db)(port=3306)(user=app)(password=***)/app",
                LeaseDatabase.shown("jdbc:mysql://address=(host=db)(port=3306)(user=app)(password=s3cret)/app"));
        assertEquals("jdbc:mysql://(host=db,user=app,password=***,sslMode=REQUIRED)/app",
                LeaseDatabase.shown("jdbc:mysql://(host=db,user=app,password=s3cret,sslMode=REQUIRED)/app"));
        assertEquals("jdbc:mysql://(host=db,password=***)/app", LeaseDatabase.shown("jdbc:mysql://(host=db,"
                + "password=s3@cret)/app"));
        // MySQL's multi-factor passwords, and any other property that names a password
        assertEquals("jdbc:mysql://(host=db,password1=***,Password2=***,trustCertificateKeyStorePassword=***)/app",
                LeaseDatabase.shown("jdbc:mysql://(host=db,password1=a,Password2=b,"
                        + "trustCertificateKeyStorePassword=c)/app"));
    }

    /**
     * The build's MySQL, reached with its user and password in each of Connector/J's places:
     * the driver's metadata returns the URL with the password, the lease store's description of
     * the database does not.
     */
    @Test
    void onMySqlTheDescriptionHoldsNoPassword() throws SQLException {
        String url = TestServers.url(Server.MYSQL);
        Matcher m = Pattern.compile("^jdbc:mysql://([^/?]+)/[^?]*\\?(.*)$").matcher(url);
        assertTrue(m.matches(), "a URL jdbc:mysql://host:port/db?parameters: " + url);
        String hostPort = m.group(1);
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String p : m.group(2).split("&")) {
            int eq = p.indexOf('=');
            parameters.put(p.substring(0, eq), URLDecoder.decode(p.substring(eq + 1), StandardCharsets.UTF_8));
        }
        String user = parameters.remove("user");
        String password = parameters.remove("password");
        assertTrue(user != null && password != null, "the URL's user and password: " + url);
        StringBuilder rest = new StringBuilder();
        parameters.forEach((k, v) -> rest.append(rest.isEmpty() ? "?" : "&").append(k).append('=').append(v));
        String host = hostPort.substring(0, hostPort.lastIndexOf(':'));
        String port = hostPort.substring(hostPort.lastIndexOf(':') + 1);

        String before = "jdbc:mysql://" + user + ":" + password + "@" + hostPort + "/" + rest;
        assertShown("jdbc:mysql://" + hostPort + "/", before, user + ":" + password + "@");
        String address = "jdbc:mysql://address=(host=" + host + ")(port=" + port + ")(user=" + user + ")(password="
                + password + ")/" + rest;
        assertShown("jdbc:mysql://address=(host=" + host + ")(port=" + port + ")(user=" + user + ")(password=***)/",
                address, "(password=" + password + ")");
        String list = "jdbc:mysql://(host=" + host + ",port=" + port + ",user=" + user + ",password=" + password
                + ")/" + rest;
        assertShown("jdbc:mysql://(host=" + host + ",port=" + port + ",user=" + user + ",password=***)/", list,
                ",password=" + password + ")");
    }

    /** Connects with url, whose metadata's URL holds secret; the description shows expected. */
    private static void assertShown(String expected, String url, String secret) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            assertTrue(c.getMetaData().getURL().contains(secret), () -> "the driver's URL holds the password: "
                    + url);
        }
        LeaseDatabase db = LeaseDatabase.of(new TestDataSource() {
            @Override
            public Connection getConnection() throws SQLException {
                return DriverManager.getConnection(url);
            }
        });
        assertEquals(LeaseDialect.MYSQL, db.dialect());
        assertEquals("MySQL " + expected, db.toString());
    }
}
