/**
 * What the framework modules (the Spring Boot starter, the Quarkus extension, the Micronaut
 * module) share about the {@code sno.*} settings, the partition decision, health, meters and
 * error responses, so that all of them say the same of the same configuration.
 */
package dev.sno.config;
