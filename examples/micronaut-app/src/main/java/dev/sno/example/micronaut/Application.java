package dev.sno.example.micronaut;

import io.micronaut.runtime.Micronaut;

/** Starts the notes service. */
public final class Application {

    private Application() {
    }

    public static void main(String[] args) {
        Micronaut.run(Application.class, args);
    }
}
