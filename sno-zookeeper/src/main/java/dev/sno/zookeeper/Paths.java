package dev.sno.zookeeper;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.apache.curator.utils.ZKPaths;

/**
 * Where a namespace's znodes are: {@code <root>/<namespace>/records/<partition>} (persistent, one
 * per partition ever acquired) and {@code <root>/<namespace>/holders/<partition>} (ephemeral, one
 * per live lease), under the Curator client's own namespace if it has one. The namespace is
 * percent-encoded (with {@code .} and {@code *} too), so any namespace sno accepts is one path
 * element.
 */
final class Paths {

    private final String clientNamespace;
    private final String root;

    Paths(String clientNamespace, String root) {
        this.clientNamespace = clientNamespace;
        this.root = root;
    }

    /** The path of the namespace, as Curator's builders take it (without the client's namespace). */
    String base(String namespace) {
        String element = URLEncoder.encode(namespace, StandardCharsets.UTF_8).replace(".", "%2E").replace("*", "%2A");
        return ZKPaths.makePath(root, element);
    }

    String records(String namespace) {
        return base(namespace) + "/records";
    }

    String holders(String namespace) {
        return base(namespace) + "/holders";
    }

    /** A path for the raw ZooKeeper handle, which knows nothing of the client's namespace. */
    String raw(String path) {
        return ZKPaths.fixForNamespace(clientNamespace, path);
    }

    String rawRecord(String namespace, int partition) {
        return raw(records(namespace) + "/" + partition);
    }

    String rawHolder(String namespace, int partition) {
        return raw(holders(namespace) + "/" + partition);
    }

    @Override
    public String toString() {
        return clientNamespace == null || clientNamespace.isEmpty() ? root : "/" + clientNamespace + root;
    }
}
