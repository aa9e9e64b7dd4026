/**
 * Micronaut 4 integration for sno IDs: the application's generator bean and its partition, decided
 * from the {@code sno.*} settings by sno's shared configuration ({@code dev.sno.config}); binding
 * and JSON for HTTP ({@code dev.sno.micronaut.http}); Micronaut Data ({@code dev.sno.micronaut.data}).
 * Micronaut's jars are automatic modules, and every Micronaut part is optional: the application
 * brings the Micronaut it runs on.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"}) // Micronaut's jars are automatic modules
module dev.sno.micronaut {
    requires transitive dev.sno;

    requires static transitive io.micronaut.micronaut_core;
    requires static transitive io.micronaut.micronaut_inject;
    requires static transitive io.micronaut.micronaut_context;
    requires static transitive io.micronaut.micronaut_runtime;
    requires static io.micronaut.micronaut_management;
    requires static io.micronaut.micronaut_discovery_core;
    requires static io.micronaut.micrometer.micronaut_micrometer_core;
    requires static micrometer.core;
    requires static io.micronaut.micronaut_http;
    requires static io.micronaut.micronaut_http_server;
    requires static io.micronaut.serde.micronaut_serde_api;
    requires static io.micronaut.serde.micronaut_serde_support;
    requires static io.micronaut.micronaut_json_core;
    requires static dev.sno.jackson;
    requires static com.fasterxml.jackson.databind;
    requires static transitive io.micronaut.data.micronaut_data_model;
    requires static transitive jakarta.inject;
    requires static jakarta.annotation;
    requires static io.micronaut.sql.micronaut_jdbc;
    requires static java.sql;
    requires static org.slf4j;
    requires static org.reactivestreams;

    exports dev.sno.micronaut;
    exports dev.sno.micronaut.http;
    exports dev.sno.micronaut.data;
}
