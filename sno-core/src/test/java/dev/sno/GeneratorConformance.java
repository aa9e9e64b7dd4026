package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/** Runs the generator scenarios of generator.json, one dynamic test per scenario. */
final class GeneratorConformance {

    private GeneratorConformance() {
    }

    static List<DynamicNode> tests(String json) {
        List<DynamicNode> nodes = new ArrayList<>();
        for (Object entry : Json.array(Json.parse(json))) {
            Map<String, Object> scenario = Json.object(entry);
            String name = (String) scenario.get("name");
            nodes.add(DynamicTest.dynamicTest(name, () -> run(scenario)));
        }
        if (nodes.isEmpty()) {
            throw new AssertionError(Conformance.GENERATOR + " holds no scenarios");
        }
        return nodes;
    }

    static GeneratorSnapshot snapshot(Object json) {
        Map<String, Object> s = Json.object(json);
        List<Object> p = Json.array(s.get("partition"));
        return new GeneratorSnapshot(
                (int) (Json.number(p.get(0)) << 8 | Json.number(p.get(1))),
                (int) Json.number(s.get("sequenceMin")),
                (int) Json.number(s.get("sequenceMax")),
                Json.number(s.get("sequence")),
                Json.number(s.get("now")),
                Json.number(s.get("wallHi")),
                Json.number(s.get("wallSafe")),
                Json.number(s.get("drifts")));
    }

    private static void run(Map<String, Object> scenario) {
        ScriptedClock clock = ScriptedClock.atUnit(0);
        SnoGenerator generator = SnoGenerator.builder()
                .restore(snapshot(scenario.get("config")))
                .clock(clock)
                .build();
        int step = 0;
        for (Object entry : Json.array(scenario.get("steps"))) {
            Map<String, Object> s = Json.object(entry);
            String where = "step " + step++ + " " + s.get("op");
            int meta = s.containsKey("meta") ? (int) Json.number(s.get("meta")) : 0;
            switch ((String) s.get("op")) {
                case "clock":
                    clock.setUnit(Json.number(s.get("units")));
                    break;
                case "new": {
                    List<String> got = new ArrayList<>();
                    for (long i = Json.number(s.get("count")); i > 0; i--) {
                        got.add(generator.next(meta).toString());
                    }
                    assertEquals(Json.array(s.get("expect")), got, where);
                    break;
                }
                case "newWithTime": {
                    long nanos = Json.number(s.get("unixNanos"));
                    Instant time = Instant.ofEpochSecond(0, nanos);
                    List<String> got = new ArrayList<>();
                    for (long i = Json.number(s.get("count")); i > 0; i--) {
                        got.add(generator.nextWithTime(meta, time).toString());
                    }
                    assertEquals(Json.array(s.get("expect")), got, where);
                    break;
                }
                case "snapshot":
                    assertEquals(snapshot(s.get("snapshot")), generator.snapshot(), where);
                    break;
                default:
                    throw new AssertionError(where + ": unknown op");
            }
        }
    }
}
