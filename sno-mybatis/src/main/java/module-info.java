/**
 * sno IDs in MyBatis 3.5: type handlers for {@code UUID} columns ({@link dev.sno.mybatis.SnoIdTypeHandler})
 * and {@code BINARY(16)} columns ({@link dev.sno.mybatis.SnoIdBinaryTypeHandler}), and an interceptor
 * ({@link dev.sno.mybatis.SnoGeneratedIdInterceptor}) that gives the null {@link dev.sno.SnoGeneratedId}
 * fields of an insert's parameter objects new IDs.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"}) // MyBatis 3.5 is an automatic module
module dev.sno.mybatis {
    requires transitive dev.sno;
    requires transitive java.sql;
    requires transitive org.mybatis;
    requires dev.sno.jdbc;

    exports dev.sno.mybatis;
}
