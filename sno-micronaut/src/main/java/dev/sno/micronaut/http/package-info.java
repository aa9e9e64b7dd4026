/**
 * sno IDs over Micronaut HTTP, with no code in the application: {@code SnoId} (and lists, sets and
 * arrays of it, every element as strict as one value) from path variables, query values, headers
 * and cookies; {@code SnoIdRange} time windows from two query values ({@link
 * dev.sno.micronaut.http.SnoTimeWindow}); {@code SnoId} in JSON through Micronaut Serialization or,
 * with micronaut-jackson-databind and sno-jackson, through sno-jackson's module (with
 * {@code @SnoPolymorphic} bodies read by metabyte); and a 400 problem
 * ({@code application/problem+json}, sno-core's {@code ProblemBody}, the same as the Quarkus
 * extension's) for a malformed ID or time window anywhere in a request, never a 500 and never
 * Micronaut's own error body.
 */
package dev.sno.micronaut.http;
