package consumer;

import dev.sno.Sno;
import dev.sno.SnoId;
import dev.sno.jdbc.SnoJdbc;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/** A class-path application using every published artifact; exits non-zero on any mismatch. */
public final class Consumer {

    private Consumer() {
    }

    public static void main(String[] args) throws Exception {
        SnoId id = Sno.next(7);
        check(id.meta() == 7, "meta");

        var json2 = com.fasterxml.jackson.databind.json.JsonMapper.builder().findAndAddModules().build();
        check(json2.readValue(json2.writeValueAsString(id), SnoId.class).equals(id), "Jackson 2 (discovered)");
        var json3 = tools.jackson.databind.json.JsonMapper.builder().findAndAddModules().build();
        check(json3.readValue(json3.writeValueAsString(id), SnoId.class).equals(id), "Jackson 3 (discovered)");

        try (Connection db = DriverManager.getConnection("jdbc:h2:mem:consumer")) {
            db.createStatement().execute("CREATE TABLE t (id UUID PRIMARY KEY)");
            try (PreparedStatement insert = db.prepareStatement("INSERT INTO t VALUES (?)")) {
                SnoJdbc.setSnoId(insert, 1, id);
                insert.executeUpdate();
            }
            try (ResultSet rows = db.createStatement().executeQuery("SELECT id FROM t")) {
                check(rows.next() && SnoJdbc.getSnoId(rows, 1).equals(id), "JDBC");
            }
        }
        System.out.println("consumer: OK " + id);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("consumer: " + what + " failed");
        }
    }
}
