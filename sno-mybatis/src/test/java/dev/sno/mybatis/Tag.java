package dev.sno.mybatis;

import dev.sno.SnoId;

/** A row of the note table whose ID is marked only on an interface it implements through another. */
public class Tag implements Tagged {

    private SnoId id;
    private final String body;

    Tag(String body) {
        this.body = body;
    }

    @Override
    public SnoId getId() {
        return id;
    }

    public void setId(SnoId id) {
        this.id = id;
    }

    public String getBody() {
        return body;
    }
}
