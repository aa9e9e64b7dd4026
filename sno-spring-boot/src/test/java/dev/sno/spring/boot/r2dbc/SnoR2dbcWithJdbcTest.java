package dev.sno.spring.boot.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.spring.boot.SnoAutoConfiguration;
import dev.sno.spring.boot.SnoDataJdbcAutoConfiguration;
import dev.sno.spring.boot.SnoDataR2dbcAutoConfiguration;
import java.time.Duration;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.data.jdbc.JdbcRepositoriesAutoConfiguration;
import org.springframework.boot.autoconfigure.data.r2dbc.R2dbcDataAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.JdbcTemplateAutoConfiguration;
import org.springframework.boot.autoconfigure.r2dbc.R2dbcAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.r2dbc.core.R2dbcEntityTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * An application with both Spring Data JDBC and Spring Data R2DBC (two mapping contexts, two
 * sets of conversions): each store gets its IDs generated and converted, on H2. Boot makes no
 * {@code DataSource} when there is an R2DBC {@code ConnectionFactory}, so the application
 * defines it, as such applications do.
 */
class SnoR2dbcWithJdbcTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    /** The application's package, which Boot's Spring Data JDBC auto-configuration scans. */
    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage
    static class App {
    }

    @Test
    void jdbcAndR2dbcTogetherBothGenerateIds() {
        String db = "sno_both_" + UUID.randomUUID().toString().substring(0, 8);
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        JdbcTemplateAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
                        JdbcRepositoriesAutoConfiguration.class, R2dbcAutoConfiguration.class,
                        R2dbcDataAutoConfiguration.class, SnoAutoConfiguration.class, SnoDataJdbcAutoConfiguration.class,
                        SnoDataR2dbcAutoConfiguration.class))
                .withUserConfiguration(App.class)
                .withBean(DataSource.class, () -> new DriverManagerDataSource("jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1"))
                .withPropertyValues("sno.install=false", "sno.partition=77",
                        "spring.r2dbc.url=r2dbc:h2:mem:///" + db + "?options=DB_CLOSE_DELAY=-1")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    ctx.getBean(JdbcTemplate.class).execute("CREATE TABLE memo (id UUID PRIMARY KEY, text VARCHAR(100))");

                    Memo viaJdbc = ctx.getBean(JdbcAggregateTemplate.class).insert(new Memo(null, "jdbc"));
                    assertThat(viaJdbc.id()).isNotNull();
                    assertThat(viaJdbc.id().meta()).isEqualTo(6);
                    Memo viaR2dbc = ctx.getBean(R2dbcEntityTemplate.class).insert(new Memo(null, "r2dbc")).block(WAIT);
                    assertThat(viaR2dbc.id()).isNotNull();
                    assertThat(viaR2dbc.id().meta()).isEqualTo(6);

                    // One database: each store reads the other's row.
                    assertThat(ctx.getBean(JdbcAggregateTemplate.class).findById(viaR2dbc.id(), Memo.class))
                            .isEqualTo(viaR2dbc);
                    assertThat(ctx.getBean(R2dbcEntityTemplate.class).select(Memo.class).all().collectList().block(WAIT))
                            .containsExactly(viaJdbc, viaR2dbc);
                });
    }
}
