package dev.sno.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sno.lease.PartitionLeases;
import io.lettuce.core.AclSetuserArgs;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.CommandType;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * build() checks what decides safety on Redis: the append-only file, its fsync policy and the
 * eviction policy. Each unsafe setting (set on the test server for the test, then set back) is
 * refused with a message naming it, its value and the fix, and accepted, with a warning, only when
 * the builder was told so; a server that forbids CONFIG gets a warning.
 */
class PersistenceCheckTest {

    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            warnings.add(r.getLevel() + " " + r.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final Logger jul = Logger.getLogger("dev.sno.redis");

    @BeforeEach
    void listen() {
        TestRedis.client();
        jul.addHandler(handler);
        // The tests assert on the warnings they provoke (this handler's list): not printed too.
        jul.setUseParentHandlers(false);
    }

    @AfterEach
    void restore() {
        jul.removeHandler(handler);
        jul.setUseParentHandlers(true);
        RedisCommands<String, String> r = TestRedis.redis();
        r.configSet("appendonly", "yes");
        r.configSet("appendfsync", "always");
        r.configSet("maxmemory-policy", "noeviction");
    }

    private static PartitionLeases build(boolean accept) throws IOException {
        return PartitionLeases.builder(RedisPartitionLeases.store(TestRedis.client()).acceptUnsafePersistence(accept)
                .build()).namespace(TestRedis.namespace("persist")).partitions(0, 3).build();
    }

    @Test
    void theTestServersSettingsPassWithoutAWarning() throws Exception {
        build(false);
        assertEquals(List.of(), warnings);
    }

    @Test
    void noAppendOnlyFileIsRefusedUnlessAccepted() throws Exception {
        TestRedis.redis().configSet("appendonly", "no");
        IOException e = assertThrows(IOException.class, () -> build(false));
        assertTrue(e.getMessage().contains("appendonly is \"no\" but must be \"yes\""), e.getMessage());
        assertTrue(e.getMessage().contains("CONFIG SET appendonly yes"), e.getMessage());
        assertTrue(e.getMessage().contains("acceptUnsafePersistence(true)"), e.getMessage());
        build(true);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("WARNING ") && warnings.get(0).contains("appendonly is \"no\""),
                warnings.get(0));
    }

    @Test
    void anFsyncPolicyBelowAlwaysIsRefused() throws Exception {
        TestRedis.redis().configSet("appendfsync", "everysec");
        IOException e = assertThrows(IOException.class, () -> build(false));
        assertTrue(e.getMessage().contains("appendfsync is \"everysec\" but must be \"always\""), e.getMessage());
        assertTrue(e.getMessage().contains("CONFIG SET appendfsync always"), e.getMessage());
        build(true);
    }

    @Test
    void anEvictionPolicyIsRefusedAndEveryUnsafeSettingIsNamed() throws Exception {
        TestRedis.redis().configSet("maxmemory-policy", "allkeys-lru");
        TestRedis.redis().configSet("appendonly", "no");
        IOException e = assertThrows(IOException.class, () -> build(false));
        assertTrue(e.getMessage().contains("maxmemory-policy is \"allkeys-lru\" but must be \"noeviction\""),
                e.getMessage());
        assertTrue(e.getMessage().contains("CONFIG SET maxmemory-policy noeviction"), e.getMessage());
        assertTrue(e.getMessage().contains("appendonly is \"no\""), e.getMessage());
        build(true);
    }

    @Test
    void aServerThatForbidsConfigGetsAWarningAndTheLeasesWork() throws Exception {
        RedisCommands<String, String> r = TestRedis.redis();
        String user = "sno-noconfig-" + ProcessHandle.current().pid();
        r.aclSetuser(user, AclSetuserArgs.Builder.on().addPassword("sno").allKeys().allChannels().allCommands()
                .removeCommand(CommandType.CONFIG));
        RedisURI base = RedisURI.create(TestRedis.url());
        RedisClient managed = RedisClient.create(RedisURI.Builder.redis(base.getHost(), base.getPort())
                .withAuthentication(user, "sno").build());
        try {
            PartitionLeases leases = RedisPartitionLeases.builder(managed).namespace(TestRedis.namespace("managed"))
                    .partitions(0, 0).build();
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("CONFIG GET appendonly was refused"), warnings.get(0));
            assertTrue(warnings.get(0).contains("NOPERM"), warnings.get(0));
            leases.acquire().close();
        } finally {
            managed.shutdown();
            r.aclDeluser(user);
        }
    }
}
