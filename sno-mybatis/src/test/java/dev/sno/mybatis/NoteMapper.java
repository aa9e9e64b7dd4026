package dev.sno.mybatis;

import dev.sno.SnoId;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** An annotation mapper. */
public interface NoteMapper {

    @Insert("INSERT INTO note (id, body) VALUES (#{id}, #{body})")
    int insert(Note note);

    @Insert({"<script>INSERT INTO note (id, body) VALUES",
        "<foreach collection='notes' item='n' separator=','>(#{n.id}, CONCAT(#{prefix}, #{n.body}))</foreach>",
        "</script>"})
    int insertAll(@Param("prefix") String prefix, @Param("notes") List<Note> notes);

    @Select("SELECT id, body FROM note WHERE id = #{id}")
    Note find(SnoId id);

    @Select("SELECT id, body FROM note ORDER BY id")
    List<Note> all();
}
