package dev.sno.micronaut;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;

/**
 * An application's own jetcd client, as its factory makes it: only in the contexts that set
 * {@code test.etcd-client} (the etcd URL). Its keys carry a prefix of its own (jetcd's
 * namespace, {@code test.etcd-namespace}), so that keys written through it are told from any other
 * client's. The context closes it only where {@code test.etcd-closed-by-context} is set; elsewhere
 * the test that made the context does, after checking that sno left it open.
 */
@Factory
@Requires(property = "test.etcd-client")
class AppEtcdClient {

    @Singleton
    @Requires(missingProperty = "test.etcd-closed-by-context")
    Client etcd(@Value("${test.etcd-client}") String url, @Value("${test.etcd-namespace:app/}") String namespace) {
        return client(url, namespace);
    }

    @Singleton
    @Bean(preDestroy = "close")
    @Requires(property = "test.etcd-closed-by-context")
    Client closedByContext(@Value("${test.etcd-client}") String url,
            @Value("${test.etcd-namespace:app/}") String namespace) {
        return client(url, namespace);
    }

    private static Client client(String url, String namespace) {
        return Client.builder().endpoints(url).namespace(ByteSequence.from(namespace, StandardCharsets.UTF_8)).build();
    }
}
