/**
 * Spring Boot 3.5 and 4 auto-configuration for sno IDs: the application's generator bean
 * (installed behind {@code Sno.next} and {@code @SnoGeneratedId}), the Jackson modules, web
 * conversion with 400 answers for malformed IDs, Spring Data JDBC and R2DBC conversion and ID generation,
 * Micrometer meters, an Actuator health indicator, and sno's kotlinx.serialization module in Boot 4's
 * {@code Json}. Every integration beyond the generator is
 * optional and switched on by its class being present.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"}) // Spring's jars are automatic modules
module dev.sno.spring.boot {
    requires transitive dev.sno;
    requires transitive dev.sno.jackson;
    requires transitive dev.sno.jdbc;
    requires transitive spring.boot;
    requires transitive spring.boot.autoconfigure;
    requires transitive spring.beans;
    requires transitive spring.context;
    requires transitive spring.core;

    requires static transitive com.fasterxml.jackson.databind;
    requires static transitive tools.jackson.databind;
    requires static transitive spring.web;
    requires static transitive spring.webmvc;
    requires static transitive spring.webflux;
    requires static transitive spring.data.commons;
    requires static transitive spring.data.relational;
    requires static transitive spring.data.jdbc;
    requires static transitive spring.data.r2dbc;
    requires static transitive spring.r2dbc;
    requires static reactor.core;
    requires static org.reactivestreams;
    requires static transitive micrometer.core;
    requires static transitive spring.boot.actuator;
    requires static transitive spring.boot.health;
    requires static transitive dev.sno.mybatis;
    requires static transitive org.mybatis;
    requires static dev.sno.redis;
    requires static lettuce.core;
    requires static spring.data.redis;
    requires static org.springdoc.openapi.common;
    requires static io.swagger.v3.core;
    requires static io.swagger.v3.oas.models;
    requires static dev.sno.kotlin;
    requires static kotlin.stdlib;
    requires static kotlinx.serialization.core;
    requires static kotlinx.serialization.json;
    requires static spring.boot.kotlinx.serialization.json;

    exports dev.sno.spring.boot;
    opens dev.sno.spring.boot to spring.core, spring.beans, spring.context;
}
