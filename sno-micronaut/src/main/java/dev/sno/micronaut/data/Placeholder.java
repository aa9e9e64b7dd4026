package dev.sno.micronaut.data;

/**
 * Keeps the package non-empty, so that module-info can export it (javac refuses to export an empty
 * package). Delete it once the package has its first class.
 */
final class Placeholder {
    private Placeholder() {
    }
}
