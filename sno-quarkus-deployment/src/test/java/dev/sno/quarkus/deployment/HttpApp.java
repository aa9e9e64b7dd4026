package dev.sno.quarkus.deployment;

import dev.sno.Sno;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestQuery;

/** A small Quarkus REST resource taking SnoIds from everywhere a request carries them. */
@Path("/ids")
public class HttpApp {

    /** A JSON body with a SnoId. */
    public static class Holder {
        public SnoId id;
        public String name;
    }

    /** A polymorphic base: the ID's metabyte picks the subtype. */
    @SnoPolymorphic({Person.class, Company.class})
    public abstract static class Party {
        public SnoId id;
    }

    /** Metabyte 1. */
    @SnoMeta(1)
    public static class Person extends Party {
        public String name;
    }

    /** Metabyte 2. */
    @SnoMeta(2)
    public static class Company extends Party {
        public String vat;
    }

    @GET
    @Path("/path/{id}")
    public String path(@PathParam("id") SnoId id) {
        return "path " + id + " meta " + id.meta();
    }

    @GET
    @Path("/query")
    public String query(@RestQuery("id") SnoId id) {
        return "query " + id;
    }

    @GET
    @Path("/header")
    public String header(@HeaderParam("X-Sno-Id") SnoId id) {
        return "header " + id;
    }

    @POST
    @Path("/form")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public String form(@FormParam("id") SnoId id) {
        return "form " + id;
    }

    @POST
    @Path("/body")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Holder body(Holder holder) {
        return holder;
    }

    @POST
    @Path("/party")
    @Consumes(MediaType.APPLICATION_JSON)
    public String party(Party party) {
        return party.getClass().getSimpleName() + " " + party.id;
    }

    @GET
    @Path("/new")
    @Produces(MediaType.APPLICATION_JSON)
    public Holder fresh() {
        Holder h = new Holder();
        h.id = Sno.next(3);
        h.name = "new";
        return h;
    }
}
