/**
 * A module-path application with Micronaut's container and sno-micronaut, without HTTP or data.
 * It requires Micronaut's inject module itself, as a Micronaut application does: sno-micronaut's
 * requirements on Micronaut are static (each application brings the Micronaut it runs).
 */
@SuppressWarnings("requires-automatic") // Micronaut's jars are automatic modules
module appmicronaut {
    requires dev.sno.micronaut;
    requires io.micronaut.micronaut_inject;
}
