package dev.sno.spring.boot.mybatis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.SnoId;
import dev.sno.mybatis.SnoGeneratedIdInterceptor;
import dev.sno.mybatis.SnoIdBinaryTypeHandler;
import dev.sno.mybatis.SnoIdTypeHandler;
import dev.sno.spring.boot.SnoAutoConfiguration;
import dev.sno.spring.boot.SnoMyBatisAutoConfiguration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.api.Test;
import org.mybatis.spring.boot.autoconfigure.MybatisAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.sql.init.SqlInitializationAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * MyBatis with mybatis-spring-boot-starter (3.0, Boot 3.5): an application with a {@code @Mapper}
 * interface and {@code @SnoGeneratedId} fields, and no sno code, inserts rows whose IDs come from
 * its SnoGenerator bean (and, for a named supplier, from the supplier's Spring bean) and reads them
 * back through the auto-configured type handler.
 */
class SnoMyBatisTest {

    private static int databases;

    private static ApplicationContextRunner runner(String schema) {
        return plainRunner(schema).withUserConfiguration(CustomerApp.class);
    }

    private static ApplicationContextRunner plainRunner(String schema) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        SqlInitializationAutoConfiguration.class, MybatisAutoConfiguration.class,
                        SnoAutoConfiguration.class, SnoMyBatisAutoConfiguration.class))
                .withPropertyValues("mybatis.configuration.map-underscore-to-camel-case=true",
                        "spring.datasource.url=jdbc:h2:mem:sno_mybatis_boot_" + ++databases,
                        "spring.sql.init.schema-locations=classpath:mybatis/" + schema, "sno.partition=77",
                        "sno.lease.enabled=false",
                        // Not installed behind Sno.next (once per process): the IDs come from the bean itself.
                        "sno.install=false");
    }

    @Test
    void aMapperInsertsRowsWithIdsFromTheApplicationsGeneratorAndSupplierBeanAndReadsThemBack() {
        runner("schema.sql").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            SqlSessionFactory sessions = ctx.getBean(SqlSessionFactory.class);
            assertThat(sessions.getConfiguration().getInterceptors())
                    .containsExactly(ctx.getBean(SnoGeneratedIdInterceptor.class));
            assertThat(sessions.getConfiguration().getTypeHandlerRegistry().getTypeHandler(SnoId.class))
                    .isSameAs(ctx.getBean(SnoIdTypeHandler.class));

            CustomerMapper customers = ctx.getBean(CustomerMapper.class);
            Customer ada = new Customer("Ada");
            customers.insert(ada);
            assertThat(ada.getId().meta()).isEqualTo(5);
            assertThat(ada.getId().partition()).isEqualTo(77);
            assertThat(ada.getAuditId().meta()).isEqualTo(6);
            assertThat(ada.getAuditId().partition()).isEqualTo(300);

            List<Customer> more = IntStream.range(0, 5).mapToObj(i -> new Customer("c" + i)).toList();
            customers.insertAll(more);
            assertThat(more).allSatisfy(c -> assertThat(c.getId().partition()).isEqualTo(77));

            Customer read = customers.find(ada.getId());
            assertThat(read.getName()).isEqualTo("Ada");
            assertThat(read.getAuditId()).isEqualTo(ada.getAuditId());
            assertThat(customers.all()).extracting(Customer::getId).isSorted().hasSize(6);
            UuidColumn.check(ctx.getBean(DataSource.class), ada.getId());
        });
    }

    @Test
    void aBinaryTypeHandlerBeanOfTheApplicationTakesTheUuidHandlersPlace() {
        runner("binary-schema.sql").withUserConfiguration(BinaryIds.class).run(ctx -> {
            assertThat(ctx).doesNotHaveBean(SnoIdTypeHandler.class);
            CustomerMapper customers = ctx.getBean(CustomerMapper.class);
            Customer ada = new Customer("Ada");
            customers.insert(ada);
            byte[] stored = new JdbcTemplate(ctx.getBean(DataSource.class))
                    .queryForObject("SELECT id FROM customer", byte[].class);
            assertThat(stored).isEqualTo(Arrays.copyOf(ada.getId().toBytes(), 16));
            assertThat(customers.find(ada.getId()).getName()).isEqualTo("Ada");
        });
    }

    @Test
    void withTheBinaryIdsSettingTheBinaryHandlerIsRegisteredWithNoBeanOfTheApplication() {
        runner("binary-schema.sql").withPropertyValues("sno.data.binary-ids=true").run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx).doesNotHaveBean(SnoIdTypeHandler.class);
            assertThat(ctx.getBean(SqlSessionFactory.class).getConfiguration().getTypeHandlerRegistry()
                    .getTypeHandler(SnoId.class)).isSameAs(ctx.getBean(SnoIdBinaryTypeHandler.class));
            CustomerMapper customers = ctx.getBean(CustomerMapper.class);
            Customer ada = new Customer("Ada");
            customers.insert(ada);
            byte[] stored = new JdbcTemplate(ctx.getBean(DataSource.class))
                    .queryForObject("SELECT id FROM customer", byte[].class);
            assertThat(stored).isEqualTo(Arrays.copyOf(ada.getId().toBytes(), 16));
            assertThat(customers.find(ada.getId()).getName()).isEqualTo("Ada");
        });
    }

    @Test
    void aBinaryIdsValueThatIsNoBooleanStopsTheStartupNamingIt() {
        runner("schema.sql").withPropertyValues("sno.data.binary-ids=yes").run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(ctx.getStartupFailure()).rootCause().hasMessageContaining("sno.data.binary-ids")
                    .hasMessageContaining("yes");
        });
    }

    @Test
    void withoutSnoMyBatisNothingIsRegistered() {
        plainRunner("schema.sql").withClassLoader(new FilteredClassLoader(SnoIdTypeHandler.class)).run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx).hasSingleBean(SqlSessionFactory.class);
            assertThat(ctx.getBean(SqlSessionFactory.class).getConfiguration().getInterceptors()).isEmpty();
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class BinaryIds {
        @Bean
        SnoIdBinaryTypeHandler snoIdBinaryTypeHandler() {
            return new SnoIdBinaryTypeHandler();
        }
    }

    /** The UUID column holds the ID's UUID image. */
    static final class UuidColumn {
        static void check(DataSource data, SnoId id) {
            Object stored = new JdbcTemplate(data).queryForObject("SELECT id FROM customer WHERE name = 'Ada'",
                    Object.class);
            assertThat(stored).isEqualTo(id.toUuid());
        }
    }
}
