package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

/**
 * When the springdoc beans are made: only with springdoc on the class path, in a web
 * application, unless turned off. What they do is tested on the example applications
 * (OpenApiHttpTest), where springdoc serves the document.
 */
class SnoOpenApiAutoConfigurationTest {

    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SnoOpenApiAutoConfiguration.class));

    @Test
    void withSpringdocTheConverterAndCustomizersAreBeans() {
        runner.run(ctx -> {
            assertThat(ctx).hasSingleBean(SnoOpenApiModels.class);
            assertThat(ctx).hasSingleBean(SnoOpenApiParameters.class);
            assertThat(ctx).hasSingleBean(SnoOpenApiTimeWindows.class);
        });
    }

    @Test
    void withoutSpringdocNothing() {
        runner.withClassLoader(new FilteredClassLoader(OperationCustomizer.class))
                .run(ctx -> assertThat(ctx).doesNotHaveBean(SnoOpenApiModels.class));
    }

    @Test
    void turnedOffOrWithoutTimeWindows() {
        runner.withPropertyValues("sno.openapi.enabled=false")
                .run(ctx -> assertThat(ctx).doesNotHaveBean(SnoOpenApiModels.class));
        runner.withPropertyValues("sno.web.time-windows=false").run(ctx -> {
            assertThat(ctx).hasSingleBean(SnoOpenApiModels.class);
            assertThat(ctx).doesNotHaveBean(SnoOpenApiTimeWindows.class);
        });
    }
}
