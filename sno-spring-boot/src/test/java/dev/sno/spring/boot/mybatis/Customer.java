package dev.sno.spring.boot.mybatis;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;

/** An application's row class: its key and an audit reference are generated on insert. */
public class Customer {

    @SnoGeneratedId(meta = 5)
    private SnoId id;
    private String name;
    @SnoGeneratedId(meta = 6, generator = AuditIds.class)
    private SnoId auditId;

    public Customer() {
    }

    public Customer(String name) {
        this.name = name;
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

    public SnoId getAuditId() {
        return auditId;
    }

    public void setAuditId(SnoId auditId) {
        this.auditId = auditId;
    }
}
