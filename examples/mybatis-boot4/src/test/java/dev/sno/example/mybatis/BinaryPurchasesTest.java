package dev.sno.example.mybatis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.mybatis.SnoIdBinaryTypeHandler;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The same application with the one line a MariaDB or MySQL application adds,
 * {@code sno.data.binary-ids=true}, and {@code BINARY(16)} columns: on Boot 4 with
 * mybatis-spring-boot-starter 4.0 the starter registers the binary type handler for SnoId, the
 * unchanged mapper writes each ID's 16 image bytes and reads them back, by ID and by window. A
 * second context in the tests' JVM: it leaves {@code Sno.install} to PurchaseMapperTest's
 * ({@code sno.install=false}), and the mapper's IDs still come from this context's generator bean.
 */
@SpringBootTest(properties = {"sno.data.binary-ids=true", "spring.datasource.url=jdbc:h2:mem:orders-binary",
    "spring.sql.init.schema-locations=classpath:schema-binary.sql", "sno.install=false"})
class BinaryPurchasesTest {

    @Autowired
    PurchaseMapper purchases;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    SqlSessionFactory sessions;

    @Test
    void theSettingMakesTheMapperWriteAndReadBinary16() {
        assertInstanceOf(SnoIdBinaryTypeHandler.class,
                sessions.getConfiguration().getTypeHandlerRegistry().getTypeHandler(SnoId.class));
        Instant start = Instant.now();
        Purchase tea = new Purchase("tea");
        purchases.insert(tea);
        assertEquals(21, tea.getId().partition());
        assertArrayEquals(image(tea.getId()), jdbc.queryForObject("SELECT id FROM purchase WHERE item = 'tea'",
                byte[].class), "the 16 image bytes in the column");
        assertArrayEquals(image(tea.getReceiptId()), jdbc.queryForObject(
                "SELECT receipt_id FROM purchase WHERE item = 'tea'", byte[].class));

        purchases.insertAll(IntStream.range(0, 3).mapToObj(i -> new Purchase("item" + i)).toList());
        Purchase read = purchases.find(tea.getId());
        assertEquals("tea", read.getItem());
        assertEquals(tea.getReceiptId(), read.getReceiptId());
        SnoIdRange window = SnoIdRange.timeWindow(start.minusSeconds(1), Instant.now().plusSeconds(1));
        List<SnoId> ids = purchases.within(window).stream().map(Purchase::getId).toList();
        assertEquals(4, ids.size());
        assertEquals(ids.stream().sorted().toList(), ids);
    }

    private static byte[] image(SnoId id) {
        return ByteBuffer.allocate(16).put(id.toBytes()).array();
    }
}
