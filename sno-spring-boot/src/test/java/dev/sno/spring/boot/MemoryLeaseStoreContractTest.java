package dev.sno.spring.boot;

import dev.sno.config.Settings;
import dev.sno.lease.LeaseResources;
import dev.sno.lease.LeaseStore;
import dev.sno.lease.tck.LeaseStoreContract;
import dev.sno.testsupport.MemoryLeaseStoreProvider;
import java.util.List;
import java.util.Map;

/**
 * The rules every {@link LeaseStore} keeps ({@link LeaseStoreContract}, sno-lease-tck), on the
 * shared decision table's own store: test-support's {@link MemoryLeaseStoreProvider}, which shows
 * that a store module plugs into every framework through the provider SPI alone, and so must be
 * a store by the same rules as the four real ones. It lives here because this module compiles
 * test-support's decision sources.
 */
class MemoryLeaseStoreContractTest extends LeaseStoreContract {

    private LeaseStore store;

    @Override
    protected LeaseStore store() {
        if (store == null) {
            store = new MemoryLeaseStoreProvider().offer(Settings.of(Map.of("sno.lease.store", "memory")::get),
                    LeaseResources.none(), true).store();
        }
        return store;
    }

    /** Records in a map: no list of names for a stray to join, one kind of record. */
    @Override
    protected Keyspace keyspace() {
        return new Keyspace() {
            @Override
            public List<String> lists() {
                return List.of();
            }

            @Override
            public String name(String list, int partition) {
                throw new IllegalArgumentException("no list " + list);
            }

            @Override
            public boolean addStray(String namespace, String list, String name) {
                return false;
            }

            @Override
            public void spoilRecord(String namespace, int partition, String text) {
                MemoryLeaseStoreProvider.spoil(namespace, partition, text);
            }

            @Override
            public boolean wrongKindRecord(String namespace, int partition) {
                return false;
            }
        };
    }
}
