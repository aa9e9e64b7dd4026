package dev.sno.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.GeneratorSnapshot;
import dev.sno.PartitionSource;
import dev.sno.SnapshotFile;
import dev.sno.Sno;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * sno.partition, sno.sequence-range and sno.snapshot-file make the bean; it is the one behind
 * Sno.next; its startup line names the partition and the source; shutdown closes it and writes
 * the snapshot file.
 */
class GeneratorBeanTest {

    static final Path STATE = Path.of("target", "generator-bean-test", "sno.state").toAbsolutePath();

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .setBeforeAllCustomizer(() -> {
                try {
                    Files.createDirectories(STATE.getParent());
                    Files.deleteIfExists(STATE);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            })
            .withApplicationRoot(jar -> jar.addClasses(TestApps.class))
            .withConfiguration(TestApps.BASE + "sno.partition=4321\nsno.sequence-range=100-199\n"
                    + "sno.snapshot-file=" + STATE + "\n")
            .setLogRecordPredicate(r -> r.getLoggerName().startsWith("dev.sno"))
            .assertLogRecords(records -> {
                long lines = records.stream().filter(r -> r.getMessage() != null
                        && r.getMessage().contains("sno: partition")).count();
                assertEquals(1, lines, "one startup line");
                assertTrue(records.stream().anyMatch(r -> r.getLevel().intValue() == Level.INFO.intValue()
                        && "sno: partition 4321 (configured: sno.partition)".equals(formatted(r))),
                        () -> "startup line: " + records.stream().map(GeneratorBeanTest::formatted).toList());
            })
            .setAfterUndeployListener(() -> {
                // The application's generator released the file (an open one holds an OS lock on it,
                // and a second generator on the same file fails to build) and wrote its state.
                try (SnoGenerator next = SnoGenerator.builder().snapshotFile(STATE).build()) {
                    assertEquals(PartitionSource.RESTORED, next.partitionSource());
                    assertEquals(4321, next.partition());
                }
                try {
                    GeneratorSnapshot saved = SnapshotFile.read(STATE).orElseThrow();
                    assertEquals(4321, saved.partition(), saved.toJson());
                    assertEquals(100, saved.sequenceMin(), saved.toJson());
                    assertEquals(199, saved.sequenceMax(), saved.toJson());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });

    @Inject
    SnoGenerator generator;

    static String formatted(java.util.logging.LogRecord r) {
        Object[] p = r.getParameters();
        return p == null || p.length == 0 ? r.getMessage() : String.format(r.getMessage(), p);
    }

    @Test
    void beanIsConfiguredAndInstalled() {
        assertEquals(4321, generator.partition());
        assertEquals(PartitionSource.CONFIGURED, generator.partitionSource());
        assertEquals(100, generator.sequenceMin());
        assertEquals(199, generator.sequenceMax());
        assertSame(generator, Sno.generator(), "installed behind Sno.next");
        SnoId id = Sno.next(9);
        assertEquals(4321, id.partition());
        assertEquals(9, id.meta());
        assertFalse(generator.isClosed());
    }
}
