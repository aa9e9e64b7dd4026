package dev.sno.bench.micronaut;

import io.micronaut.runtime.Micronaut;

/** Starts the notes service with UUID IDs. */
public final class Application {

    private Application() {
    }

    public static void main(String[] args) {
        Micronaut.run(Application.class, args);
    }
}
