package dev.sno.example.jpa;

import dev.sno.SnoId;
import dev.sno.jdbc.hibernate.SnoGeneratedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A JPA entity whose IDs come from another generator: the one the Spring bean {@link BillingIds} supplies. */
@Entity
@Table(name = "example_invoice")
public class Invoice {

    /** The metabyte of invoices' IDs. */
    public static final int META = 3;

    @Id
    @SnoGeneratedId(meta = META, generator = BillingIds.class)
    private SnoId id;

    private String customer;

    /** For JPA and JSON. */
    public Invoice() {
    }

    public SnoId getId() {
        return id;
    }

    public String getCustomer() {
        return customer;
    }

    public void setCustomer(String customer) {
        this.customer = customer;
    }
}
