package dev.sno.jackson3;

import dev.sno.SnoId;
import dev.sno.jackson.SnoJsonError;
import dev.sno.jackson.testmodel.Entities;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** Run inside a class loader without Jackson 2 (see OneGenerationTest). */
public final class Jackson3Alone {

    private Jackson3Alone() {
    }

    /**
     * Discovers the module, round-trips an ID as value and key, dispatches by metabyte, and
     * reads where a malformed ID was.
     *
     * @return a summary the test compares
     */
    public static String run() {
        ObjectMapper mapper = JsonMapper.builder().findAndAddModules().build();
        SnoId id = Entities.idWithMeta(2);
        String json = mapper.writeValueAsString(Map.of(id, id));
        Map<SnoId, SnoId> back = mapper.readValue(json, new TypeReference<Map<SnoId, SnoId>>() { });
        Object entity = mapper.readValue("{\"id\":\"" + id + "\",\"vat\":\"v\"}", Entities.Entity.class);
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
