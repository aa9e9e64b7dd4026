package dev.sno.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sno.jackson.testmodel.Entities;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Applications bring one Jackson generation: the module, key handling and metabyte dispatch
 * must work with the other generation absent from the class path.
 */
class OneGenerationTest {

    private static URLClassLoader without(Predicate<String> excluded) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!excluded.test(entry.replace('\\', '/'))) {
                urls.add(new File(entry).toURI().toURL());
            }
        }
        return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    }

    /** Runs className.run() with the loader as context class loader (service discovery uses it). */
    private static String run(ClassLoader loader, String className) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return (String) loader.loadClass(className).getMethod("run").invoke(null);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    @Test
    void worksWithJackson3Alone() throws Exception {
        try (URLClassLoader loader = without(p -> p.contains("/com/fasterxml/jackson/core/jackson-databind/")
                || p.contains("/com/fasterxml/jackson/core/jackson-core/")
                || p.contains("/com/fasterxml/jackson/dataformat/") || p.contains("/com/fasterxml/jackson/datatype/"))) {
            assertThrows(ClassNotFoundException.class,
                    () -> loader.loadClass("com.fasterxml.jackson.databind.ObjectMapper"));
            assertEquals(Entities.idWithMeta(2) + " Company [1]", run(loader, "dev.sno.jackson3.Jackson3Alone"));
        }
    }

    @Test
    void worksWithJackson2Alone() throws Exception {
        try (URLClassLoader loader = without(p -> p.contains("/tools/jackson/"))) {
            assertThrows(ClassNotFoundException.class, () -> loader.loadClass("tools.jackson.databind.ObjectMapper"));
            assertEquals(Entities.idWithMeta(1) + " Person [1]", run(loader, "dev.sno.jackson2.Jackson2Alone"));
        }
    }
}
