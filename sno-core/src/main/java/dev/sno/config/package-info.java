/**
 * What the framework modules (the Spring Boot starter, the Quarkus extension) share about the
 * {@code sno.*} settings, so that both say the same of the same configuration.
 */
package dev.sno.config;
