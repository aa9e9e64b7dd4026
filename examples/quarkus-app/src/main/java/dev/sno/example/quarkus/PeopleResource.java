package dev.sno.example.quarkus;

import dev.sno.SnoId;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
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
    public List<Person> after(@RestQuery("after") SnoId after) {
        return after == null ? Person.listAll() : Person.list("id > ?1 order by id", after);
    }
}
