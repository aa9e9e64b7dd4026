/**
 * sno IDs in Micronaut Data: IDs generated on insert and stored in sno order.
 */
package dev.sno.micronaut.data;
