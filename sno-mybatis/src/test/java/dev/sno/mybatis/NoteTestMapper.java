package dev.sno.mybatis;

import dev.sno.SnoId;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Select;

/** The note table's statements that only the tests need (NoteMapper is the one docs/mybatis.md shows). */
public interface NoteTestMapper {

    @Insert("INSERT INTO note (id, body) VALUES (#{id}, #{body})")
    int insertRecord(Memo memo);

    @Insert("INSERT INTO note (id, body) VALUES (#{id}, #{body})")
    int insertTag(Tag tag);

    @Insert("INSERT INTO note (id, body) VALUES (#{id,jdbcType=BINARY}, #{body})")
    int insertAsBinary(Note note);

    @Select("SELECT id FROM note ORDER BY id")
    List<SnoId> ids();
}
