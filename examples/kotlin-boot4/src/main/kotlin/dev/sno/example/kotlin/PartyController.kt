package dev.sno.example.kotlin

import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RestController

/** A body of a sealed type, read as the subtype its ID's metabyte names ([PartySerializer]). */
@RestController
class PartyController {

    /** Says which subtype the party was read as. */
    @PostMapping("/parties")
    fun receive(@RequestBody party: Party): PartyReceived = when (party) {
        is Person -> PartyReceived("person", party.id, party.id.meta(), party.name)
        is Company -> PartyReceived("company", party.id, party.id.meta(), party.vat)
    }
}
