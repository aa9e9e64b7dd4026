package dev.sno.jackson2;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.SnoId;
import dev.sno.jackson.SnoJsonError;
import dev.sno.jackson.testmodel.Entities;
import java.util.Map;

/** Run inside a class loader without Jackson 3 (see OneGenerationTest). */
public final class Jackson2Alone {

    private Jackson2Alone() {
    }

    /**
     * Discovers the module, round-trips an ID as value and key, dispatches by metabyte, and
     * reads where a malformed ID was.
     *
     * @return a summary the test compares
     * @throws Exception if Jackson fails
     */
    public static String run() throws Exception {
        ObjectMapper mapper = new ObjectMapper().findAndRegisterModules();
        SnoId id = Entities.idWithMeta(1);
        String json = mapper.writeValueAsString(Map.of(id, id));
        Map<SnoId, SnoId> back = mapper.readValue(json, new TypeReference<Map<SnoId, SnoId>>() { });
        Object entity = mapper.readValue("{\"id\":\"" + id + "\",\"name\":\"n\"}", Entities.Entity.class);
        String path;
        try {
            mapper.readValue("[\"" + id + "\",\"not-an-id\"]", SnoId[].class);
            path = "read";
        } catch (Exception e) {
            path = SnoJsonError.of(e).map(SnoJsonError::path).orElse("none");
        }
        return back.get(id) + " " + entity.getClass().getSimpleName() + " " + path;
    }
}
