package dev.sno.spring.boot;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.core.convert.converter.Converter;
import org.springframework.core.env.Environment;
import org.springframework.data.r2dbc.convert.R2dbcCustomConversions;
import org.springframework.data.r2dbc.dialect.DialectResolver;
import org.springframework.data.r2dbc.mapping.R2dbcMappingContext;
import org.springframework.data.r2dbc.mapping.event.BeforeConvertCallback;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * Spring Data R2DBC: {@code SnoId} properties, identifiers and query parameters in UUID columns
 * (converters in the {@code R2dbcCustomConversions} bean, built for the connection's dialect as
 * Spring Boot builds it), and a new ID for every entity inserted with a null {@code @Id SnoId},
 * from the application's generator (metabyte and generator from an optional
 * {@link SnoGeneratedId} on the ID), for mutable classes and records alike.
 *
 * <p>Why a {@code BeforeConvertCallback} is enough: {@code SimpleR2dbcRepository.save} asks the
 * entity whether it is new (a null ID, unless it implements {@code Persistable}) before anything
 * else, and only then calls {@code R2dbcEntityTemplate.insert}, which runs the
 * {@code BeforeConvertCallback}s and only then maps the entity to the row it inserts. So an
 * entity saved with a null ID is inserted, with the ID this callback gives it; the ID is in the
 * {@code INSERT} itself (no database default needed), and the saved instance (a new one for
 * records) carries it. The flip side, as for any assigned ID in Spring Data R2DBC: {@code save}
 * of an entity whose ID is already set is an {@code UPDATE}, which writes nothing when no row
 * has that ID (Spring Data R2DBC 3.5 reports nothing either, without a {@code @Version});
 * insert such an entity with
 * {@code R2dbcEntityTemplate.insert} (the callback keeps its ID), or implement
 * {@code Persistable}.
 *
 * <p>Binary columns: the default {@link #CONVERTERS} write UUIDs and read UUIDs and bytes.
 * Spring Data converts a type to one store type only, so an application whose {@code SnoId}
 * columns are binary ({@code BINARY(16)}, as MariaDB and MySQL need for sno order, or
 * {@code bytea}) sets {@code sno.data.binary-ids=true}, and this configuration's bean has
 * {@link #BINARY_CONVERTERS} instead. The setting is never inferred from the dialect: an
 * existing MariaDB {@code uuid} or MySQL {@code CHAR(36)} column written with UUIDs would stop
 * working. This configuration's bean backs off for an application-defined
 * {@code R2dbcCustomConversions}, which then adds one of the lists itself.
 */
@AutoConfiguration(after = SnoAutoConfiguration.class, afterName = {
        "org.springframework.boot.autoconfigure.r2dbc.R2dbcAutoConfiguration",
        "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration"}, beforeName = {
        "org.springframework.boot.autoconfigure.data.r2dbc.R2dbcDataAutoConfiguration",
        "org.springframework.boot.autoconfigure.data.r2dbc.R2dbcRepositoriesAutoConfiguration",
        "org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration",
        "org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcRepositoriesAutoConfiguration"})
@ConditionalOnClass(name = {"org.springframework.data.r2dbc.convert.R2dbcCustomConversions",
        "org.springframework.r2dbc.core.DatabaseClient"})
public final class SnoDataR2dbcAutoConfiguration {

    /**
     * For UUID columns: {@code SnoId} written as its UUID image; read from a UUID, or from bytes
     * (a {@code byte[]} or a {@code ByteBuffer}: the 16-byte UUID image or the 10 bytes of the ID).
     */
    public static final List<Converter<?, ?>> CONVERTERS = List.of(new RelationalIds.SnoIdToUuid(),
            new RelationalIds.UuidToSnoId(),
            new RelationalIds.BytesToSnoId(), new RelationalIds.ByteBufferToSnoId());

    /**
     * For binary columns ({@code BINARY(16)}, {@code bytea}): {@code SnoId} written as the 16
     * bytes of its UUID image ({@code byte[]}); read from bytes (a {@code byte[]} or a
     * {@code ByteBuffer}, as r2dbc-postgresql returns {@code bytea}: the 16-byte image or the 10
     * ID bytes) or a UUID.
     */
    public static final List<Converter<?, ?>> BINARY_CONVERTERS = List.of(new RelationalIds.SnoIdToBytes(),
            new RelationalIds.BytesToSnoId(), new RelationalIds.ByteBufferToSnoId(), new RelationalIds.UuidToSnoId());

    /** Created by Spring. */
    public SnoDataR2dbcAutoConfiguration() {
    }

    /**
     * The conversions Spring Boot would make for the connection's dialect (the dialect's
     * converters and simple types, and Spring Data R2DBC's store converters), plus
     * {@link #CONVERTERS}, or {@link #BINARY_CONVERTERS} with {@code sno.data.binary-ids=true}.
     *
     * @param client       the application's database client, which names the connection factory
     * @param environment  the environment, for {@code sno.data.binary-ids}
     * @return the conversions
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnSingleCandidate(DatabaseClient.class)
    public R2dbcCustomConversions r2dbcCustomConversions(DatabaseClient client, Environment environment) {
        return R2dbcCustomConversions.of(DialectResolver.getDialect(client.getConnectionFactory()),
                DataIds.binaryIds(environment) ? BINARY_CONVERTERS : CONVERTERS);
    }

    /**
     * Assigns IDs on insert.
     *
     * @param context    Spring Data R2DBC's mapping context (defined after this configuration)
     * @param generator  the application's generator
     * @param beans      where a generator supplier named by {@link SnoGeneratedId} comes from
     * @return the callback
     */
    @Bean
    public BeforeConvertCallback<Object> snoR2dbcIdGeneratingCallback(ObjectProvider<R2dbcMappingContext> context,
            SnoGenerator generator, AutowireCapableBeanFactory beans) {
        return (entity, table) -> Mono.fromSupplier(() -> {
            R2dbcMappingContext mapping = context.getIfAvailable();
            return RelationalIds.withId(mapping == null ? null : mapping.getPersistentEntity(entity.getClass()), entity,
                    generator, beans);
        });
    }
}
