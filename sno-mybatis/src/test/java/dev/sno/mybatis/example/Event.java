package dev.sno.mybatis.example;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;

/** A row of the event table: the ID field is marked, MyBatis reads and writes the properties. */
public class Event {

    @SnoGeneratedId(meta = 7)
    private SnoId id;
    private String name;
    private SnoId parent;

    public Event() {
    }

    public Event(String name, SnoId parent) {
        this.name = name;
        this.parent = parent;
    }

    public SnoId getId() {
        return id;
    }

    public void setId(SnoId id) {
        this.id = id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public SnoId getParent() {
        return parent;
    }

    public void setParent(SnoId parent) {
        this.parent = parent;
    }
}
