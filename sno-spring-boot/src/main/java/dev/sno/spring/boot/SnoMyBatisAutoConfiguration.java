package dev.sno.spring.boot;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import dev.sno.mybatis.SnoGeneratedIdInterceptor;
import dev.sno.mybatis.SnoIdBinaryTypeHandler;
import dev.sno.mybatis.SnoIdTypeHandler;
import org.apache.ibatis.type.TypeHandler;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * MyBatis (with mybatis-spring-boot-starter, whose {@code MybatisAutoConfiguration} registers
 * every {@code TypeHandler} and {@code Interceptor} bean): sno-mybatis' {@link SnoIdTypeHandler}
 * for {@code SnoId} values in UUID columns, or its {@link SnoIdBinaryTypeHandler} for
 * {@code BINARY(16)} columns (MariaDB, MySQL) with {@code sno.data.binary-ids=true}, the setting
 * Spring Data JDBC and R2DBC follow too, unless the application defines either handler bean
 * itself; and a {@link SnoGeneratedIdInterceptor} that
 * gives null {@link SnoGeneratedId} properties of inserted objects IDs from the application's
 * {@link SnoGenerator} bean, or from the Spring bean of the supplier class the annotation names
 * (else a new instance with its dependencies injected). Needs sno-mybatis and MyBatis on the class
 * path.
 */
@AutoConfiguration(after = SnoAutoConfiguration.class,
        beforeName = "org.mybatis.spring.boot.autoconfigure.MybatisAutoConfiguration")
@ConditionalOnClass(name = {"org.apache.ibatis.session.SqlSessionFactory", "dev.sno.mybatis.SnoIdTypeHandler"})
public final class SnoMyBatisAutoConfiguration {

    /** Created by Spring. */
    public SnoMyBatisAutoConfiguration() {
    }

    /**
     * The type handler: for UUID columns, or for {@code BINARY(16)} columns with
     * {@code sno.data.binary-ids=true}.
     *
     * @param environment  the environment, for {@code sno.data.binary-ids}
     * @return the handler
     * @throws dev.sno.config.SettingsException if the setting is neither true nor false
     */
    @Bean
    @ConditionalOnMissingBean({SnoIdTypeHandler.class, SnoIdBinaryTypeHandler.class})
    public TypeHandler<SnoId> snoIdTypeHandler(Environment environment) {
        return DataIds.binaryIds(environment) ? new SnoIdBinaryTypeHandler() : new SnoIdTypeHandler();
    }

    /**
     * The interceptor that fills {@code @SnoGeneratedId} properties on insert.
     *
     * @param generator  the application's generator
     * @param beans      where a generator supplier named by {@link SnoGeneratedId} comes from
     * @return the interceptor
     */
    @Bean
    @ConditionalOnMissingBean
    public SnoGeneratedIdInterceptor snoGeneratedIdInterceptor(ObjectProvider<SnoGenerator> generator,
            AutowireCapableBeanFactory beans) {
        return new SnoGeneratedIdInterceptor(generator::getObject,
                type -> DataIds.supplier(beans, type));
    }
}
