package dev.sno.jackson2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.sno.jackson.testmodel.Entities.Clash;
import dev.sno.jackson.testmodel.Entities.Company;
import dev.sno.jackson.testmodel.Entities.Entity;
import dev.sno.jackson.testmodel.Entities.Person;
import dev.sno.jackson.testmodel.Entities.Robot;
import dev.sno.jackson.testmodel.Entities;
import java.util.List;
import org.junit.jupiter.api.Test;

class Jackson2PolymorphicTest {

    static final ObjectMapper MAPPER = JsonMapper.builder().addModule(new SnoModule()).build();

    @Test
    void picksTheSubtypeFromTheMetabyteOfTheId() throws Exception {
        String p = Entities.idWithMeta(1).toString();
        String c = Entities.idWithMeta(2).toString();
        String r = Entities.idWithMeta(200).toString();
        List<Entity> all = MAPPER.readValue("[{\"id\":\"" + p + "\",\"name\":\"Ada\"},"
                + "{\"vat\":\"EU1\",\"id\":\"" + c + "\"},"   // id after another property
                + "{\"id\":\"" + r + "\",\"model\":7}]", new TypeReference<List<Entity>>() { });
        Person person = assertInstanceOf(Person.class, all.get(0));
        assertEquals("Ada", person.name);
        assertEquals(p, person.id.toString());
        Company company = assertInstanceOf(Company.class, all.get(1));
        assertEquals("EU1", company.vat);
        assertEquals(c, company.id.toString());
        Robot robot = assertInstanceOf(Robot.class, all.get(2));
        assertEquals(7, robot.model);
    }

    @Test
    void serializationRoundTrips() throws Exception {
        Person person = new Person();
        person.id = Entities.idWithMeta(1);
        person.name = "Grace";
        String json = MAPPER.writeValueAsString(person);
        assertEquals("{\"id\":\"" + person.id + "\",\"name\":\"Grace\"}", json);
        Entity back = MAPPER.readValue(MAPPER.writerFor(Entity.class).writeValueAsString(person), Entity.class);
        assertEquals("Grace", assertInstanceOf(Person.class, back).name);
        assertEquals(person.id, back.id);
    }

    @Test
    void anUnknownMetabyteIsAnInvalidTypeIdNamingTheId() {
        String unknown = Entities.idWithMeta(3).toString();
        InvalidTypeIdException e = assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"id\":\"" + unknown + "\"}", Entity.class));
        assertEquals(unknown, e.getTypeId());
        assertTrue(e.getMessage().contains("no subtype of " + Entity.class.getName() + " has metabyte 3"), e.getMessage());
    }

    @Test
    void anInvalidIdIsAnInvalidTypeId() {
        InvalidTypeIdException e = assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"id\":\"not-an-id\",\"name\":\"x\"}", Entity.class));
        assertEquals("not-an-id", e.getTypeId());
        assertTrue(e.getMessage().contains("Invalid sno ID: \"not-an-id\""), e.getMessage());
    }

    @Test
    void aMissingIdIsAnInvalidTypeId() {
        InvalidTypeIdException e = assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"name\":\"x\"}", Entity.class));
        assertTrue(e.getMessage().contains("'id'"), e.getMessage());
    }

    @Test
    void aSubtypeTargetRejectsAnotherSubtypesMetabyte() throws Exception {
        String company = Entities.idWithMeta(2).toString();
        assertThrows(InvalidTypeIdException.class,
                () -> MAPPER.readValue("{\"id\":\"" + company + "\"}", Person.class));
        String person = Entities.idWithMeta(1).toString();
        assertEquals(person, MAPPER.readValue("{\"id\":\"" + person + "\"}", Person.class).id.toString());
    }

    @Test
    void twoSubtypesWithOneMetabyteAreADefinitionError() {
        InvalidDefinitionException e = assertThrows(InvalidDefinitionException.class,
                () -> MAPPER.readValue("{\"id\":\"" + Entities.idWithMeta(5) + "\"}", Clash.class));
        assertTrue(e.getMessage().contains("both have @SnoMeta(5)"), e.getMessage());
    }
}
