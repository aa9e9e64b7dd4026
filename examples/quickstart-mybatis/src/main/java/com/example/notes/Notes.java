package com.example.notes;

import dev.sno.SnoId;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Properties;
import org.apache.ibatis.io.Resources;
import org.apache.ibatis.jdbc.ScriptRunner;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;

/** Notes kept in PostgreSQL with MyBatis. */
public final class Notes {

    private final SqlSessionFactory sessions;

    /** Connects to the database at this JDBC URL and creates the note table if it is missing. */
    public Notes(String url) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("url", url);
        try (InputStream config = Resources.getResourceAsStream("mybatis-config.xml")) {
            sessions = new SqlSessionFactoryBuilder().build(config, properties);
        }
        try (SqlSession session = sessions.openSession(); Reader schema = Resources.getResourceAsReader("schema.sql")) {
            ScriptRunner runner = new ScriptRunner(session.getConnection());
            runner.setLogWriter(null);
            runner.runScript(schema);
        }
    }

    /** Inserts a note and returns its new ID. */
    public SnoId add(String text) {
        try (SqlSession session = sessions.openSession(true)) {
            Note note = new Note(text);
            session.getMapper(NoteMapper.class).insert(note);
            return note.getId();
        }
    }

    /** The note whose ID has this text, or null; an InvalidSnoIdException if it is not a sno ID's text. */
    public Note find(String id) {
        SnoId key = SnoId.parse(id);
        try (SqlSession session = sessions.openSession()) {
            return session.getMapper(NoteMapper.class).find(key);
        }
    }

    /** Adds a note and reads it back; the argument is the database's JDBC URL. */
    public static void main(String[] args) throws IOException {
        Notes notes = new Notes(args[0]);
        SnoId id = notes.add("hello");
        System.out.println(id + " " + notes.find(id.toString()).getText());
    }
}
