package dev.sno.example;

import dev.sno.example.parties.Customer;
import dev.sno.example.parties.Party;
import dev.sno.example.parties.Supplier;
import java.util.Map;
import org.springframework.aot.hint.annotation.RegisterReflectionForBinding;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * A request body of an abstract {@code @SnoPolymorphic} type: the metabyte of its {@code id}
 * picks the subtype; a missing, null, unknown or malformed {@code id} answers 400. Spring AOT
 * registers the body's type for a native image, but only the application knows the subtypes
 * Jackson creates: {@code @RegisterReflectionForBinding} names them.
 */
@RestController
@RegisterReflectionForBinding({Customer.class, Supplier.class})
public class PartyController {

    @PostMapping("/parties")
    public Map<String, Object> check(@RequestBody Party party) {
        return Map.of("kind", party.getClass().getSimpleName(), "id", party.getId(), "name", party.getName());
    }
}
