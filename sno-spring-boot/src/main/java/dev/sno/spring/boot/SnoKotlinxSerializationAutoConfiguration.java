package dev.sno.spring.boot;

import dev.sno.SnoId;
import dev.sno.kotlin.SnoSerializersModules;
import java.util.List;
import kotlin.jvm.JvmClassMappingKt;
import kotlinx.serialization.json.JsonBuilder;
import kotlinx.serialization.modules.SerializersModule;
import kotlinx.serialization.modules.SerializersModuleKt;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.kotlinx.serialization.json.autoconfigure.KotlinxSerializationJsonBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageConverter;

/**
 * sno's kotlinx.serialization module in the {@code Json} that Spring Boot 4 makes for Spring's
 * kotlinx.serialization message converters (Boot's {@code spring-boot-kotlinx-serialization-json},
 * which {@code spring-boot-starter-kotlinx-serialization-json} brings), so that a
 * {@code @Contextual val id: SnoId} of a {@code @Serializable} body reads and writes as its
 * 16-character text with no code from the application. Needs sno-kotlin on the class path; Spring
 * Boot 3.5 has no such {@code Json} bean, and this does nothing there.
 *
 * <p>The module is added to the application's own ({@code serializersModule + SnoSerializersModule}),
 * never in its place, after the application's customizers; if the application's module already
 * has a contextual serializer for {@code SnoId}, that one is kept and nothing is added.
 *
 * <p>A Spring MVC application without Jackson also gets a converter that writes
 * {@code ProblemDetail} ({@link SnoProblemDetailConverter}): Spring's kotlinx converter does not,
 * and the starter's 400 answers for malformed IDs would otherwise have no body.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.kotlinx.serialization.json.autoconfigure."
        + "KotlinxSerializationJsonAutoConfiguration")
@ConditionalOnClass(name = {
        "org.springframework.boot.kotlinx.serialization.json.autoconfigure.KotlinxSerializationJsonBuilderCustomizer",
        "kotlinx.serialization.json.Json", "dev.sno.kotlin.SnoSerializersModules"})
public final class SnoKotlinxSerializationAutoConfiguration {

    /** Created by Spring. */
    public SnoKotlinxSerializationAutoConfiguration() {
    }

    /**
     * Adds sno's module to the {@code Json} Boot builds.
     *
     * @return the customizer, which Boot's kotlinx.serialization auto-configuration applies
     */
    @Bean
    static KotlinxSerializationJsonBuilderCustomizer snoKotlinxSerializationJsonBuilderCustomizer() {
        return new SnoJsonBuilderCustomizer();
    }

    /** Spring MVC without Jackson (neither 3 nor 2): problem details written with kotlinx's JSON elements. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnMissingClass({"tools.jackson.databind.json.JsonMapper", "com.fasterxml.jackson.databind.ObjectMapper"})
    static final class WithoutJackson {

        @Bean
        HttpMessageConverter<ProblemDetail> snoProblemDetailConverter() {
            return new SnoProblemDetailConverter();
        }
    }

    /** Adds {@code SnoSerializersModule} to the builder's module; runs after the application's customizers. */
    static final class SnoJsonBuilderCustomizer implements KotlinxSerializationJsonBuilderCustomizer, Ordered {

        @Override
        public void customize(JsonBuilder builder) {
            SerializersModule own = builder.getSerializersModule();
            if (own.getContextual(JvmClassMappingKt.getKotlinClass(SnoId.class), List.of()) != null) {
                return; // the application's own choice of serializer
            }
            builder.setSerializersModule(SerializersModuleKt.plus(own, SnoSerializersModules.getSnoSerializersModule()));
        }

        @Override
        public int getOrder() {
            return Ordered.LOWEST_PRECEDENCE;
        }
    }
}
