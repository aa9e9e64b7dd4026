package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.InvalidSnoIdException;
import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration;
import org.springframework.boot.autoconfigure.web.reactive.WebFluxAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.WebMvcAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.format.support.FormattingConversionService;

/**
 * Each condition of the auto-configuration on Spring Boot 3 (Boot 4 runs in
 * examples/spring-boot4). These contexts do not install their generator ({@code sno.install=false});
 * {@link SnoInstallTest} does, in a JVM of its own.
 */
class SnoAutoConfigurationTest {

    /** Contexts that fail on purpose: their failures are asserted, Spring's warning about them is not printed. */
    @RegisterExtension
    final QuietLoggers quiet = QuietLoggers.contextFailures();

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class, SnoJacksonAutoConfiguration.class,
                    SnoWebAutoConfiguration.class, SnoObservabilityAutoConfiguration.class))
            .withPropertyValues("sno.install=false");

    @Test
    void makesTheGeneratorFromTheProperties() {
        runner.withPropertyValues("sno.partition=7", "sno.sequence-range=100-199").run(ctx -> {
            SnoGenerator g = ctx.getBean(SnoGenerator.class);
            assertThat(g.partition()).isEqualTo(7);
            assertThat(g.sequenceMin()).isEqualTo(100);
            assertThat(g.sequenceMax()).isEqualTo(199);
            SnoId id = g.next(5);
            assertThat(id.partition()).isEqualTo(7);
            assertThat(id.sequence()).isBetween(100, 199);
        });
    }

    @Test
    void badPropertiesFailTheStartupNamingPropertyAndValue() {
        runner.withPropertyValues("sno.sequence-range=abc").run(ctx -> assertThat(SnoLeaseTest.problem(ctx))
                .isEqualTo("Invalid sno.sequence-range \"abc\": must be min-max with 0 <= min <= max <= 65535, as"
                        + " 0-32767."));
        runner.withPropertyValues("sno.partition=70000").run(ctx -> assertThat(SnoLeaseTest.problem(ctx))
                .isEqualTo("Invalid sno.partition \"70000\": must be an integer in 0..65535."));
        runner.withPropertyValues("sno.sequence-range=10-12").run(ctx -> assertThat(SnoLeaseTest.problem(ctx))
                .startsWith("Invalid sno.sequence-range \"10-12\": ").contains("sequenceMin=10, sequenceMax=12"));
    }

    @Test
    void leasesNeedADataSource() {
        runner.withPropertyValues("sno.lease.enabled=true").run(ctx -> assertThat(SnoLeaseTest.problem(ctx))
                .isEqualTo("sno.lease.enabled=true, but the application has no DataSource (or several, none of them"
                        + " primary) to lease one from."));
    }

    @Test
    void theApplicationsOwnGeneratorWins() {
        runner.withUserConfiguration(OwnGenerator.class).run(ctx -> {
            assertThat(ctx).hasSingleBean(SnoGenerator.class);
            assertThat(ctx.getBean(SnoGenerator.class).partition()).isEqualTo(4242);
        });
    }

    @Test
    void closesTheGeneratorWithTheContextAndWritesItsSnapshotFile(@TempDir Path dir) {
        Path file = dir.resolve("sno.snapshot");
        SnoGenerator[] seen = new SnoGenerator[1];
        runner.withPropertyValues("sno.partition=9", "sno.snapshot-file=" + file).run(ctx -> {
            seen[0] = ctx.getBean(SnoGenerator.class);
            seen[0].next(0);
            assertThat(seen[0].isClosed()).isFalse();
        });
        assertThat(seen[0].isClosed()).isTrue();
        assertThat(file).exists();
        runner.withPropertyValues("sno.snapshot-file=" + file).run(ctx ->
                assertThat(ctx.getBean(SnoGenerator.class).partition()).as("partition restored from the file").isEqualTo(9));
        assertThat(Files.exists(file)).isTrue();
    }

    @Test
    void registersTheJackson2ModuleWithBootsObjectMapper() {
        runner.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class)).run(ctx -> {
            ObjectMapper mapper = ctx.getBean(ObjectMapper.class);
            SnoId id = SnoId.parse("29gfem22232im222");
            assertThat(mapper.writeValueAsString(id)).isEqualTo("\"29gfem22232im222\"");
            assertThat(mapper.readValue("\"29gfem22232im222\"", SnoId.class)).isEqualTo(id);
        });
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class))
                .run(ctx -> assertThatThrownBy(() -> ctx.getBean(ObjectMapper.class)
                        .writeValueAsString(SnoId.parse("29gfem22232im222")))
                        .as("without the starter, Boot 3 registers no sno module").isInstanceOf(JsonMappingException.class));
    }

    @Test
    void theFormatterJoinsTheMvcAndWebFluxConversionServices() {
        new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(WebMvcAutoConfiguration.class,
                SnoAutoConfiguration.class, SnoWebAutoConfiguration.class)).withPropertyValues("sno.install=false")
                .run(ctx -> assertFormatterIn(ctx.getBean("mvcConversionService", FormattingConversionService.class)));
        new ReactiveWebApplicationContextRunner().withConfiguration(AutoConfigurations.of(WebFluxAutoConfiguration.class,
                SnoAutoConfiguration.class, SnoWebAutoConfiguration.class)).withPropertyValues("sno.install=false")
                .run(ctx -> assertFormatterIn(ctx.getBean("webFluxConversionService", FormattingConversionService.class)));
    }

    private static void assertFormatterIn(FormattingConversionService conversions) {
        assertThat(conversions.toString()).contains("java.lang.String -> dev.sno.SnoId: " + SnoIdFormatter.class.getName());
        assertThat(conversions.convert("29gfem22232im222", SnoId.class)).isEqualTo(SnoId.parse("29gfem22232im222"));
        assertThatThrownBy(() -> conversions.convert("29gfem22232im22Z", SnoId.class))
                .hasRootCauseInstanceOf(InvalidSnoIdException.class).hasMessageContaining("29gfem22232im22Z");
    }

    @Test
    void theProblemAdviceMatchesTheWebStackAndCanBeTurnedOff() {
        runner.run(ctx -> {
            assertThat(ctx).hasSingleBean(SnoIdFormatter.class);
            assertThat(ctx).doesNotHaveBean(SnoProblems.class);
            assertThat(ctx).doesNotHaveBean(SnoReactiveProblems.class);
            assertThat(ctx).doesNotHaveBean(SnoTimeWindowMvc.class);
            assertThat(ctx).doesNotHaveBean(SnoTimeWindowWebFlux.class);
        });
        new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class,
                SnoWebAutoConfiguration.class)).withPropertyValues("sno.install=false").run(ctx -> {
                    assertThat(ctx).hasSingleBean(SnoProblems.class);
                    assertThat(ctx).doesNotHaveBean(SnoReactiveProblems.class);
                    assertThat(ctx).hasSingleBean(SnoTimeWindowMvc.class);
                    assertThat(ctx).doesNotHaveBean(SnoTimeWindowWebFlux.class);
                });
        new ReactiveWebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class,
                SnoWebAutoConfiguration.class)).withPropertyValues("sno.install=false").run(ctx -> {
                    assertThat(ctx).hasSingleBean(SnoReactiveProblems.class);
                    assertThat(ctx).doesNotHaveBean(SnoProblems.class);
                    assertThat(ctx).hasSingleBean(SnoTimeWindowWebFlux.class);
                    assertThat(ctx).doesNotHaveBean(SnoTimeWindowMvc.class);
                });
        new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class,
                SnoWebAutoConfiguration.class)).withPropertyValues("sno.install=false", "sno.web.problem-details=false")
                .run(ctx -> assertThat(ctx).doesNotHaveBean(SnoProblems.class));
        new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class,
                SnoWebAutoConfiguration.class)).withPropertyValues("sno.install=false", "sno.web.time-windows=false")
                .run(ctx -> assertThat(ctx).doesNotHaveBean(SnoTimeWindowMvc.class).hasSingleBean(SnoProblems.class));
        new ReactiveWebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class,
                SnoWebAutoConfiguration.class)).withPropertyValues("sno.install=false", "sno.web.time-windows=false")
                .run(ctx -> assertThat(ctx).doesNotHaveBean(SnoTimeWindowWebFlux.class));
    }

    @Test
    void metersCountOverflowStallsAndShowClosing() {
        runner.withPropertyValues("sno.sequence-range=0-3").run(ctx -> {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            ctx.getBean(SnoMetrics.class).bindTo(registry);
            SnoGenerator g = ctx.getBean(SnoGenerator.class);
            for (int i = 0; i < 40; i++) {
                g.next(0); // 4 IDs per 4 ms: most of these stall
            }
            assertThat(registry.get("sno.generator.overflow.stalls").functionCounter().count()).isGreaterThan(0);
            assertThat(registry.get("sno.generator.regressions").functionCounter().count()).isZero();
            assertThat(registry.get("sno.generator.ids").functionCounter().count()).isEqualTo(40);
            assertThat(registry.get("sno.generator.unit.capacity").gauge().value()).isEqualTo(4);
            assertThat(registry.get("sno.generator.closed").tag("partition", Integer.toString(g.partition()))
                    .gauge().value()).isZero();
            g.close();
            assertThat(registry.get("sno.generator.closed").gauge().value()).isEqualTo(1);
        });
    }

    @Test
    void healthIsUpWhileTheGeneratorIsOpenAndDownOnceClosed() {
        runner.withPropertyValues("sno.partition=11").run(ctx -> {
            HealthIndicator health = ctx.getBean("snoHealthIndicator", HealthIndicator.class);
            assertThat(health.health().getStatus()).isEqualTo(Status.UP);
            assertThat(health.health().getDetails()).containsEntry("partition", 11)
                    .containsEntry("sequenceRange", "0-65535");
            ctx.getBean(SnoGenerator.class).close();
            assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
        });
    }

    @Test
    void doesNotInstallWhenToldNot() {
        runner.withPropertyValues("sno.partition=12").run(ctx -> assertThat(Sno.generator())
                .isNotSameAs(ctx.getBean(SnoGenerator.class)));
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnGenerator {
        @Bean
        SnoGenerator myGenerator() {
            return SnoGenerator.builder().partition(4242).build();
        }
    }
}
