package dev.sno.spring.boot.mybatis;

import dev.sno.SnoId;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The application's mapper, found by MyBatis' starter; nothing in it is sno's. */
@Mapper
public interface CustomerMapper {

    @Insert("INSERT INTO customer (id, name, audit_id) VALUES (#{id}, #{name}, #{auditId})")
    int insert(Customer customer);

    @Insert({"<script>INSERT INTO customer (id, name, audit_id) VALUES",
        "<foreach collection='customers' item='c' separator=','>(#{c.id}, #{c.name}, #{c.auditId})</foreach>",
        "</script>"})
    int insertAll(@Param("customers") List<Customer> customers);

    @Select("SELECT id, name, audit_id FROM customer WHERE id = #{id}")
    Customer find(SnoId id);

    @Select("SELECT id, name, audit_id FROM customer ORDER BY id")
    List<Customer> all();
}
