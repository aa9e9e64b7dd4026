/**
 * JPA support: {@link dev.sno.jdbc.jpa.SnoIdConverter} stores {@link dev.sno.SnoId} attributes in
 * UUID columns with any JPA provider. Needs {@code jakarta.persistence-api}.
 */
package dev.sno.jdbc.jpa;
