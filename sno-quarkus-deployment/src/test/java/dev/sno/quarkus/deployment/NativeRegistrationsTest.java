package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.PartitionSource;
import dev.sno.SnoGenerator;
import io.quarkus.builder.BuildContext;
import io.quarkus.builder.BuildStep;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.nativeimage.NativeImageResourceBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.deployment.builditem.nativeimage.RuntimeInitializedClassBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ServiceProviderBuildItem;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a native image needs is registered by the extension's build steps: a build step of the
 * test consumes the build items Quarkus hands to GraalVM and writes them down. (No native image is
 * built here.) The same application, with no sno.* settings and an in-memory database, gets a
 * random partition and one WARNING that says why it did not lease.
 */
class NativeRegistrationsTest {

    static final Path SEEN = Path.of("target", "native-registrations.txt").toAbsolutePath();

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class, Note.class, HttpApp.class,
                    HttpApp.Holder.class, HttpApp.Party.class, HttpApp.Person.class, HttpApp.Company.class))
            .withConfiguration(TestApps.h2("nativecheck"))
            .addBuildChainCustomizer(chain -> chain.addBuildStep(new BuildStep() {
                @Override
                public void execute(BuildContext context) {
                    List<String> lines = new ArrayList<>();
                    for (ReflectiveClassBuildItem r : context.consumeMulti(ReflectiveClassBuildItem.class)) {
                        for (String c : r.getClassNames()) {
                            lines.add("reflective " + c + (r.isConstructors() ? " constructors" : "")
                                    + (r.isFields() ? " fields" : ""));
                        }
                    }
                    for (RuntimeInitializedClassBuildItem r
                            : context.consumeMulti(RuntimeInitializedClassBuildItem.class)) {
                        lines.add("runtime-init " + r.getClassName());
                    }
                    for (ServiceProviderBuildItem s : context.consumeMulti(ServiceProviderBuildItem.class)) {
                        for (String p : s.providers()) {
                            lines.add("service " + s.serviceDescriptorFile() + " " + p);
                        }
                    }
                    for (NativeImageResourceBuildItem r : context.consumeMulti(NativeImageResourceBuildItem.class)) {
                        for (String p : r.getResources()) {
                            lines.add("resource " + p);
                        }
                    }
                    try {
                        Files.write(SEEN, lines);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    context.produce(new FeatureBuildItem("sno-native-check"));
                }
            }).consumes(ReflectiveClassBuildItem.class).consumes(RuntimeInitializedClassBuildItem.class)
                    .consumes(ServiceProviderBuildItem.class).consumes(NativeImageResourceBuildItem.class)
                    .produces(FeatureBuildItem.class).build())
            .setLogRecordPredicate(r -> r.getLoggerName().startsWith("dev.sno"))
            .assertLogRecords(records -> {
                List<String> warnings = records.stream().filter(r -> r.getLevel().intValue() == Level.WARNING.intValue())
                        .map(NativeRegistrationsTest::format).toList();
                assertEquals(1, warnings.size(), warnings::toString);
                assertTrue(warnings.get(0).matches("sno: partition \\d+ is random: sno.partition is not set and the"
                        + " DataSource is the in-memory database H2 jdbc:h2:mem:nativecheck, which no other"
                        + " instance shares\\..*"), warnings.get(0));
                assertTrue(warnings.get(0).endsWith(" Point the DataSource at a database all instances share, or set"
                        + " sno.lease.enabled=false (in tests)."), warnings.get(0));
            });

    @Inject
    SnoGenerator generator;

    /** A log record's message with its parameters. */
    static String format(java.util.logging.LogRecord r) {
        Object[] p = r.getParameters();
        return p == null || p.length == 0 ? r.getMessage() : String.format(r.getMessage(), p);
    }

    @Test
    void buildStepsRegisterWhatNativeImagesNeed() throws IOException {
        List<String> seen = Files.readAllLines(SEEN);
        for (String expected : List.of(
                "reflective dev.sno.jdbc.hibernate.SnoGeneratedIds constructors",
                "reflective dev.sno.SnoGeneratedId$Installed constructors",
                "reflective dev.sno.jdbc.hibernate.SnoTypeContributor constructors",
                "reflective dev.sno.quarkus.deployment.HttpApp$Party constructors fields",
                "reflective dev.sno.quarkus.deployment.HttpApp$Person constructors fields",
                "reflective dev.sno.quarkus.deployment.HttpApp$Company constructors fields",
                "service META-INF/services/dev.sno.lease.LeaseStoreProvider dev.sno.jdbc.lease.JdbcLeaseStoreProvider",
                "runtime-init dev.sno.Sno",
                "runtime-init dev.sno.PartitionPool",
                "runtime-init dev.sno.PartitionNotice",
                "runtime-init dev.sno.FileStateStore",
                "runtime-init dev.sno.lease.PartitionLeases",
                "runtime-init dev.sno.lease.PartitionLeases$Holder",
                "service META-INF/services/org.hibernate.boot.model.TypeContributor dev.sno.jdbc.hibernate.SnoTypeContributor",
                "service META-INF/services/org.hibernate.boot.spi.AdditionalMappingContributor dev.sno.jdbc.hibernate.SnoGeneratedIds",
                "resource dev/sno/jdbc/sql/postgresql.sql",
                "resource dev/sno/jdbc/sql/mariadb.sql",
                "resource dev/sno/jdbc/sql/mysql.sql",
                "resource dev/sno/jdbc/sql/h2.sql")) {
            assertTrue(seen.contains(expected), () -> expected + " not in " + seen);
        }
    }

    @Test
    void unconfiguredPartitionIsRandom() {
        assertEquals(PartitionSource.RANDOM, generator.partitionSource());
    }
}
