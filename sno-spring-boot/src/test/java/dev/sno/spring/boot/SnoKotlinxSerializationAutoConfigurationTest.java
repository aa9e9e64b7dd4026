package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.SnoId;
import dev.sno.kotlin.SnoIdBytesSerializer;
import dev.sno.kotlin.SnoIdSerializer;
import dev.sno.kotlin.SnoSubtypeException;
import java.util.List;
import kotlin.Unit;
import kotlin.jvm.JvmClassMappingKt;
import kotlinx.serialization.KSerializer;
import kotlinx.serialization.SerializationException;
import kotlinx.serialization.builtins.LongAsStringSerializer;
import kotlinx.serialization.json.Json;
import kotlinx.serialization.json.JsonElementKt;
import kotlinx.serialization.json.JsonKt;
import kotlinx.serialization.modules.SerializersModuleBuildersKt;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kotlinx.serialization.json.autoconfigure.KotlinxSerializationJsonBuilderCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;

/**
 * SnoKotlinxSerializationAutoConfiguration: its customizer adds SnoSerializersModule to the
 * {@code Json} as Boot 4's KotlinxSerializationJsonAutoConfiguration builds it (its customizers
 * in order, on {@code Json.Default}; built here as Boot does, since Boot 4's auto-configuration
 * does not run on this module's Boot 3.5 test class path: examples/kotlin-boot4 runs it), keeps the
 * application's module and its own SnoId serializer, and is absent without Boot 4's kotlinx
 * support or sno-kotlin. And SnoProblems knows what sno-kotlin's SnoMetaSerializer throws
 * (examples/kotlin-boot4 sends such bodies over HTTP).
 */
class SnoKotlinxSerializationAutoConfigurationTest {

