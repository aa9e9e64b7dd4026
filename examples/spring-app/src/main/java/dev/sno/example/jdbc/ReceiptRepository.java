package dev.sno.example.jdbc;

import dev.sno.SnoId;
import org.springframework.data.repository.ListCrudRepository;

/** Receipts by SnoId. */
public interface ReceiptRepository extends ListCrudRepository<Receipt, SnoId> {
}
