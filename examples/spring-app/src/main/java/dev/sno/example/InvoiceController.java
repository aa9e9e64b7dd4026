package dev.sno.example;

import dev.sno.SnoId;
import dev.sno.example.jpa.Invoice;
import dev.sno.example.jpa.InvoiceRepository;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Invoices: IDs from a generator a Spring bean supplies. */
@RestController
public class InvoiceController {

    private final InvoiceRepository invoices;

    public InvoiceController(InvoiceRepository invoices) {
        this.invoices = invoices;
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
