package dev.sno.quarkus.deployment;

import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.deployment.Capabilities;
import io.quarkus.deployment.Capability;
import io.quarkus.arc.deployment.UnremovableBeanBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.nativeimage.NativeImageResourceBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.deployment.builditem.nativeimage.RuntimeInitializedClassBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ServiceProviderBuildItem;
import io.quarkus.deployment.metrics.MetricsCapabilityBuildItem;
import io.quarkus.resteasy.reactive.spi.ExceptionMapperBuildItem;
import io.quarkus.resteasy.reactive.spi.ParamConverterBuildItem;
import io.quarkus.smallrye.health.deployment.spi.HealthBuildItem;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.Type;

/**
 * The build steps of the sno extension. Each registers what the application's build needs from
 * sno: beans, REST and JSON providers, the health check, meters, and what a native image must
 * know about reflection, service loading, resources and classes initialized at run time. None of
 * them makes an ID, draws a partition or reads the {@code sno.*} configuration: that all happens
 * when the application starts.
 */
public final class SnoProcessor {

    /** The feature's name in the startup banner. */
    static final String FEATURE = "sno";

    private static final String RUNTIME = "dev.sno.quarkus.";

    /** The priority of the JSON body mapper: after the application's own (5000), before Quarkus's (5100). */
    static final int JSON_PROBLEMS_PRIORITY = 5050;

    /** The priority of the SnoId parameter converter among the application's providers. */
    static final int PARAM_CONVERTER_PRIORITY = 5000;

    static final DotName SNO_POLYMORPHIC = DotName.createSimple("dev.sno.jackson.SnoPolymorphic");

    /**
     * Classes that hold state of one process (the shared generator, the process's random partition
     * pool and its seed, the held state files, the lease tokens' random source): initialized when
     * the native executable starts, never in the image heap.
     */
    static final List<String> RUNTIME_INITIALIZED = List.of("dev.sno.Sno", "dev.sno.PartitionPool",
            "dev.sno.PartitionNotice", "dev.sno.FileStateStore", "dev.sno.lease.PartitionLeases",
            "dev.sno.lease.PartitionLeases$Holder");

    /** Created by Quarkus. */
    public SnoProcessor() {
    }

    /**
     * The feature {@code sno} in the startup banner.
     *
     * @return the feature
     */
    @BuildStep
    public FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    /**
     * The lease store providers on the class path (sno-jdbc's, sno-redis's, any other store
     * module's), which sno-core finds with {@code ServiceLoader}: in a native executable too.
     *
     * @return the services
     */
    @BuildStep
    public ServiceProviderBuildItem leaseStores() {
        return ServiceProviderBuildItem.allProvidersFromClassPath("dev.sno.lease.LeaseStoreProvider");
    }

    /**
     * Keeps the application's beans of the types the lease store providers on the class path may
     * ask for ({@code LeaseStoreProvider.resourceTypes()}: sno-zookeeper's {@code CuratorFramework}),
     * which sno finds by type at startup and no injection point names.
     *
     * @return the bean types to keep
     */
    @BuildStep
    public UnremovableBeanBuildItem leaseStoreResources() {
        java.util.Set<org.jboss.jandex.DotName> types = new java.util.HashSet<>();
        java.util.Iterator<dev.sno.lease.LeaseStoreProvider> providers = java.util.ServiceLoader.load(
                dev.sno.lease.LeaseStoreProvider.class, Thread.currentThread().getContextClassLoader()).iterator();
        while (true) {
            try {
                if (!providers.hasNext()) {
                    break;
                }
                providers.next().resourceTypes().forEach(t -> types.add(org.jboss.jandex.DotName.createSimple(t)));
            } catch (java.util.ServiceConfigurationError unusable) {
                // a store module without its client library: sno-core reports it at startup
            }
        }
        return UnremovableBeanBuildItem.beanTypes(types);
    }

    /**
     * The generator's producer and its helpers, always; the lease, JSON and meter beans when the
     * application has quarkus-agroal, quarkus-jackson and a Micrometer registry.
     *
     * @param capabilities  the application's extensions
     * @param metrics       the metrics extension, if any
     * @return the beans
     */
    @BuildStep
    public AdditionalBeanBuildItem beans(Capabilities capabilities, Optional<MetricsCapabilityBuildItem> metrics) {
        AdditionalBeanBuildItem.Builder b = AdditionalBeanBuildItem.builder().setUnremovable()
                .addBeanClasses(RUNTIME + "SnoProducers", RUNTIME + "SnoDecisions");
        if (capabilities.isPresent(Capability.AGROAL)) {
            b.addBeanClass(RUNTIME + "SnoAgroal");
        }
        if (capabilities.isPresent(Capability.JACKSON)) {
            b.addBeanClass(RUNTIME + "SnoObjectMapperCustomizer");
        }
        if (metrics.isPresent() && metrics.get().metricsSupported("micrometer")) {
            b.addBeanClass(RUNTIME + "SnoMeterBinder");
        }
        return b.build();
    }

