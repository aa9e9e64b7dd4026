package dev.sno.example.quarkus;

import dev.sno.SnoId;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.List;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** People over HTTP: create, read by ID, list those created after an ID (IDs sort by time). */
@Path("/people")
@Produces(MediaType.APPLICATION_JSON)
public class PeopleResource {

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Transactional
    public Response create(Person person) {
        person.id = null;
        person.persist();
        return Response.created(URI.create("/people/" + person.id)).entity(person).build();
    }

    @GET
    @Path("/{id}")
    public Person read(@RestPath SnoId id) {
        Person p = Person.findById(id);
        if (p == null) {
            throw new NotFoundException("no person " + id);
        }
        return p;
    }

    @GET
    public List<Person> after(@RestQuery("after") SnoId after, UriInfo uri) {
        // Quarkus REST hands an empty ?after= to no converter: it arrives as null, as if absent.
        // An empty ID is not "no filter": answer the 400 problem the extension gives a bad one.
        if (after == null && uri.getQueryParameters().containsKey("after")) {
            throw new BadRequestException(Response.status(Response.Status.BAD_REQUEST)
                    .type("application/problem+json").entity("{\"type\":\"about:blank\",\"title\":\"Invalid sno"
                            + " ID\",\"status\":400,\"detail\":\"Invalid sno ID: \\\"\\\" (length 0, expected 16)\","
                            + "\"parameter\":\"after\",\"in\":\"query\"}").build());
        }
        return after == null ? Person.listAll() : Person.list("id > ?1 order by id", after);
    }
}
