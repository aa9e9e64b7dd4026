package appjdbc;

import dev.sno.Sno;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.jdbc.SnoJdbc;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;

public final class Main {

    public static void main(String[] args) throws Exception {
        check(ModuleLayer.boot().findModule("jakarta.persistence").isEmpty(), "JPA absent");
        check(ModuleLayer.boot().findModule("org.hibernate.orm.core").isEmpty(), "Hibernate absent");
        Instant start = Instant.now();
        SnoId id = Sno.next(3);
        try (Connection db = DriverManager.getConnection("jdbc:h2:mem:app")) {
            db.createStatement().execute("CREATE TABLE t (id UUID PRIMARY KEY)");
            try (PreparedStatement insert = db.prepareStatement("INSERT INTO t VALUES (?)")) {
                SnoJdbc.setSnoId(insert, 1, id);
                insert.executeUpdate();
            }
            SnoIdRange window = SnoIdRange.timeWindow(start.minusSeconds(1), Instant.now().plusSeconds(1));
            try (PreparedStatement q = db.prepareStatement("SELECT id FROM t WHERE id >= ? AND id < ?")) {
                SnoJdbc.setSnoIdRange(q, 1, window);
                try (ResultSet rows = q.executeQuery()) {
                    check(rows.next() && SnoJdbc.getSnoId(rows, 1).equals(id), "read back in the window");
                }
            }
        }
        System.out.println("jdbc on the module path: OK (" + Runtime.version().feature() + ")");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
