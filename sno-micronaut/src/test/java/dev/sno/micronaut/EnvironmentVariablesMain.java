package dev.sno.micronaut;

import dev.sno.SnoGenerator;
import io.micronaut.context.ApplicationContext;

/** Started by SnoMicronautTest in a JVM of its own, with SNO_* environment variables: prints the partition. */
final class EnvironmentVariablesMain {

    private EnvironmentVariablesMain() {
    }

    public static void main(String[] args) {
        try (ApplicationContext context = ApplicationContext.run()) {
            System.out.println("partition=" + context.getBean(SnoGenerator.class).partition());
        }
    }
}