    private static final SnoId ID = SnoId.parse("29gfem22232im222");

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SnoKotlinxSerializationAutoConfiguration.class));

    /** The Json as Boot 4.1's KotlinxSerializationJsonAutoConfiguration makes it. */
    private static Json json(ObjectProvider<KotlinxSerializationJsonBuilderCustomizer> customizers) {
        return JsonKt.Json(Json.Default, builder -> {
            customizers.orderedStream().forEach(c -> c.customize(builder));
            return Unit.INSTANCE;
        });
    }

    private static KSerializer<SnoId> contextual(Json json) {
        return json.getSerializersModule().getContextual(JvmClassMappingKt.getKotlinClass(SnoId.class), List.of());
    }

    @Test
    void addsSnoIdAsTextToTheJson() {
        runner.run(ctx -> {
            Json json = json(ctx.getBeanProvider(KotlinxSerializationJsonBuilderCustomizer.class));
            KSerializer<SnoId> serializer = contextual(json);
            assertThat(serializer).isSameAs(SnoIdSerializer.INSTANCE);
            assertThat(json.encodeToString(serializer, ID)).isEqualTo("\"29gfem22232im222\"");
            assertThat(json.decodeFromJsonElement(serializer, JsonElementKt.JsonPrimitive("29gfem22232im222"))).isEqualTo(ID);
        });
    }

    @Test
    void keepsTheApplicationsModule() {
        runner.withBean("ownModule", KotlinxSerializationJsonBuilderCustomizer.class,
                () -> builder -> builder.setSerializersModule(SerializersModuleBuildersKt.serializersModuleOf(
                        JvmClassMappingKt.getKotlinClass(Long.class), LongAsStringSerializer.INSTANCE)))
                .run(ctx -> {
                    Json json = json(ctx.getBeanProvider(KotlinxSerializationJsonBuilderCustomizer.class));
                    assertThat(json.getSerializersModule().getContextual(JvmClassMappingKt.getKotlinClass(Long.class),
                            List.of())).isSameAs(LongAsStringSerializer.INSTANCE);
                    assertThat(contextual(json)).isSameAs(SnoIdSerializer.INSTANCE);
                });
    }

    @Test
    void keepsTheApplicationsOwnSnoIdSerializer() {
        runner.withBean("bytes", KotlinxSerializationJsonBuilderCustomizer.class,
                () -> builder -> builder.setSerializersModule(SerializersModuleBuildersKt.serializersModuleOf(
                        JvmClassMappingKt.getKotlinClass(SnoId.class), SnoIdBytesSerializer.INSTANCE)))
                .run(ctx -> assertThat(contextual(json(ctx.getBeanProvider(KotlinxSerializationJsonBuilderCustomizer.class))))
                        .isSameAs(SnoIdBytesSerializer.INSTANCE));
    }

    @Test
    void nothingWithoutBoot4sKotlinxSupportOrSnoKotlin() {
        runner.withClassLoader(new FilteredClassLoader(KotlinxSerializationJsonBuilderCustomizer.class))
                .run(ctx -> assertThat(ctx).hasNotFailed()
                        .doesNotHaveBean(SnoKotlinxSerializationAutoConfiguration.class));
        runner.withClassLoader(new FilteredClassLoader("dev.sno.kotlin."))
                .run(ctx -> assertThat(ctx).hasNotFailed()
                        .doesNotHaveBean(SnoKotlinxSerializationAutoConfiguration.class));
    }

    /**
     * Spring's converter wraps kotlinx's exception as it is; SnoMetaSerializer's own type names the
     * problem (examples/kotlin-boot4 reads such bodies over HTTP), other kotlinx errors do not.
     */
    @Test
    void whatSnoMetaSerializerThrowsIsAProblemOtherSerializationErrorsAreNot() {
        String message = "No subtype of Party has metabyte 9 (the id 9qff6kts2o22c222); subtypes: Person=1, Company=2";
        SerializationException fromSnoMeta = new SnoSubtypeException(message, null);
        assertThat(SnoProblems.detail(notReadable(fromSnoMeta))).isEqualTo(message);

        SerializationException other = new SerializationException("Field 'quantity' is required");
        assertThat(SnoProblems.detail(notReadable(other))).isNull();
    }

    private static HttpMessageNotReadableException notReadable(Throwable cause) {
        return new HttpMessageNotReadableException("Could not read JSON: " + cause.getMessage(), cause,
                new MockHttpInputMessage(new byte[0]));
    }

    /** Without Jackson, a servlet application gets the problem-detail writer; with Jackson, Jackson writes them. */
    @Test
    void aServletApplicationWithoutJacksonGetsTheProblemDetailWriter() {
        WebApplicationContextRunner web = new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SnoKotlinxSerializationAutoConfiguration.class));
        web.withClassLoader(new FilteredClassLoader("tools.jackson.", "com.fasterxml.jackson."))
                .run(ctx -> assertThat(ctx).hasSingleBean(SnoProblemDetailConverter.class));
        web.run(ctx -> assertThat(ctx).doesNotHaveBean(SnoProblemDetailConverter.class));
        runner.withClassLoader(new FilteredClassLoader("tools.jackson.", "com.fasterxml.jackson."))
                .run(ctx -> assertThat(ctx).doesNotHaveBean(SnoProblemDetailConverter.class));
    }

    @Test
    void theProblemDetailIsWrittenAsJacksonWritesIt() {
        ProblemDetail problem = SnoProblems.invalidId("Invalid sno ID: \"not-a-sno-id\" (length 12, expected 16)");
        problem.setInstance(java.net.URI.create("/orders/not-a-sno-id"));
        problem.setProperty("parameter", "id");
        problem.setProperty("count", 2);
        problem.setProperty("none", null);
        assertThat(SnoProblemDetailConverter.json(problem)).isEqualTo("{\"title\":\"Invalid sno ID\",\"status\":400,"
                + "\"detail\":\"Invalid sno ID: \\\"not-a-sno-id\\\" (length 12, expected 16)\","
                + "\"instance\":\"/orders/not-a-sno-id\",\"parameter\":\"id\",\"count\":2,\"none\":null}");
        problem.setType(null); // Spring 7's default, meaning about:blank
        assertThat(SnoProblemDetailConverter.json(problem)).startsWith("{\"title\":\"Invalid sno ID\",\"status\":400,");
                ProblemDetail typed = ProblemDetail.forStatus(HttpStatus.CONFLICT);
        typed.setType(java.net.URI.create("https://example.com/conflict"));
        assertThat(SnoProblemDetailConverter.json(typed)).isEqualTo(
                "{\"type\":\"https://example.com/conflict\",\"title\":\"Conflict\",\"status\":409}");
    }
}
