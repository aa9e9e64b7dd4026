package dev.sno.spring.boot;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Web integration: the {@link SnoIdFormatter} bean (Spring MVC, WebFlux and Spring Data's
 * {@code DomainClassConverter} pick it up), and {@link SnoProblems} (Spring MVC) or
 * {@link SnoReactiveProblems} (WebFlux), which answer malformed IDs with a 400 problem detail
 * naming the value; handler parameters of type {@link dev.sno.SnoIdRange} bound from two
 * instants (see {@link SnoTimeWindow}).
 */
@AutoConfiguration
public final class SnoWebAutoConfiguration {

    /** Created by Spring. */
    public SnoWebAutoConfiguration() {
    }

    /**
     * String to and from {@code SnoId}.
     *
     * @return {@link SnoIdFormatter#INSTANCE}
     */
    @Bean
    @ConditionalOnMissingBean
    public SnoIdFormatter snoIdFormatter() {
        return SnoIdFormatter.INSTANCE;
    }

    /**
     * Lists, sets and arrays of sno IDs from request text, as strict as a single ID.
     *
     * @return {@link SnoIdCollections#INSTANCE}
     */
    @Bean
    @ConditionalOnMissingBean
    public SnoIdCollections snoIdCollections() {
        return SnoIdCollections.INSTANCE;
    }

    /**
     * The problem details for malformed IDs, unless {@code sno.web.problem-details=false}.
     *
     * @return the controller advice
     */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(name = "org.springframework.web.servlet.DispatcherServlet")
    @ConditionalOnProperty(name = "sno.web.problem-details", havingValue = "true", matchIfMissing = true)
    public SnoProblems snoProblems() {
        return new SnoProblems();
    }

    /**
     * The problem details for malformed IDs in WebFlux applications, unless
     * {@code sno.web.problem-details=false}.
     *
     * @return the controller advice
     */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @ConditionalOnClass(name = "org.springframework.web.reactive.DispatcherHandler")
    @ConditionalOnProperty(name = "sno.web.problem-details", havingValue = "true", matchIfMissing = true)
    public SnoReactiveProblems snoReactiveProblems() {
        return new SnoReactiveProblems();
    }

    /** Spring MVC: {@code SnoIdRange} handler parameters, unless {@code sno.web.time-windows=false}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "sno.web.time-windows", havingValue = "true", matchIfMissing = true)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(name = "org.springframework.web.servlet.config.annotation.WebMvcConfigurer")
    static class TimeWindowMvc {

        /**
         * The resolver, registered as a {@code WebMvcConfigurer}.
         *
         * @return it
         */
        @Bean
        SnoTimeWindowMvc snoTimeWindowMvc() {
            return new SnoTimeWindowMvc();
        }
    }

    /** WebFlux: {@code SnoIdRange} handler parameters, unless {@code sno.web.time-windows=false}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "sno.web.time-windows", havingValue = "true", matchIfMissing = true)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @ConditionalOnClass(name = "org.springframework.web.reactive.config.WebFluxConfigurer")
    static class TimeWindowWebFlux {

        /**
         * The resolver, registered as a {@code WebFluxConfigurer}.
         *
         * @return it
         */
        @Bean
        SnoTimeWindowWebFlux snoTimeWindowWebFlux() {
            return new SnoTimeWindowWebFlux();
        }
    }
}
