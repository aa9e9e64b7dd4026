package dev.sno.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.testsupport.TestServers.Server;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * test-support's {@link TestServers}, on Redis (the quickest of the servers to start): how the
 * README's {@code mvn -B verify} gets its servers on a fresh machine. Each test uses real
 * processes: the build's shared server, servers of the test's own, JVMs that ask for a server as
 * a test of another module would, and an owner process that dies by SIGKILL.
 */
class TestServersTest {

    /** What a JVM started by this test (a test JVM of a later module, say) sees. */
    private record Child(int exit, String out) {
    }

    private static Child child(String... properties) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path")));
        for (String p : properties) {
            command.add("-D" + p);
        }
        for (String p : List.of("test-servers.repository", "test-servers.mvn", "test-servers.offline")) {
            if (System.getProperty(p) != null) {
                command.add("-D" + p + "=" + System.getProperty(p));
            }
        }
        command.addAll(List.of(TestServers.class.getName(), Server.REDIS.name()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("SNO_REDIS_URL");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM did not exit: " + out);
        return new Child(p.exitValue(), out);
    }

    @Test
    void anotherJvmOfTheSameBuildGetsTheSameServerAndStartsNone() throws Exception {
        String url = TestServers.url(Server.REDIS);
        assertTrue(TestServers.listening("127.0.0.1", Integer.parseInt(url.replaceFirst(".*:", ""))), url);
        if (System.getProperty("sno.redis.url") != null || System.getenv("SNO_REDIS_URL") != null) {
            return; // the user's server: nothing was started to share (the next tests cover that case)
        }
        Child c = child();
        assertEquals(0, c.exit, c.out);
        assertEquals(url, c.out, "the second JVM's URL, and no start of a second server");
    }

    @Test
    void theUsersUrlWinsMustAnswerAndOffLeavesTheTestsOut() throws Exception {
        try (TestServers.Own own = TestServers.own(Server.REDIS)) {
            Child given = child("sno.redis.url=" + own.url());
            assertEquals(0, given.exit, given.out);
            assertEquals(own.url(), given.out);
        }
        int closed = TestServers.freePort();
        Child dead = child("sno.redis.url=redis://127.0.0.1:" + closed);
        assertNotEquals(0, dead.exit, dead.out);
        assertTrue(dead.out.contains("-Dsno.redis.url=redis://127.0.0.1:" + closed + " names a Redis 6.2 server,"
                + " but nothing answers at 127.0.0.1:" + closed + "; unset -Dsno.redis.url to let the build start"
                + " one of its own, or set it to off to leave these tests out"), dead.out);
        Child off = child("sno.redis.url=off");
        assertNotEquals(0, off.exit, off.out);
        assertTrue(off.out.contains("[sno] skipping: Redis 6.2 tests are turned off: -Dsno.redis.url=off"), off.out);
        assertTrue(off.out.contains("TestAbortedException"), off.out);
    }

    @Test
    void aTakenPortIsPassedOverForAnother() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            AtomicInteger asked = new AtomicInteger();
            int[] ports = {taken.getLocalPort(), TestServers.freePort()};
            try (TestServers.Own own = TestServers.own(Server.REDIS, ProcessHandle.current(),
                    () -> ports[asked.getAndIncrement()])) {
                assertEquals(2, asked.get(), "ports tried");
                assertEquals("redis://127.0.0.1:" + ports[1], own.url());
                assertTrue(TestServers.listening("127.0.0.1", ports[1]));
            }
        }
    }

    @Test
    void theServerStopsAndItsDataGoesWhenItsOwnerIsKilled() throws Exception {
        Process owner = new ProcessBuilder("sleep", "600").start();
        TestServers.Own own = null;
        try {
            own = TestServers.own(Server.REDIS, owner.toHandle(), TestServers::freePort);
            int port = Integer.parseInt(own.url().replaceFirst(".*:", ""));
            assertTrue(TestServers.listening("127.0.0.1", port));
            assertTrue(Files.isDirectory(own.dir()));
            owner.destroyForcibly().waitFor(); // SIGKILL: no hook of the owner's runs
            // The watchdog looks once a second; stopping Redis takes a moment more.
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (TestServers.listening("127.0.0.1", port) || Files.exists(own.dir())) {
                if (System.nanoTime() - end > 0) {
                    fail("30 s after its owner died, the server on " + port + " still "
                            + (TestServers.listening("127.0.0.1", port) ? "answers" : "has its data in " + own.dir()));
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
            }
            assertFalse(Files.exists(own.dir()));
        } finally {
            owner.destroyForcibly();
            if (own != null) {
                own.close(); // stopped already, unless the test failed
            }
        }
    }
}
