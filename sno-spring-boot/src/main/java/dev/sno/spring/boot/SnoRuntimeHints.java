package dev.sno.spring.boot;

import java.util.List;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;

/**
 * What a native image of a Spring application with the starter needs beyond what Spring AOT
 * finds by itself, registered through {@code META-INF/spring/aot.factories}: the service files
 * and SQL resources of the sno modules, the classes that Jackson, Hibernate and JPA create
 * reflectively, and the static {@code valueOf} methods Spring's conversion finds on {@code SnoId}. Types are named,
 * not loaded, so an absent optional library costs nothing. The sno jars also carry the same
 * facts as GraalVM reachability metadata ({@code META-INF/native-image/dev.sno/...}) for
 * native images built without Spring.
 *
 * <p>Not covered, because only the application knows them: its own {@code @SnoPolymorphic}
 * types and their subtypes (Jackson reads their annotations and creates them reflectively;
 * {@code @RegisterReflectionForBinding} on the application registers them), and the suppliers
 * that {@code @SnoGeneratedId(generator = ...)} names when they are not Spring beans.
 */
public final class SnoRuntimeHints implements RuntimeHintsRegistrar {

    /** The service files of the sno modules (Jackson modules, the Hibernate type contributor, lease stores). */
    static final List<String> SERVICE_FILES = List.of(
            "META-INF/services/com.fasterxml.jackson.databind.Module",
            "META-INF/services/tools.jackson.databind.JacksonModule",
            "META-INF/services/org.hibernate.boot.model.TypeContributor",
            "META-INF/services/org.hibernate.boot.spi.AdditionalMappingContributor",
            "META-INF/services/dev.sno.lease.LeaseStoreProvider");

    /** The SQL scripts of sno-jdbc (its PostgreSQL functions), as a resource pattern. */
    static final String SQL = "dev/sno/jdbc/sql/*.sql";

    /** Created by Spring AOT. */
    public SnoRuntimeHints() {
    }

    @Override
    public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
        SERVICE_FILES.forEach(hints.resources()::registerPattern);
        hints.resources().registerPattern(SQL);

        // Created reflectively: service providers, a Jackson 3 type id resolver named by class,
        // the Hibernate contributor behind @SnoGeneratedId, the JPA converter.
        for (String created : List.of("dev.sno.jackson2.SnoModule", "dev.sno.jackson3.SnoModule",
                "dev.sno.jackson3.SnoMetaTypeIdResolver", "dev.sno.jdbc.hibernate.SnoTypeContributor",
                "dev.sno.jdbc.hibernate.SnoGeneratedIds", "dev.sno.jdbc.jpa.SnoIdConverter",
                "dev.sno.jdbc.lease.JdbcLeaseStoreProvider", "dev.sno.redis.RedisLeaseStoreProvider")) {
            hints.reflection().registerType(TypeReference.of(created), MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
        }
        // Their @JsonTypeInfo is read once with Class.getAnnotation.
        for (String settings : List.of("dev.sno.jackson2.SnoAnnotationIntrospector$Settings",
                "dev.sno.jackson3.SnoAnnotationIntrospector$Settings")) {
            hints.reflection().registerType(TypeReference.of(settings));
        }
        // SnoGeneratedIds finds Hibernate 7's SimpleValue.setCustomIdGeneratorCreator by reflection.
        hints.reflection().registerType(TypeReference.of("org.hibernate.mapping.SimpleValue"),
                MemberCategory.INVOKE_PUBLIC_METHODS);
        // SnoId.valueOf(String) and valueOf(UUID), which Spring's ObjectToObjectConverter looks up.
        hints.reflection().registerType(TypeReference.of("dev.sno.SnoId"), MemberCategory.INVOKE_PUBLIC_METHODS);
    }
}
