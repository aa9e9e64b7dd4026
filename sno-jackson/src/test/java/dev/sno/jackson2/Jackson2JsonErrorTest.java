package dev.sno.jackson2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.sno.SnoId;
import dev.sno.jackson.JsonErrorCases;
import dev.sno.jackson.testmodel.Bodies.Counted;
import dev.sno.jackson.testmodel.Bodies.Listed;
import dev.sno.jackson.testmodel.Bodies.Owned;
import dev.sno.jackson.SnoJsonError;
import dev.sno.jackson.testmodel.Entities;
import dev.sno.jackson.testmodel.Entities.Entity;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link SnoJsonError} of Jackson 2's failures: the details and paths the frameworks answer with. */
class Jackson2JsonErrorTest {

    private static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new SnoModule()).build();

    private static Optional<SnoJsonError> of(String body, Class<?> type) {
        return of(MAPPER, body, type);
    }

    private static Optional<SnoJsonError> of(ObjectMapper mapper, String body, Class<?> type) {
        Exception e = assertThrows(Exception.class, () -> mapper.readValue(body, type));
        return SnoJsonError.of(e);
    }

    @Test
    void aMalformedIdInAFieldNamesItsPath() {
        assertEquals(Optional.of(new SnoJsonError(JsonErrorCases.FIELD, "owner.id")),
                of("{\"owner\":{\"id\":\"not-an-id\"}}", Owned.class));
    }

    @Test
    void aMalformedIdInAListNamesItsIndex() {
        assertEquals(Optional.of(new SnoJsonError(JsonErrorCases.FIELD, "ids[1]")),
                of("{\"ids\":[\"" + Entities.idWithMeta(1) + "\",\"not-an-id\"]}", Listed.class));
    }

    @Test
    void aMalformedIdAtTheRootHasNoPath() {
        assertEquals(Optional.of(new SnoJsonError(JsonErrorCases.FIELD, null)), of("\"not-an-id\"", SnoId.class));
    }

    @Test
    void aNumberWhereAnIdBelongsIsJacksonsFirstLine() {
        SnoJsonError error = of("{\"owner\":{\"id\":12}}", Owned.class).orElseThrow();
        assertEquals("owner.id", error.path());
        assertEquals(-1, error.detail().indexOf('\n'), error.detail());
        assertEquals(true, error.detail().startsWith("Cannot deserialize value of type `dev.sno.SnoId` from number 12"),
                error.detail());
    }

    @Test
    void aPolymorphicBodyWithoutAnId() {
        assertEquals(Optional.of(new SnoJsonError(JsonErrorCases.MISSING, null)), of("{\"name\":\"x\"}", Entity.class));
    }

    @Test
    void aPolymorphicIdOfAnUnknownMetabyte() {
        String[] c = JsonErrorCases.unknownMetabyte();
        assertEquals(Optional.of(new SnoJsonError(c[1], null)), of(c[0], Entity.class));
    }

    @Test
    void aMalformedPolymorphicIdIsSnoCoresMessage() {
        assertEquals(Optional.of(new SnoJsonError(JsonErrorCases.NOT_AN_ID, null)),
                of("{\"id\":\"not-an-id\",\"name\":\"x\"}", Entity.class));
    }

    @Test
    void anAbstractBaseReadForWantOfAnIdIsTheMissingId() {
        ObjectMapper lenient = JsonMapper.builder().addModule(new SnoModule())
                .disable(MapperFeature.REQUIRE_TYPE_ID_FOR_SUBTYPES).build();
        assertEquals(Optional.of(new SnoJsonError(JsonErrorCases.MISSING, null)),
                of(lenient, "{\"name\":\"x\"}", Entity.class));
    }

    @Test
    void anInvalidSnoIdExceptionBehindAMismatchedInputIsItsMessage() {
        Throwable cause = new IllegalStateException("wrapped", JsonErrorCases.notAnId());
        MismatchedInputException e = new MismatchedInputException(null, "not a string", String.class) {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized Throwable getCause() {
                return cause;
            }
        };
        e.prependPath(new Object(), "name");
        assertEquals(Optional.of(new SnoJsonError(JsonErrorCases.NOT_AN_ID, "name")), SnoJsonError.of(e));
    }

    @Test
    void subtypesDeclaredWronglyAreTheApplicationsFaultNotAMissingId() {
        // Twin1 and Twin2 both have @SnoMeta(5): sno-jackson reports a definition error on the
        // abstract base, even for a body with a valid id
        assertEquals(Optional.empty(), of("{\"id\":\"" + Entities.idWithMeta(5) + "\"}", Entities.Clash.class));
    }

    @Test
    void otherFailuresAreNotAboutSnoIds() {
        assertEquals(Optional.empty(), of("{\"count\":\"many\"}", Counted.class));
        assertEquals(Optional.empty(), of("{\"owner\":", Owned.class));
        assertEquals(Optional.empty(), SnoJsonError.of(new IllegalArgumentException("x", JsonErrorCases.notAnId())));
    }
}
