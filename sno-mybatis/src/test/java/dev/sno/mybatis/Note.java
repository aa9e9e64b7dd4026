package dev.sno.mybatis;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;

/** A row of the note table: the ID property's getter is marked, with a generator of the test's own. */
public class Note {

    private SnoId id;
    private String body;

    public Note() {
    }

    public Note(String body) {
        this.body = body;
    }

    @SnoGeneratedId(meta = 9, generator = PartitionTwelve.class)
    public SnoId getId() {
        return id;
    }

    public void setId(SnoId id) {
        this.id = id;
    }

    public String getBody() {
        return body;
    }

    public void setBody(String body) {
        this.body = body;
    }
}
