package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The starter's runtime hints, found as Spring AOT finds them (the registrars that
 * {@code META-INF/spring/aot.factories} names, through {@link AotServices}) and checked with
 * Spring's {@link RuntimeHintsPredicates} against what the sno modules actually load and
 * create reflectively.
 */
class SnoRuntimeHintsTest {

    private final RuntimeHints hints = registered();

    private static RuntimeHints registered() {
        RuntimeHints hints = new RuntimeHints();
        List<RuntimeHintsRegistrar> registrars = AotServices.factories(SnoRuntimeHintsTest.class.getClassLoader())
                .load(RuntimeHintsRegistrar.class).asList();
        assertThat(registrars).hasAtLeastOneElementOfType(SnoRuntimeHints.class);
        registrars.stream().filter(SnoRuntimeHints.class::isInstance) // springdoc's need its dependencies
                .forEach(r -> r.registerHints(hints, SnoRuntimeHintsTest.class.getClassLoader()));
        return hints;
    }

    @Test
    void everySqlScriptAndServiceFileOfTheSnoModulesIsAResource() throws Exception {
        Resource[] scripts = new PathMatchingResourcePatternResolver().getResources("classpath*:dev/sno/jdbc/sql/*");
        assertThat(scripts).isNotEmpty();
        for (Resource script : scripts) {
            assertThat(RuntimeHintsPredicates.resource().forResource("dev/sno/jdbc/sql/" + script.getFilename()))
                    .as(script.getFilename()).accepts(hints);
        }
        for (String file : SnoRuntimeHints.SERVICE_FILES) {
            assertThat(getClass().getClassLoader().getResource(file)).as(file).isNotNull();
            assertThat(RuntimeHintsPredicates.resource().forResource(file)).as(file).accepts(hints);
        }
        assertThat(RuntimeHintsPredicates.resource().forResource("dev/sno/jdbc/sql/other.txt")).rejects(hints);
    }

    @Test
    void theClassesCreatedReflectivelyHaveTheirConstructors() throws Exception {
        for (Class<?> type : List.of(dev.sno.jackson2.SnoModule.class, dev.sno.jackson3.SnoModule.class,
                dev.sno.jdbc.hibernate.SnoTypeContributor.class, dev.sno.jdbc.hibernate.SnoGeneratedIds.class,
                dev.sno.jdbc.jpa.SnoIdConverter.class,
                Class.forName("dev.sno.jackson3.SnoMetaTypeIdResolver"))) {
            assertThat(RuntimeHintsPredicates.reflection().onConstructor(type.getDeclaredConstructor()).invoke())
                    .as(type.getName()).accepts(hints);
        }
        assertThat(RuntimeHintsPredicates.reflection().onMethod(org.hibernate.mapping.SimpleValue.class
                .getMethod("setCustomIdGeneratorCreator", org.hibernate.mapping.IdentifierGeneratorCreator.class))
                .invoke()).as("the identifier generator setter SnoGeneratedIds calls").accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(
                TypeReference.of("dev.sno.jackson2.SnoAnnotationIntrospector$Settings"))).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onType(
                TypeReference.of("dev.sno.jackson3.SnoAnnotationIntrospector$Settings"))).accepts(hints);
    }

    @Test
    void springsConversionFindsSnoIdValueOf() throws Exception {
        assertThat(RuntimeHintsPredicates.reflection().onMethod(SnoId.class.getMethod("valueOf", String.class))
                .invoke()).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethod(SnoId.class.getMethod("valueOf", UUID.class))
                .invoke()).accepts(hints);
    }

    /**
     * A polymorphic body's detail comes from sno-jackson's SnoJsonError, which calls Jackson
     * directly: nothing of Jackson's error is registered for reflection any more.
     */
    @Test
    void polymorphicDetailsNeedNoReflectionOnJacksonsError() {
        ObjectMapper mapper = new ObjectMapper().registerModule(new dev.sno.jackson2.SnoModule());
        Throwable error = catchThrowable(() -> mapper.readValue("{\"name\":\"x\"}", Base.class));
        assertThat(PolymorphicIds.detail(error)).startsWith("Missing sno ID");
        assertThat(RuntimeHintsPredicates.reflection().onType(error.getClass())).rejects(hints);
    }

    /** A polymorphic base type for the test. */
    @SnoPolymorphic(Sub.class)
    abstract static class Base {
        public SnoId id;
        public String name;
    }

    /** Its one subtype. */
    @SnoMeta(3)
    static final class Sub extends Base {
    }
}
