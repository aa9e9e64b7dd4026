package dev.sno.micronaut.http;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/** The controller the polymorphic body tests call: a party read by its id's metabyte and written back. */
@Controller("/poly")
@Requires(property = "test.app", value = "http")
class PolymorphicApp {

    @Post("/echo")
    HttpApp.Party echo(@Body HttpApp.Party party) {
        return party;
    }

    @Post("/members")
    Members members(@Body Members members) {
        return members;
    }

    /** Parties as a property and in a list. */
    @Serdeable
    record Members(HttpApp.Party owner, List<HttpApp.Party> parties) {
    }
}
