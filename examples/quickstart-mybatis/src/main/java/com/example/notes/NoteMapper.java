package com.example.notes;

import dev.sno.SnoId;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Select;

/** The note table's SQL. */
public interface NoteMapper {

    /** Inserts the note, after sno-mybatis has given it an ID. */
    @Insert("INSERT INTO note (id, text) VALUES (#{id}, #{text})")
    int insert(Note note);

    /** The note with this ID, or null. */
    @Select("SELECT id, text FROM note WHERE id = #{id}")
    Note find(SnoId id);
}
