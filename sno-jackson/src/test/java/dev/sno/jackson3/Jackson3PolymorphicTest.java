package dev.sno.jackson3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.jackson.testmodel.Entities;
import dev.sno.jackson.testmodel.Entities.Clash;
import dev.sno.jackson.testmodel.Entities.Company;
import dev.sno.jackson.testmodel.Entities.Entity;
import dev.sno.jackson.testmodel.Entities.Person;
import dev.sno.jackson.testmodel.Entities.Robot;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.json.JsonMapper;

/** Dispatch by metabyte with Jackson 3, with the same annotations as Jackson 2. */
class Jackson3PolymorphicTest {

    static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new SnoModule()).build();

    @Test
    void picksTheSubtypeFromTheMetabyteOfTheId() {
        String p = Entities.idWithMeta(1).toString();
        String c = Entities.idWithMeta(2).toString();
        String r = Entities.idWithMeta(200).toString();
        List<Entity> all = MAPPER.readValue("[{\"id\":\"" + p + "\",\"name\":\"Ada\"},"
                + "{\"vat\":\"EU1\",\"id\":\"" + c + "\"},"
                + "{\"id\":\"" + r + "\",\"model\":7}]", new TypeReference<List<Entity>>() { });
        assertEquals("Ada", assertInstanceOf(Person.class, all.get(0)).name);
        assertEquals(c, assertInstanceOf(Company.class, all.get(1)).id.toString());
        assertEquals(7, assertInstanceOf(Robot.class, all.get(2)).model);
    }

    @Test
    void serializationRoundTrips() {
        Person person = new Person();
        person.id = Entities.idWithMeta(1);
        person.name = "Grace";
        assertEquals("{\"id\":\"" + person.id + "\",\"name\":\"Grace\"}", MAPPER.writeValueAsString(person));
        Entity back = MAPPER.readValue(MAPPER.writerFor(Entity.class).writeValueAsString(person), Entity.class);
        assertEquals("Grace", assertInstanceOf(Person.class, back).name);
    }

    @Test
    void failuresAreInvalidTypeIdNamingTheValue() {
        String unknown = Entities.idWithMeta(3).toString();
        InvalidTypeIdException e = assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"id\":\"" + unknown + "\"}", Entity.class));
        assertEquals(unknown, e.getTypeId());
        assertTrue(e.getMessage().contains("has metabyte 3"), e.getMessage());
        InvalidTypeIdException bad = assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"id\":\"nope\"}", Entity.class));
        assertEquals("nope", bad.getTypeId());
        InvalidTypeIdException missing = assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"name\":\"x\"}", Entity.class));
        assertTrue(missing.getMessage().contains("'id'"), missing.getMessage());
        assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"id\":\"" + Entities.idWithMeta(2) + "\"}", Person.class));
    }

    @Test
    void twoSubtypesWithOneMetabyteAreADefinitionError() {
        InvalidDefinitionException e = assertThrows(InvalidDefinitionException.class,
                () -> MAPPER.readValue("{\"id\":\"" + Entities.idWithMeta(5) + "\"}", Clash.class));
        assertTrue(e.getMessage().contains("both have @SnoMeta(5)"), e.getMessage());
    }
}
