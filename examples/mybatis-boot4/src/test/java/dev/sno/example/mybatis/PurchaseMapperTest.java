package dev.sno.example.mybatis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Boot 4 with mybatis-spring-boot-starter 4.0: the application's mapper inserts purchases whose IDs
 * come from its generator (sno.partition=21) and its ReceiptIds bean, and reads them back by ID
 * and by time window.
 */
@SpringBootTest
class PurchaseMapperTest {

    @Autowired
    PurchaseMapper purchases;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void purchasesGetTheirIdsOnInsertAndReadBack() {
        Instant start = Instant.now();
        Purchase tea = new Purchase("tea");
        purchases.insert(tea);
        assertEquals(2, tea.getId().meta());
        assertEquals(21, tea.getId().partition());
        assertEquals(3, tea.getReceiptId().meta());
        assertEquals(900, tea.getReceiptId().partition());

        List<Purchase> more = IntStream.range(0, 3).mapToObj(i -> new Purchase("item" + i)).toList();
        purchases.insertAll(more);
        more.forEach(p -> assertNotNull(p.getId()));

        Purchase read = purchases.find(tea.getId());
        assertEquals("tea", read.getItem());
        assertEquals(tea.getReceiptId(), read.getReceiptId());
        assertEquals(tea.getId().toUuid(), jdbc.queryForObject("SELECT id FROM purchase WHERE item = 'tea'",
                java.util.UUID.class), "the UUID image in the column");

        SnoIdRange window = SnoIdRange.timeWindow(start.minusSeconds(1), Instant.now().plusSeconds(1));
        List<SnoId> ids = purchases.within(window).stream().map(Purchase::getId).toList();
        assertEquals(4, ids.size());
        assertEquals(ids.stream().sorted().toList(), ids);
    }
}
