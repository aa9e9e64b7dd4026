package appmicronaut;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import io.micronaut.context.ApplicationContext;
import java.util.Map;

/** Starts a Micronaut context with sno.partition set and makes an ID with its generator. */
public final class Main {

    private Main() {
    }

    /**
     * Runs the check.
     *
     * @param args  unused
     */
    public static void main(String[] args) {
        try (ApplicationContext context = ApplicationContext.run(Map.of("sno.partition", "7", "sno.install", "false"))) {
            SnoGenerator generator = context.getBean(SnoGenerator.class);
            SnoId id = generator.next(3);
            if (generator.partition() != 7 || id.partition() != 7 || id.meta() != 3) {
                throw new AssertionError("expected partition 7 and metabyte 3, got " + id + " from partition "
                        + generator.partition());
            }
            System.out.println("micronaut on the module path: " + id + ", partition " + generator.partition());
        }
    }
}
