package dev.sno.etcd;

import dev.sno.GeneratorSnapshot;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The lease protocol's keys in etcd, and the text of their values. Keys of namespace {@code ns}
 * ({@code /} and {@code %} in it escaped as {@code %2F} and {@code %25}, so that one namespace's
 * keys never fall in another's ranges):
 * <ul>
 *   <li>{@code sno/ns/record/<partition>}: the record, one per partition, created by
 *       the partition's first acquisition (none: never used) and never attached to an etcd lease,
 *       so it outlives every holder:
 *       {@code epoch=<n> pid=<pid> token=<token> state=<seven fields or ->
 *       host=<host>}. Its {@code mod_revision} orders the partitions by last use.</li>
 *   <li>{@code sno/ns/holder/<partition>}: the live holder, {@code epoch=<n> token=<token>},
 *       attached to the holder's etcd lease: it exists exactly while that lease lives.</li>
 * </ul>
 * Partitions are five digits ({@code 00042}), so that a range of partitions is a range of keys.
 */
final class Keys {

    private Keys() {
    }

    /** The common prefix of a namespace's keys: {@code sno/<escaped namespace>/}. */
    static String prefix(String namespace) {
        return "sno/" + namespace.replace("%", "%25").replace("/", "%2F") + "/";
    }

    /** A partition's record key; partition may be 65536, the end of a range. */
    static ByteSequence record(String namespace, int partition) {
        return bytes(prefix(namespace) + "record/" + digits(partition));
    }

    /** A partition's holder key; partition may be 65536, the end of a range. */
    static ByteSequence holder(String namespace, int partition) {
        return bytes(prefix(namespace) + "holder/" + digits(partition));
    }

    /** The partition a record or holder key names. */
    static int partition(ByteSequence key) {
        String k = key.toString(StandardCharsets.UTF_8);
        return Integer.parseInt(k.substring(k.length() - 5));
    }

    /** The value of a live holder's key; renewals and releases compare it byte for byte. */
    static ByteSequence holderValue(long epoch, String token) {
        return bytes("epoch=" + epoch + " token=" + token);
    }

    /** Whether a holder key's value names the token. */
    static boolean holds(KeyValue holder, String token) {
        return holder.getValue().toString(StandardCharsets.UTF_8).endsWith(" token=" + token);
    }

    static ByteSequence bytes(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    private static String digits(int partition) {
        return String.format("%05d", partition);
    }

    /**
     * The value of a record key.
     *
     * @param epoch  how many acquisitions the partition had
     * @param token  the last acquirer's token, or null if none
     * @param pid    the last acquirer's process id, or 0
     * @param host   the last acquirer's host, or null
     * @param state  the last state a holder stored, or null
     */
    record Record(long epoch, String token, long pid, String host, GeneratorSnapshot state) {

        /** The record of a partition never acquired, which has none in etcd. */
        static final Record NEW = new Record(0, null, 0, null, null);

        ByteSequence encode() {
            StringBuilder b = new StringBuilder(160).append("epoch=").append(epoch).append(" pid=").append(pid)
                    .append(" token=").append(token == null ? "-" : token).append(" state=");
            if (state == null) {
                b.append('-');
            } else {
                b.append(state.sequenceMin()).append(',').append(state.sequenceMax()).append(',')
                        .append(state.sequence()).append(',').append(state.now()).append(',').append(state.wallHi())
                        .append(',').append(state.wallSafe()).append(',').append(state.drifts());
            }
            return bytes(b.append(" host=").append(host == null ? "" : host).toString());
        }

        /** Reads a record key's value; fails naming the key if it holds something else. */
        static Record decode(KeyValue kv) throws IOException {
            String v = kv.getValue().toString(StandardCharsets.UTF_8);
            try {
                String[] f = v.split(" ", 5);
                long epoch = Long.parseLong(field(f[0], "epoch"));
                long pid = Long.parseLong(field(f[1], "pid"));
                String token = field(f[2], "token");
                String s = field(f[3], "state");
                String host = field(f[4], "host");
                GeneratorSnapshot state = null;
                if (!s.equals("-")) {
                    String[] n = s.split(",", -1);
                    if (n.length != 7) {
                        throw new IllegalArgumentException("state has " + n.length + " fields, not 7");
                    }
                    state = new GeneratorSnapshot(partition(kv.getKey()), Integer.parseInt(n[0]),
                            Integer.parseInt(n[1]), Long.parseLong(n[2]), Long.parseLong(n[3]),
                            Long.parseLong(n[4]), Long.parseLong(n[5]), Long.parseLong(n[6]));
                }
                return new Record(epoch, token.equals("-") ? null : token, pid, host.isEmpty() ? null : host, state);
            } catch (RuntimeException e) {
                throw new IOException("The etcd key " + kv.getKey().toString(StandardCharsets.UTF_8)
                        + " holds no sno lease record: \"" + v + "\" (" + e.getMessage() + "); another program wrote"
                        + " it: delete it (or use another namespace) and sno creates it again", e);
            }
        }

        private static String field(String f, String name) {
            if (!f.startsWith(name + "=")) {
                throw new IllegalArgumentException("expected " + name + "=, found \"" + f + "\"");
            }
            return f.substring(name.length() + 1);
        }
    }
}
