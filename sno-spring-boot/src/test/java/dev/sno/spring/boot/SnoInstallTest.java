package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Installing the generator bean behind Sno.next: once per JVM, so in a test class (and fork) of its own. */
class SnoInstallTest {

    @Test
    void installsTheGeneratorBeanBehindSnoNext() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class))
                .withPropertyValues("sno.partition=4321").run(ctx -> {
                    SnoGenerator bean = ctx.getBean(SnoGenerator.class);
                    assertThat(Sno.generator()).isSameAs(bean);
                    assertThat(Sno.next(3).partition()).isEqualTo(4321);
                });
    }
}
