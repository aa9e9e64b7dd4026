package dev.sno.micronaut;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import io.micronaut.context.ApplicationContext;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Started by SnoMicronautTest in a JVM of its own: the shared generator is used first, so that a
 * context that installs its leased generator fails to start; then a second context, which does
 * not install, leases the same one-partition pool at once if the failed one released its lease.
 * Prints what happened.
 */
final class FailedInstallMain {

    private FailedInstallMain() {
    }

    public static void main(String[] args) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("datasources.default.url", args[0]);
        p.put("datasources.default.driver-class-name", "org.postgresql.Driver");
        p.put("datasources.default.maximum-pool-size", "2");
        p.put("sno.lease.initialize-schema", "always");
        p.put("sno.lease.partitions", "78-78");
        p.put("sno.install", "true");
        Sno.next(); // the shared generator is in use: Sno.install now fails
        try {
            ApplicationContext.builder().properties(p).start();
            System.out.println("started, which it must not");
        } catch (RuntimeException e) {
            System.out.println("failed to start");
        }
        p.put("sno.install", "false");
        try (ApplicationContext again = ApplicationContext.builder().properties(p).start()) {
            System.out.println("partition=" + again.getBean(SnoGenerator.class).partition());
        } catch (RuntimeException e) {
            System.out.println("second start failed: " + e.getMessage());
        }
        System.exit(0); // a leased generator left behind would keep the JVM renewing
    }
}
