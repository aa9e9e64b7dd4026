package com.example.notes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.testsupport.TestServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * The quickstart on the build's PostgreSQL 18, in a schema of its own: a note is inserted with a new
 * ID and read back, and a malformed ID is refused.
 */
class NotesTest {

    @Test
    void addsReadsBackAndRefusesAMalformedId() throws IOException, SQLException {
        String server = TestServers.url(TestServers.Server.POSTGRES_18);
        try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS quickstart_mybatis");
        }
        Notes notes = new Notes(server + "&currentSchema=quickstart_mybatis");

        SnoId id = notes.add("buy milk");
        assertEquals(1, id.meta());
        assertEquals(7, id.partition(), "-Dsno.partition=7, as the page says");
        Note read = notes.find(id.toString());
        assertEquals(id, read.getId());
        assertEquals("buy milk", read.getText());

        InvalidSnoIdException e = assertThrows(InvalidSnoIdException.class, () -> notes.find("42"));
        assertEquals("Invalid sno ID: \"42\" (length 2, expected 16)", e.getMessage());
        assertTrue(Files.readString(Path.of("../../docs/quickstart-mybatis.md")).contains("\n" + e.getMessage() + "\n"),
                "docs/quickstart-mybatis.md shows the message");
    }
}
