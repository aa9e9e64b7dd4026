package dev.sno.example.jpa;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A JPA entity whose IDs come from another generator: the one the Spring bean {@link BillingIds} supplies. */
@Entity
@Table(name = "example_invoice")
public class Invoice {

    /** The metabyte of invoices' IDs. */
    public static final int META = 3;

    /** The metabyte of payment references. */
    public static final int PAYMENT_META = 5;

    @Id
    @SnoGeneratedId(meta = META, generator = BillingIds.class)
    private SnoId id;

    /** Not the key: a reference printed on the invoice, generated on insert by the application's generator. */
    @SnoGeneratedId(meta = PAYMENT_META)
    private SnoId paymentReference;

    private String customer;

    /** For JPA and JSON. */
    public Invoice() {
    }

    public SnoId getId() {
        return id;
    }

    public SnoId getPaymentReference() {
        return paymentReference;
    }

    public String getCustomer() {
        return customer;
    }

    public void setCustomer(String customer) {
        this.customer = customer;
    }
}
