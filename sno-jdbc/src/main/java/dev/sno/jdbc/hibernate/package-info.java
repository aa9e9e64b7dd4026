/**
 * Hibernate ORM 6.6 and 7 support, found automatically through Hibernate's {@code TypeContributor}
 * service: {@link dev.sno.SnoId} attributes and identifiers map to the database's UUID type
 * without annotations, and {@link dev.sno.jdbc.hibernate.SnoGeneratedId} assigns new IDs on
 * persist. Needs {@code hibernate-core}.
 */
package dev.sno.jdbc.hibernate;
