/**
 * A module-path application with Micronaut's container and sno-micronaut, without HTTP or data:
 * Micronaut's modules come through dev.sno.micronaut's transitive requirements.
 */
module appmicronaut {
    requires dev.sno.micronaut;
}
