package dev.sno.micronaut;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;

/**
 * An application's own Curator client, as its factory makes it: only in the contexts that set
 * {@code test.curator} (the ZooKeeper connect string). It has a Curator namespace of its own
 * ({@code test.curator-namespace}), so that znodes written through it are told from any other
 * client's; {@code test.curator-start=false} leaves it unstarted, as a factory that forgets
 * {@code start()} does. The context does not close it (no {@code preDestroy}): the test that made
 * the context does, after checking that sno left it open.
 */
@Factory
@Requires(property = "test.curator")
class AppCuratorClient {

    @Singleton
    CuratorFramework curator(@Value("${test.curator}") String connect,
            @Value("${test.curator-namespace:app}") String namespace, @Value("${test.curator-start:true}") boolean start) {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(connect).namespace(namespace)
                .connectionTimeoutMs(5_000).retryPolicy(new RetryNTimes(3, 100)).build();
        if (start) {
            client.start();
        }
        return client;
    }
}
