package dev.sno.spring.boot;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.convert.converter.Converter;
import org.springframework.core.env.Environment;
import org.springframework.data.convert.CustomConversions.StoreConversions;
import org.springframework.data.jdbc.core.convert.JdbcCustomConversions;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.jdbc.core.mapping.JdbcSimpleTypes;
import org.springframework.data.mapping.model.SimpleTypeHolder;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

/**
 * Spring Data JDBC: {@code SnoId} properties and identifiers in UUID columns (reading and writing
 * converters in the {@code JdbcCustomConversions} bean), or in binary ones ({@code BINARY(16)},
 * as MariaDB and MySQL need for sno order) with {@code sno.data.binary-ids=true}, and a new ID
 * for every aggregate saved with a null {@code @Id SnoId}, from the application's generator
 * (metabyte and generator from an optional {@link SnoGeneratedId} on the ID). The setting is
 * never inferred from the dialect: an existing MariaDB {@code uuid} or MySQL {@code CHAR(36)}
 * column written with UUIDs would stop working. An application that defines its own
 * {@code JdbcCustomConversions} (or extends {@code AbstractJdbcConfiguration}) adds
 * {@link #CONVERTERS} or {@link #BINARY_CONVERTERS} to it itself.
 */
@AutoConfiguration(after = SnoAutoConfiguration.class, beforeName = {
        "org.springframework.boot.autoconfigure.data.jdbc.JdbcRepositoriesAutoConfiguration",
        "org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration"})
@ConditionalOnClass(name = "org.springframework.data.jdbc.core.convert.JdbcCustomConversions")
public final class SnoDataJdbcAutoConfiguration {

    /** The converters between {@code SnoId} and {@code UUID}. */
    public static final List<Converter<?, ?>> CONVERTERS = List.of(new RelationalIds.SnoIdToUuid(),
            new RelationalIds.UuidToSnoId());

    /**
     * The converters for binary columns: {@code SnoId} written as the 16 bytes of its UUID image
     * ({@code byte[]}); read from those bytes, the 10 bytes of the ID, or a UUID.
     */
    public static final List<Converter<?, ?>> BINARY_CONVERTERS = List.of(new RelationalIds.SnoIdToBytes(),
            new RelationalIds.BytesToSnoId(), new RelationalIds.UuidToSnoId());

    /** Created by Spring. */
    public SnoDataJdbcAutoConfiguration() {
    }

    /**
     * The conversions Spring Data JDBC would make, plus {@link #CONVERTERS}, or
     * {@link #BINARY_CONVERTERS} with {@code sno.data.binary-ids=true}.
     *
     * @param dialect      the database dialect, if known
     * @param environment  the environment, for {@code sno.data.binary-ids}
     * @return the conversions
     */
    @Bean
    @ConditionalOnMissingBean
    public JdbcCustomConversions jdbcCustomConversions(ObjectProvider<Dialect> dialect, Environment environment) {
        List<Converter<?, ?>> converters = DataIds.binaryIds(environment) ? BINARY_CONVERTERS : CONVERTERS;
        Dialect d = dialect.getIfAvailable();
        if (d == null) {
            return new JdbcCustomConversions(converters);
        }
        SimpleTypeHolder types = d.simpleTypes().isEmpty() ? JdbcSimpleTypes.HOLDER
                : new SimpleTypeHolder(d.simpleTypes(), JdbcSimpleTypes.HOLDER);
        List<Object> store = new ArrayList<>(d.getConverters());
        store.addAll(JdbcCustomConversions.storeConverters());
        return new JdbcCustomConversions(StoreConversions.of(types, store), converters);
    }

    /**
     * Assigns IDs on save.
     *
     * @param context    Spring Data JDBC's mapping context (defined after this configuration; by
     *                   its own type, as an application with Spring Data R2DBC too has a second
     *                   {@code RelationalMappingContext})
     * @param generator  the application's generator
     * @param beans      where a generator supplier named by {@link SnoGeneratedId} comes from
     * @return the callback
     */
    @Bean
    public BeforeConvertCallback<Object> snoIdGeneratingCallback(ObjectProvider<JdbcMappingContext> context,
            SnoGenerator generator, AutowireCapableBeanFactory beans) {
        return aggregate -> {
            JdbcMappingContext mapping = context.getIfAvailable();
            return RelationalIds.withId(mapping == null ? null : mapping.getPersistentEntity(aggregate.getClass()),
                    aggregate, generator, beans);
        };
    }
}
