package dev.sno.spring.boot;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import dev.sno.mybatis.SnoGeneratedIdInterceptor;
import dev.sno.mybatis.SnoIdBinaryTypeHandler;
import dev.sno.mybatis.SnoIdTypeHandler;
import java.util.function.Supplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * MyBatis (with mybatis-spring-boot-starter, whose {@code MybatisAutoConfiguration} registers
 * every {@code TypeHandler} and {@code Interceptor} bean): sno-mybatis' {@link SnoIdTypeHandler}
 * for {@code SnoId} values in UUID columns, unless the application defines a
 * {@link SnoIdTypeHandler} or {@link SnoIdBinaryTypeHandler} bean itself (the latter for
 * {@code BINARY(16)} columns, on MariaDB and MySQL), and a {@link SnoGeneratedIdInterceptor} that
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
     * The type handler for UUID columns.
     *
     * @return the handler
     */
    @Bean
    @ConditionalOnMissingBean({SnoIdTypeHandler.class, SnoIdBinaryTypeHandler.class})
    public SnoIdTypeHandler snoIdTypeHandler() {
        return new SnoIdTypeHandler();
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
                type -> supplier(beans, type));
    }

    /** The supplier bean of the given class, else a new one with its dependencies injected. */
    private static <T extends Supplier<? extends SnoGenerator>> T supplier(AutowireCapableBeanFactory beans,
            Class<T> type) {
        return beans.getBeanProvider(type).getIfAvailable(() -> beans.createBean(type));
    }
}
