package dev.sno.quickstart;

import dev.sno.SnoId;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.jboss.resteasy.reactive.ResponseStatus;

/** POST /greetings stores a greeting; GET /greetings/{id} reads it back. */
@Path("/greetings")
public class GreetingResource {

    @POST
    @Transactional
    @ResponseStatus(201)
    public Greeting create(Greeting greeting) {
        greeting.persist();
        return greeting;
    }

    /** A malformed ID answers 400 application/problem+json before this method runs. */
    @GET
    @Path("/{id}")
    public Greeting read(@PathParam("id") SnoId id) {
        return Greeting.<Greeting>findByIdOptional(id).orElseThrow(NotFoundException::new);
    }
}
