package dev.sno.example;

import dev.sno.SnoId;
import dev.sno.example.jdbc.Receipt;
import dev.sno.example.jdbc.ReceiptRepository;
import dev.sno.example.jpa.Invoice;
import dev.sno.example.jpa.InvoiceRepository;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Invoices (JPA) and receipts (Spring Data JDBC): IDs from a generator a Spring bean supplies. */
@RestController
public class InvoiceController {

    private final InvoiceRepository invoices;
    private final ReceiptRepository receipts;

    public InvoiceController(InvoiceRepository invoices, ReceiptRepository receipts) {
        this.invoices = invoices;
        this.receipts = receipts;
    }

    @PostMapping("/receipts")
    public Receipt create(@RequestBody Receipt receipt) {
        return receipts.save(receipt);
    }

    @PostMapping("/invoices")
    public Invoice create(@RequestBody Invoice invoice) {
        return invoices.save(invoice);
    }

    @GetMapping("/invoices/{id}")
    public ResponseEntity<Invoice> get(@PathVariable SnoId id) {
        return ResponseEntity.of(invoices.findById(id));
    }
}
