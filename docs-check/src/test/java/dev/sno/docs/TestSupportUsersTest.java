package dev.sno.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CONTRIBUTING.md names, by directory, every module of the root pom whose tests take test-support's
 * sources (its pom names {@code test-support}: the parent's build-helper execution, or folders of
 * its own), so that the list of its users cannot fall behind the build.
 */
class TestSupportUsersTest {

    /** The module directories whose pom names test-support. */
    static List<String> users(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Build.Module m : Build.modules(root)) {
            if (Files.readString(root.resolve(m.dir()).resolve("pom.xml")).contains("test-support")) {
                out.add(m.dir());
            }
        }
        return out;
    }

    static List<String> notNamed(List<String> users, String contributing) {
        return users.stream().filter(dir -> !contributing.contains("`" + dir + "`"))
                .map(dir -> dir + " takes test-support's sources (its pom names test-support), but CONTRIBUTING.md"
                        + " does not name `" + dir + "` among test-support's users")
                .toList();
    }

    @Test
    void contributingNamesEveryUserOfTestSupport() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        List<String> users = users(root);
        assertTrue(users.contains("sno-zookeeper") && users.contains("examples/quarkus-app"), users.toString());
        List<String> problems = notNamed(users, Files.readString(root.resolve("CONTRIBUTING.md")));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /**
     * The check, broken on purpose: a module's name taken out of CONTRIBUTING.md. What the break
     * adds is compared, so that this self-test does not fail with the real check when another
     * module is missing (that is the real check's report).
     */
    @Test
    void theCheckSeesAChange() throws IOException {
        Path root = DocsCheckTest.repositoryRoot();
        String contributing = Files.readString(root.resolve("CONTRIBUTING.md"));
        List<String> users = users(root);
        List<String> added = new ArrayList<>(notNamed(users, contributing.replace("`sno-etcd`", "sno-etcd")));
        added.removeAll(notNamed(users, contributing));
        assertEquals(List.of("sno-etcd takes test-support's sources (its pom names test-support), but CONTRIBUTING.md"
                + " does not name `sno-etcd` among test-support's users"), added);
    }
}
