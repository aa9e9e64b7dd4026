package dev.sno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sno's shared generator: installed once, or configured by system property. Each case loads
 * the sno classes afresh in a class loader of its own, so that it sees a process where the
 * shared generator was never used.
 */
class SnoConfigurationTest {

    /** A fresh copy of the dev.sno classes, and calls into its Sno and SnoGenerator. */
    static final class FreshSno {
        private final Class<?> sno;
        private final Class<?> generator;

        FreshSno() throws Exception {
            URL classes = Sno.class.getProtectionDomain().getCodeSource().getLocation();
            ClassLoader loader = new URLClassLoader(new URL[] {classes}, null);
            sno = Class.forName("dev.sno.Sno", true, loader);
            generator = Class.forName("dev.sno.SnoGenerator", true, loader);
        }

        Object call(Class<?> type, Object target, String name, Class<?>[] types, Object... args) throws Throwable {
            Method m = type.getMethod(name, types);
            try {
                return m.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        int partition() throws Throwable {
            return (int) call(sno, null, "partition", new Class<?>[0]);
        }

        Object next() throws Throwable {
            return call(sno, null, "next", new Class<?>[] {int.class}, 1);
        }

        Object generatorWithPartition(int p) throws Throwable {
            Object builder = call(generator, null, "builder", new Class<?>[0]);
            builder = call(builder.getClass(), builder, "partition", new Class<?>[] {int.class}, p);
            return call(builder.getClass(), builder, "build", new Class<?>[0]);
        }

        void install(Object g) throws Throwable {
            call(sno, null, "install", new Class<?>[] {generator}, g);
        }

        /** Closes this Sno's shared generator (its background saves would outlive the test). */
        void closeGenerator() throws Throwable {
            Object g = call(sno, null, "generator", new Class<?>[0]);
            call(generator, g, "close", new Class<?>[0]);
        }
    }

    @AfterEach
    void clearProperties() {
        System.clearProperty("sno.partition");
        System.clearProperty("sno.snapshot-file");
    }

    @Test
    void anInstalledGeneratorIsBehindNext() throws Throwable {
        FreshSno s = new FreshSno();
        Object g = s.generatorWithPartition(4242);
        s.install(g);
        assertEquals(4242, s.partition());
        Object id = s.next();
        assertEquals(4242, (int) id.getClass().getMethod("partition").invoke(id));
        IllegalStateException again = assertThrows(IllegalStateException.class,
                () -> s.install(s.generatorWithPartition(1)));
        assertEquals("Sno's shared generator is already in use (partition 4242); install(...) must be called once,"
                + " before the first ID", again.getMessage());
    }

    @Test
    void installingAfterTheSharedGeneratorWasUsedIsAnError() throws Throwable {
        System.setProperty("sno.partition", "17");
        FreshSno s = new FreshSno();
        s.next();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.install(s.generatorWithPartition(5)));
        assertTrue(e.getMessage().startsWith("Sno's shared generator is already in use (partition 17)"), e.getMessage());
        assertThrows(NullPointerException.class, () -> s.install(null));
    }

    @Test
    void thePartitionComesFromTheSystemProperty() throws Throwable {
        System.setProperty("sno.partition", " 65535 ");
        assertEquals(65535, new FreshSno().partition());
        for (String bad : new String[] {"65536", "-1", "seven"}) {
            System.setProperty("sno.partition", bad);
            FreshSno s = new FreshSno();
            IllegalStateException e = assertThrows(IllegalStateException.class, s::next);
            assertEquals("Invalid sno.partition (SNO_PARTITION) \"" + bad + "\": must be an integer in 0..65535.",
                    e.getMessage());
        }
    }

    @Test
    void anEmptyPropertyIsAnErrorNamingItNotUnset() throws Throwable {
        System.setProperty("sno.partition", "");
        IllegalStateException e = assertThrows(IllegalStateException.class, new FreshSno()::next);
        assertEquals("sno.partition (SNO_PARTITION) is set but empty (\"\"). Remove it to use its default, or give it"
                + " a value.", e.getMessage());
        System.setProperty("sno.partition", "4");
        System.setProperty("sno.snapshot-file", "  ");
        e = assertThrows(IllegalStateException.class, new FreshSno()::next);
        assertEquals("sno.snapshot-file (SNO_SNAPSHOT_FILE) is set but empty (\"  \"). Remove it to use its default,"
                + " or give it a value.", e.getMessage());
    }

    @Test
    void theSnapshotFileComesFromTheSystemProperty(@TempDir Path dir) throws Throwable {
        Path file = dir.resolve("shared.state");
        System.setProperty("sno.partition", "9");
        System.setProperty("sno.snapshot-file", file.toString());
        FreshSno s = new FreshSno();
        try {
            s.next();
            assertTrue(Files.exists(file), "written ahead before the first ID");
            assertEquals(9, SnapshotFile.read(file).orElseThrow().partition());
        } finally {
            // Before @TempDir deletes the directory: a generator left open kept saving into it
            // and logged the failed save in whichever test ran next.
            s.closeGenerator();
        }
        System.setProperty("sno.snapshot-file", dir.resolve("missing").resolve("x.state").toString());
        IllegalStateException e = assertThrows(IllegalStateException.class, new FreshSno()::next);
        assertTrue(e.getMessage().startsWith("Invalid sno.snapshot-file (SNO_SNAPSHOT_FILE) \""), e.getMessage());
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
    }
}
