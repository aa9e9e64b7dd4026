package dev.sno.zookeeper;

import dev.sno.config.SafeText;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.apache.curator.utils.ZKPaths;

/**
 * Where a namespace's znodes are: {@code <root>/<namespace>/records/<partition>} (persistent, one
 * per partition ever acquired) and {@code <root>/<namespace>/holders/<partition>} (ephemeral, one
 * per live lease), under the Curator client's own namespace if it has one. The namespace is
 * percent-encoded (with {@code .} and {@code *} too), so any namespace sno accepts is one path
 * element, and two namespaces never share one: the encoding of well-formed text is injective, and
 * a namespace with an unpaired surrogate, which the encoding would turn into {@code %3F} as it
 * does {@code ?}, is refused. A partition's znode is named by {@link Integer#toString(int)}, and
 * only such names count as partitions ({@link #partition}).
 */
final class Paths {

    /** The highest partition. */
    static final int MAX_PARTITION = 65535;

    private final String clientNamespace;
    private final String root;

    Paths(String clientNamespace, String root) {
        this.clientNamespace = clientNamespace;
        this.root = root;
    }

    /**
     * The path of the namespace, as Curator's builders take it (without the client's namespace).
     *
     * @throws IllegalArgumentException if the namespace has an unpaired surrogate
     */
    String base(String namespace) {
        for (int i = 0; i < namespace.length(); ) {
            int c = namespace.codePointAt(i);
            if (Character.isSurrogate((char) c) && Character.charCount(c) == 1) {
                throw new IllegalArgumentException("sno namespace \"" + SafeText.of(namespace) + "\" has an unpaired"
                        + " surrogate (\\u" + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT) + " at index "
                        + i + "), which no znode name can hold: a namespace must be whole Unicode characters");
            }
            i += Character.charCount(c);
        }
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

    /**
     * The partition a child of {@code records} or {@code holders} names, or -1 if it names none.
     * Only the names sno writes count: {@link Integer#toString(int)} of 0 to {@value #MAX_PARTITION},
     * ASCII digits without a sign or a leading zero. Another tool's znodes ({@code 00}, {@code +1},
     * {@code 1.bak}, digits of other scripts, {@code 2147483647}) are never taken for partitions, and
     * reading a name costs at most five characters, whatever its value.
     */
    static int partition(String name) {
        int n = name.length();
        if (n == 0 || n > 5 || (n > 1 && name.charAt(0) == '0')) {
            return -1;
        }
        int p = 0;
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            p = p * 10 + (c - '0');
        }
        return p <= MAX_PARTITION ? p : -1;
    }

    @Override
    public String toString() {
        return clientNamespace == null || clientNamespace.isEmpty() ? root : "/" + clientNamespace + root;
    }
}
