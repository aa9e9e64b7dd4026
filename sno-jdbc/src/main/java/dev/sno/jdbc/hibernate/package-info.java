/**
 * Hibernate ORM 6.6 and 7 support, found automatically through Hibernate's services:
 * {@link dev.sno.SnoId} attributes and identifiers map to the database's UUID type without
 * annotations ({@link dev.sno.jdbc.hibernate.SnoTypeContributor}, a {@code TypeContributor}), and
 * attributes marked with {@link dev.sno.SnoGeneratedId}, the identifier or any other, get new IDs
 * on insert ({@link dev.sno.jdbc.hibernate.SnoGeneratedIds}, an {@code AdditionalMappingContributor}).
 * Needs {@code hibernate-core}.
 */
package dev.sno.jdbc.hibernate;
