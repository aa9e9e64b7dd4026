package dev.sno.micronaut.http;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.CookieValue;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.inject.Singleton;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** The controller the HTTP tests call: every way a sno ID reaches a method. */
@Controller("/ids")
@Requires(property = "test.app", value = "http")
class HttpApp {

    @Get("/path/{id}")
    String path(@PathVariable SnoId id) {
        return "path " + id + " meta " + id.meta();
    }

    @Get("/bare/{id}")
    String bare(SnoId id) {
        return "bare " + id;
    }

    @Get("/query")
    String query(@QueryValue SnoId id) {
        return "query " + id;
    }

    @Get("/header")
    String header(@Header("X-Sno-Id") SnoId id) {
        return "header " + id;
    }

    @Get("/cookie")
    String cookie(@CookieValue("sid") SnoId id) {
        return "cookie " + id;
    }

    @Get("/list")
    String list(@QueryValue List<SnoId> ids) {
        return "list " + ids;
    }

    @Get("/count")
    String count(@QueryValue int n) {
        return "count " + n;
    }

    @Get("/strings")
    String strings(@QueryValue List<String> names) {
        return "strings " + names;
    }

    @Get("/numbers")
    String numbers(@QueryValue List<Integer> n, @QueryValue Set<Long> m) {
        return "numbers " + n.stream().mapToInt(Integer::intValue).sum() + " " + m.stream().mapToLong(Long::longValue).sum();
    }

    @Get("/set")
    String set(@QueryValue Set<SnoId> ids) {
        return "set " + ids.size();
    }

    @Get("/array")
    String array(@QueryValue SnoId[] ids) {
        return "array " + Arrays.toString(ids);
    }

    @Get("/headers")
    String headers(@Header("X-Sno-Ids") List<SnoId> ids) {
        return "headers " + ids;
    }

    @Get("/window")
    String window(SnoIdRange window) {
        return "window " + window.from() + " " + window.to();
    }

    @Get("/since")
    String since(@SnoTimeWindow(from = "since", to = "until") SnoIdRange window) {
        return "since " + window.from() + " " + window.to();
    }

    @Post("/body")
    Holder body(@Body Holder holder) {
        return holder;
    }

    @Post("/party")
    String party(@Body Party party) {
        return party.getClass().getSimpleName() + " " + party.id;
    }

    /**
     * Read by the metabyte of its id: with Jackson databind by sno-jackson's module, with Micronaut
     * Serialization by sno-micronaut's {@link SnoPolymorphicDeserializer} ({@link PartyDeserializer}).
     * Field access: Micronaut Serialization reads public fields only so, as Jackson reads them.
     */
    @SnoPolymorphic({Person.class, Company.class})
    @Serdeable
    @Introspected(accessKind = Introspected.AccessKind.FIELD)
    public abstract static class Party {
        public SnoId id;
    }

    /** Metabyte 1. */
    @Serdeable
    @Introspected(accessKind = Introspected.AccessKind.FIELD)
    @SnoMeta(1)
    public static class Person extends Party {
        public String name;
    }

    /** Metabyte 2. */
    @Serdeable
    @Introspected(accessKind = Introspected.AccessKind.FIELD)
    @SnoMeta(2)
    public static class Company extends Party {
        public String vat;
    }

    /** Micronaut Serialization's deserializer of parties: by the metabyte of their id. */
    @Singleton
    static class PartyDeserializer extends SnoPolymorphicDeserializer<Party> {
    }

    /** A body with sno IDs. */
    @Serdeable
    record Holder(SnoId id, String name, List<SnoId> others, Owner owner) {
    }

    /** A nested object with a sno ID. */
    @Serdeable
    record Owner(SnoId ownerId) {
    }
}
