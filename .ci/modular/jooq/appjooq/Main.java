package appjooq;

import dev.sno.Sno;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.jooq.SnoJooq;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;

public final class Main {

    public static void main(String[] args) throws Exception {
        check(ModuleLayer.boot().findModule("dev.sno.jdbc").isEmpty(), "sno-jdbc absent");
        Instant start = Instant.now();
        SnoId id = Sno.next(4);
        Table<?> t = DSL.table(DSL.name("t"));
        Field<SnoId> idField = DSL.field(DSL.name("id"), SnoJooq.UUID);
        try (Connection db = DriverManager.getConnection("jdbc:h2:mem:app")) {
            DSLContext ctx = DSL.using(db, SQLDialect.H2);
            ctx.execute("CREATE TABLE \"t\" (\"id\" UUID PRIMARY KEY)");
            ctx.insertInto(t).set(idField, id).execute();
            SnoIdRange window = SnoIdRange.timeWindow(start.minusSeconds(1), Instant.now().plusSeconds(1));
            SnoId back = ctx.select(idField).from(t).where(SnoJooq.within(idField, window)).fetchOne(idField);
            check(id.equals(back), "read back in the window");
        }
        System.out.println("jooq on the module path: OK (" + Runtime.version().feature() + ")");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
