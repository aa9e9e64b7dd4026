package dev.sno.example.jpa;

import dev.sno.SnoId;
import org.springframework.data.jpa.repository.JpaRepository;

/** Invoices by SnoId. */
public interface InvoiceRepository extends JpaRepository<Invoice, SnoId> {
}
