/**
 * sno IDs in MyBatis 3.5. Register a type handler for {@link dev.sno.SnoId} (one per application:
 * {@link dev.sno.mybatis.SnoIdTypeHandler} for {@code UUID} columns, as on PostgreSQL and H2;
 * {@link dev.sno.mybatis.SnoIdBinaryTypeHandler} for {@code BINARY(16)} columns, as on MariaDB and
 * MySQL) and the {@link dev.sno.mybatis.SnoGeneratedIdInterceptor} plugin, and mappers take and
 * return {@code SnoId} values with plain {@code #{id}} parameters and result columns. With
 * mybatis-spring-boot-starter, the sno Spring Boot starter registers both.
 */
package dev.sno.mybatis;
