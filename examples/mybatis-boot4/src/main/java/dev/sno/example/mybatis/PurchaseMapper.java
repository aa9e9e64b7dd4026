package dev.sno.example.mybatis;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The purchases' SQL. */
@Mapper
public interface PurchaseMapper {

    @Insert("INSERT INTO purchase (id, item, receipt_id) VALUES (#{id}, #{item}, #{receiptId})")
    int insert(Purchase purchase);

    @Insert({"<script>INSERT INTO purchase (id, item, receipt_id) VALUES",
        "<foreach collection='purchases' item='p' separator=','>(#{p.id}, #{p.item}, #{p.receiptId})</foreach>",
        "</script>"})
    int insertAll(@Param("purchases") List<Purchase> purchases);

    @Select("SELECT id, item, receipt_id FROM purchase WHERE id = #{id}")
    Purchase find(SnoId id);

    @Select("SELECT id, item, receipt_id FROM purchase WHERE id >= #{range.from} AND id < #{range.to} ORDER BY id")
    List<Purchase> within(@Param("range") SnoIdRange range);
}
