package appmybatis;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.mybatis.SnoGeneratedIdInterceptor;
import dev.sno.mybatis.SnoIdTypeHandler;
import java.time.Instant;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.apache.ibatis.datasource.unpooled.UnpooledDataSource;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;

public final class Main {

    /** A row: MyBatis reads and writes its fields (the package is open to it). */
    public static final class Row {
        @SnoGeneratedId(meta = 4)
        private SnoId id;
        private String name;

        public Row() {
        }

        Row(String name) {
            this.name = name;
        }
    }

    /** The application's mapper. */
    public interface Rows {
        @Update("CREATE TABLE t (id UUID PRIMARY KEY, name VARCHAR(20))")
        void create();

        @Insert("INSERT INTO t (id, name) VALUES (#{id}, #{name})")
        int insert(Row row);

        @Select("SELECT id, name FROM t WHERE id >= #{range.from} AND id < #{range.to} ORDER BY id")
        List<Row> within(@Param("range") SnoIdRange range);
    }

    public static void main(String[] args) throws Exception {
        Instant start = Instant.now();
        Configuration configuration = new Configuration(new Environment("app", new JdbcTransactionFactory(),
                new UnpooledDataSource("org.h2.Driver", "jdbc:h2:mem:app;DB_CLOSE_DELAY=-1", null)));
        configuration.getTypeHandlerRegistry().register(new SnoIdTypeHandler());
        configuration.addInterceptor(new SnoGeneratedIdInterceptor());
        configuration.addMapper(Rows.class);
        try (SqlSession session = new SqlSessionFactoryBuilder().build(configuration).openSession(true)) {
            Rows rows = session.getMapper(Rows.class);
            rows.create();
            Row row = new Row("a");
            rows.insert(row);
            check(row.id != null && row.id.meta() == 4, "filled on insert");
            SnoIdRange window = SnoIdRange.timeWindow(start.minusSeconds(1), Instant.now().plusSeconds(1));
            List<Row> back = rows.within(window);
            check(back.size() == 1 && row.id.equals(back.get(0).id) && "a".equals(back.get(0).name),
                    "read back in the window");
        }
        System.out.println("mybatis on the module path: OK (" + Runtime.version().feature() + ")");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
