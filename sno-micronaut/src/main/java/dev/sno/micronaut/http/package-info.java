/**
 * sno IDs over Micronaut HTTP: binding from paths, queries and headers, JSON, and 400 problems for
 * malformed IDs.
 */
package dev.sno.micronaut.http;
