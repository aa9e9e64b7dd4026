package dev.sno.spring.boot;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * API documentation with springdoc-openapi (2.8 on Spring Boot 3.5, 3.x on Boot 4), when it is on
 * the class path: every {@code SnoId} (body fields, list and array elements, map values and
 * keys, path variables, request parameters) is a string of 16 characters of sno's alphabet with
 * its pattern, an example and a description; a {@code SnoIdRange} handler parameter is the two
 * {@code date-time} query parameters the starter binds it from; a {@code @SnoPolymorphic} type
 * is a {@code oneOf} of its subtypes, each {@code id} narrowed to its metabyte.
 * {@code sno.openapi.enabled=false} turns this off.
 */
@AutoConfiguration
@ConditionalOnClass(name = {"org.springdoc.core.customizers.OperationCustomizer",
        "io.swagger.v3.core.converter.ModelConverter"})
@ConditionalOnWebApplication
@ConditionalOnProperty(name = "sno.openapi.enabled", havingValue = "true", matchIfMissing = true)
public final class SnoOpenApiAutoConfiguration {

    /** Created by Spring. */
    public SnoOpenApiAutoConfiguration() {
    }

    /**
     * The schemas of sno types in bodies, which springdoc registers with swagger-core.
     *
     * @return the model converter
     */
    @Bean
    SnoOpenApiModels snoOpenApiModels() {
        return new SnoOpenApiModels();
    }

    /**
     * The schema of {@code SnoId} path variables, request parameters and headers.
     *
     * @return the parameter customizer
     */
    @Bean
    SnoOpenApiParameters snoOpenApiParameters() {
        return new SnoOpenApiParameters();
    }

    /** {@code SnoIdRange} handler parameters, described as bound (unless {@code sno.web.time-windows=false}). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "sno.web.time-windows", havingValue = "true", matchIfMissing = true)
    static class TimeWindows {

        /**
         * Two query parameters per time window.
         *
         * @return the operation customizer
         */
        @Bean
        SnoOpenApiTimeWindows snoOpenApiTimeWindows() {
            return new SnoOpenApiTimeWindows();
        }
    }
}