    /**
     * With Quarkus REST: SnoId parameters, and with its Jackson support, the 400 for a bad body.
     *
     * @param capabilities  the application's extensions
     * @param converters    receives the parameter converter
     * @param mappers       receives the exception mapper
     */
    @BuildStep
    public void rest(Capabilities capabilities, BuildProducer<ParamConverterBuildItem> converters,
            BuildProducer<ExceptionMapperBuildItem> mappers) {
        if (!capabilities.isPresent(Capability.REST)) {
            return;
        }
        converters.produce(new ParamConverterBuildItem(RUNTIME + "SnoIdParamConverterProvider",
                PARAM_CONVERTER_PRIORITY, false));
        if (capabilities.isPresent(Capability.REST_JACKSON)) {
            mappers.produce(new ExceptionMapperBuildItem(RUNTIME + "SnoJsonProblems",
                    "com.fasterxml.jackson.databind.exc.MismatchedInputException", JSON_PROBLEMS_PRIORITY, false));
        }
    }

    /**
     * With SmallRye Health: the readiness check {@code sno}.
     *
     * @param capabilities  the application's extensions
     * @param health        receives the check
     */
    @BuildStep
    public void health(Capabilities capabilities, BuildProducer<HealthBuildItem> health) {
        if (capabilities.isPresent(Capability.SMALLRYE_HEALTH)) {
            health.produce(new HealthBuildItem(RUNTIME + "SnoReadinessCheck", true));
        }
    }

    /**
     * With Hibernate ORM: the {@code SnoId} type contributor and the mapping contributor behind
     * {@code @SnoGeneratedId} as services (Hibernate finds them through {@code META-INF/services}),
     * and the classes Hibernate creates reflectively: those two and the default generator
     * supplier.
     *
     * @param capabilities  the application's extensions
     * @param services      receives the service provider
     * @param reflective    receives the reflective classes
     */
    @BuildStep
    public void hibernate(Capabilities capabilities, BuildProducer<ServiceProviderBuildItem> services,
            BuildProducer<ReflectiveClassBuildItem> reflective) {
        if (!capabilities.isPresent(Capability.HIBERNATE_ORM)) {
            return;
        }
        services.produce(new ServiceProviderBuildItem("org.hibernate.boot.model.TypeContributor",
                "dev.sno.jdbc.hibernate.SnoTypeContributor"));
        services.produce(new ServiceProviderBuildItem("org.hibernate.boot.spi.AdditionalMappingContributor",
                "dev.sno.jdbc.hibernate.SnoGeneratedIds"));
        reflective.produce(ReflectiveClassBuildItem.builder("dev.sno.jdbc.hibernate.SnoGeneratedIds",
                "dev.sno.SnoGeneratedId$Installed", "dev.sno.jdbc.hibernate.SnoTypeContributor",
                "dev.sno.jdbc.hibernate.SnoIdJavaType").constructors().methods().reason(FEATURE).build());
    }

    /**
     * For JSON: the types annotated with {@code @SnoPolymorphic} and the subtypes they list, which
     * Jackson instantiates and fills reflectively; none of them is a REST method's declared type,
     * so Quarkus would not register them by itself.
     *
     * @param index       the application's index
     * @param reflective  receives the reflective classes
     */
    @BuildStep
    public void polymorphic(CombinedIndexBuildItem index, BuildProducer<ReflectiveClassBuildItem> reflective) {
        Set<String> classes = polymorphicClasses(index);
        if (!classes.isEmpty()) {
            reflective.produce(ReflectiveClassBuildItem.builder(classes.toArray(new String[0])).constructors()
                    .methods().fields().reason(FEATURE).build());
        }
    }

    /** The classes annotated with {@code @SnoPolymorphic}, their listed subtypes and their own subclasses. */
    static Set<String> polymorphicClasses(CombinedIndexBuildItem index) {
        Set<String> classes = new LinkedHashSet<>();
        for (AnnotationInstance a : index.getIndex().getAnnotations(SNO_POLYMORPHIC)) {
            if (a.target().kind() != AnnotationTarget.Kind.CLASS) {
                continue;
            }
            ClassInfo base = a.target().asClass();
            classes.add(base.name().toString());
            AnnotationValue value = a.value();
            List<Type> subtypes = value == null ? List.of() : List.of(value.asClassArray());
            for (Type t : subtypes) {
                classes.add(t.name().toString());
            }
            List<ClassInfo> more = new ArrayList<>(index.getIndex().getAllKnownSubclasses(base.name()));
            for (ClassInfo sub : more) {
                classes.add(sub.name().toString());
            }
        }
        return classes;
    }

    /**
     * Per-process state is made at run time in a native executable.
     *
     * @param classes  receives the classes
     */
    @BuildStep
    public void runtimeInitialized(BuildProducer<RuntimeInitializedClassBuildItem> classes) {
        for (String name : RUNTIME_INITIALIZED) {
            classes.produce(new RuntimeInitializedClassBuildItem(name));
        }
    }

    /**
     * sno-jdbc's SQL functions ({@code SnoJdbc.installFunctions} reads the script of the
     * database: PostgreSQL, MariaDB or H2) as resources.
     *
     * @return the resources
     */
    @BuildStep
    public NativeImageResourceBuildItem resources() {
        return new NativeImageResourceBuildItem("dev/sno/jdbc/sql/postgresql.sql", "dev/sno/jdbc/sql/mariadb.sql",
                "dev/sno/jdbc/sql/mysql.sql", "dev/sno/jdbc/sql/h2.sql");
    }
}
