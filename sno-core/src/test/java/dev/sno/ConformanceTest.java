package dev.sno;

import java.util.List;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the conformance vectors of the Go reference: the classpath copies by default, or the
 * files in the directory named by {@code -Dsno.conformance.dir}, e.g.
 * {@code mvn -pl sno-core test -Dtest=ConformanceTest -Dsno.conformance.dir=/path/to/vectors}
 * (the format is described in {@code src/test/resources/conformance/README.md}).
 */
class ConformanceTest {

    @TestFactory
    List<DynamicNode> referenceVectors() {
        return Conformance.tests(Conformance.sources());
    }
}
