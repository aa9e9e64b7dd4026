/**
 * sno in a Micronaut 4 application: the {@code SnoGenerator} bean, its partition decided from the
 * {@code sno.*} settings of Micronaut's environment by sno's shared configuration, leases from the
 * application's own beans, health and metrics.
 */
package dev.sno.micronaut;
