package com.example.notes;

import static com.example.notes.db.Tables.NOTE;

import com.example.notes.db.tables.records.NoteRecord;
import dev.sno.Sno;
import dev.sno.SnoId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/** Notes kept in PostgreSQL with jOOQ, through the classes it generated from schema.sql. */
public final class Notes {

    private final DSLContext db;

    /** Uses this connection's database and creates the note table if it is missing. */
    public Notes(Connection connection) throws IOException {
        db = DSL.using(connection, SQLDialect.POSTGRES);
        try (InputStream schema = Notes.class.getResourceAsStream("/schema.sql")) {
            db.execute(new String(schema.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** Inserts a note with a new ID and returns the ID. */
    public SnoId add(String text) {
        NoteRecord note = db.newRecord(NOTE);
        note.setId(Sno.next(1));
        note.setText(text);
        note.store();
        return note.getId();
    }

    /** The note whose ID has this text, or null; an InvalidSnoIdException if it is not a sno ID's text. */
    public NoteRecord find(String id) {
        SnoId key = SnoId.parse(id);
        return db.selectFrom(NOTE).where(NOTE.ID.eq(key)).fetchOne();
    }

    /** Adds a note and reads it back; the argument is the database's JDBC URL. */
    public static void main(String[] args) throws IOException, SQLException {
        try (Connection connection = DriverManager.getConnection(args[0])) {
            Notes notes = new Notes(connection);
            SnoId id = notes.add("hello");
            System.out.println(id + " " + notes.find(id.toString()).getText());
        }
    }
}
