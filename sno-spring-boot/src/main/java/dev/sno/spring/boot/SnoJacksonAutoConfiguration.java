package dev.sno.spring.boot;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * sno's Jackson modules as beans, which Spring Boot's Jackson auto-configuration adds to the
 * application's {@code ObjectMapper}/{@code JsonMapper}: Boot 3 (Jackson 2) does not discover
 * modules by itself; Boot 4 (Jackson 3) does by default, and the bean makes it independent of
 * {@code spring.jackson.find-and-add-modules}.
 */
@AutoConfiguration(beforeName = {
        "org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration",
        "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration"})
public final class SnoJacksonAutoConfiguration {

    /** Created by Spring. */
    public SnoJacksonAutoConfiguration() {
    }

    /** Jackson 2 (Spring Boot 3, or Boot 4's Jackson 2 support). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "com.fasterxml.jackson.databind.Module")
    static final class Jackson2 {

        @Bean
        @ConditionalOnMissingBean(dev.sno.jackson2.SnoModule.class)
        dev.sno.jackson2.SnoModule snoJackson2Module() {
            return new dev.sno.jackson2.SnoModule();
        }
    }

    /** Jackson 3 (Spring Boot 4). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "tools.jackson.databind.JacksonModule")
    static final class Jackson3 {

        @Bean
        @ConditionalOnMissingBean(dev.sno.jackson3.SnoModule.class)
        dev.sno.jackson3.SnoModule snoJackson3Module() {
            return new dev.sno.jackson3.SnoModule();
        }
    }
}
