package dev.sno.example;

import dev.sno.example.parties.Party;
import java.util.Map;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * A request body of an abstract {@code @SnoPolymorphic} type: the metabyte of its {@code id}
 * picks the subtype; a missing, null, unknown or malformed {@code id} answers 400.
 */
@RestController
public class PartyController {

    @PostMapping("/parties")
    public Map<String, Object> check(@RequestBody Party party) {
        return Map.of("kind", party.getClass().getSimpleName(), "id", party.getId(), "name", party.getName());
    }
}
