package dev.sno.example.mybatis;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;

/** A purchase: its key and its receipt number are sno IDs made on insert. */
public class Purchase {

    @SnoGeneratedId(meta = 2)
    private SnoId id;
    private String item;
    @SnoGeneratedId(meta = 3, generator = ReceiptIds.class)
    private SnoId receiptId;

    public Purchase() {
    }

    public Purchase(String item) {
        this.item = item;
    }

    public SnoId getId() {
        return id;
    }

    public String getItem() {
        return item;
    }

    public SnoId getReceiptId() {
        return receiptId;
    }
}
