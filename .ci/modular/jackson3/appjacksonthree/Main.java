package appjacksonthree;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import dev.sno.jackson3.SnoModule;
import java.util.Map;

public final class Main {

    @SnoPolymorphic({Person.class})
    public abstract static class Entity {
        public SnoId id;
    }

    @SnoMeta(1)
    public static final class Person extends Entity {
        public String name;
    }

    public static void main(String[] args) {
        check(ModuleLayer.boot().findModule("com.fasterxml.jackson.databind").isEmpty(), "Jackson 2 absent");
        ObjectMapper mapper = JsonMapper.builder().addModule(new SnoModule()).build();
        SnoId id = SnoId.parse("29gfem22232im222").withMeta(1);
        check(mapper.readValue(mapper.writeValueAsString(id), SnoId.class).equals(id), "value");
        Map<SnoId, Integer> map = mapper.readValue(mapper.writeValueAsString(Map.of(id, 1)),
                new TypeReference<Map<SnoId, Integer>>() { });
        check(map.get(id) == 1, "key");
        Entity e = mapper.readValue("{\"id\":\"" + id + "\",\"name\":\"Ada\"}", Entity.class);
        check(e instanceof Person && ((Person) e).name.equals("Ada"), "polymorphic");
        System.out.println("jackson3 on the module path: OK (" + Runtime.version().feature() + ")");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
