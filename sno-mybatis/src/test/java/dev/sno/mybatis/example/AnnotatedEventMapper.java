package dev.sno.mybatis.example;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** EventMapper's statements as an annotation mapper. */
public interface AnnotatedEventMapper {

    @Insert("INSERT INTO event (id, name, parent) VALUES (#{id}, #{name}, #{parent})")
    int insert(Event event);

    @Insert({"<script>INSERT INTO event (id, name, parent) VALUES",
        "<foreach collection='events' item='e' separator=','>(#{e.id}, #{e.name}, #{e.parent})</foreach>",
        "</script>"})
    int insertAll(@Param("events") List<Event> events);

    @Select("SELECT id, name, parent FROM event WHERE id = #{id}")
    Event find(SnoId id);

    @Select("SELECT id, name, parent FROM event ORDER BY id")
    List<Event> all();

    @Select("SELECT id, name, parent FROM event WHERE id >= #{range.from} AND id < #{range.to} ORDER BY id")
    List<Event> within(@Param("range") SnoIdRange range);
}
