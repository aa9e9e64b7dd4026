package dev.sno.etcd;

import dev.sno.GeneratorSnapshot;
import dev.sno.config.SafeText;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
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
 * That range holds any key that starts like one of them ({@code 00042.bak}, {@code 000421},
 * {@code 00042/x}): only a key whose last segment is exactly five digits of a partition is one
 * ({@link #partition}). A namespace with an unpaired surrogate is refused ({@link #prefix}).
 */
final class Keys {

    /** The digits of a partition in a key. */
    private static final int DIGITS = 5;

    /** The highest partition. */
    private static final int MAX_PARTITION = 65535;

    private Keys() {
    }

    /**
     * The common prefix of a namespace's keys: {@code sno/<escaped namespace>/}. A namespace with
     * an unpaired surrogate is refused: it has no UTF-8 form, and Java would write {@code ?} in its
     * place, so that {@code "\uD800"}, {@code "\uDBFF"} and {@code "?"} would share one prefix.
     *
     * @throws IllegalArgumentException if the namespace has an unpaired surrogate
     */
    static String prefix(String namespace) {
        for (int i = 0; i < namespace.length(); i++) {
            char c = namespace.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < namespace.length()
                    && Character.isLowSurrogate(namespace.charAt(i + 1))) {
                i++; // a pair: one code point, which UTF-8 writes
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException("The etcd lease store cannot keep sno namespace \""
                        + SafeText.of(namespace) + "\": it has an unpaired surrogate ("
                        + String.format("\\u%04X", (int) c) + " at index " + i + "), which no UTF-8 etcd key can"
                        + " hold; choose a namespace of whole characters");
            }
        }
        return "sno/" + namespace.replace("%", "%25").replace("/", "%2F") + "/";
    }

    /** The namespace as messages name it: {@code sno namespace "<ns>"}, escaped and bounded. */
    static String named(String namespace) {
        return "sno namespace \"" + SafeText.of(namespace) + "\"";
    }

    /** A partition's record key; partition may be 65536, the end of a range. */
    static ByteSequence record(String namespace, int partition) {
        return bytes(prefix(namespace) + "record/" + digits(partition));
    }

    /** A partition's holder key; partition may be 65536, the end of a range. */
    static ByteSequence holder(String namespace, int partition) {
        return bytes(prefix(namespace) + "holder/" + digits(partition));
    }

    /**
     * The partition a record or holder key of the range names, or -1 if the key is not one sno
     * writes: its last segment must be exactly five ASCII digits, of a number in 0..65535, and
     * nothing may follow it (a backup copy {@code 00001.bak} or a nested key
     * {@code 00001/history/00002} falls in the range's keys too, and is nobody's partition).
     *
     * @param key     a key of the range read
     * @param parent  the range's parent, {@code sno/<ns>/record/} or {@code sno/<ns>/holder/}
     */
    static int partition(ByteSequence key, ByteSequence parent) {
        byte[] k = key.getBytes();
        int start = parent.size();
        if (k.length != start + DIGITS || !key.startsWith(parent)) {
            return -1;
        }
        int p = 0;
        for (int i = start; i < k.length; i++) {
            if (k[i] < '0' || k[i] > '9') {
                return -1;
            }
            p = p * 10 + (k[i] - '0');
        }
        return p <= MAX_PARTITION ? p : -1;
    }

    /** The parent of a namespace's record keys, {@code sno/<ns>/record/}. */
    static ByteSequence records(String namespace) {
        return bytes(prefix(namespace) + "record/");
    }

    /** The parent of a namespace's holder keys, {@code sno/<ns>/holder/}. */
    static ByteSequence holders(String namespace) {
        return bytes(prefix(namespace) + "holder/");
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

        /**
         * Reads a record key's value, as {@link #encode()} writes it.
         *
         * @param partition  the partition of the key, 0..65535
         * @param value      the key's value
         * @throws Unreadable if the value is not such a record, or its epoch cannot be incremented
         */
        static Record decode(int partition, ByteSequence value) throws Unreadable {
            String[] f = value.toString(StandardCharsets.UTF_8).split(" ", 5);
            long epoch = number(field(f[0], "epoch"), "epoch", Long.MAX_VALUE);
            if (f.length < 5) {
                throw new Unreadable("it ends after " + f.length + " of the fields epoch= pid= token= state= host=");
            }
            if (epoch == 0 || epoch == Long.MAX_VALUE) {
                throw new Unreadable("its epoch is " + epoch + (epoch == 0 ? ", and sno's records start at 1"
                        : ", which cannot be incremented"));
            }
            long pid = number(field(f[1], "pid"), "pid", Long.MAX_VALUE);
            String token = field(f[2], "token");
            String s = field(f[3], "state");
            String host = field(f[4], "host");
            GeneratorSnapshot state = null;
            if (!s.equals("-")) {
                String[] n = s.split(",", -1);
                if (n.length != 7) {
                    throw new Unreadable("its state has " + n.length + " fields, not 7");
                }
                long[] v = new long[7];
                for (int i = 0; i < 7; i++) {
                    v[i] = number(n[i], "state", Long.MAX_VALUE);
                }
                try {
                    state = new GeneratorSnapshot(partition, (int) Math.min(v[0], Integer.MAX_VALUE),
                            (int) Math.min(v[1], Integer.MAX_VALUE), v[2], v[3], v[4], v[5], v[6]);
                } catch (IllegalArgumentException e) {
                    throw new Unreadable("its state is out of range (" + SafeText.of(e.getMessage(), 60) + ")");
                }
            }
            return new Record(epoch, token.equals("-") ? null : token, pid, host.isEmpty() ? null : host, state);
        }

        private static String field(String f, String name) throws Unreadable {
            if (!f.startsWith(name + "=")) {
                throw new Unreadable("it has no " + name + "= where that field belongs");
            }
            return f.substring(name.length() + 1);
        }

        /** A number as sno writes it: 1 to 19 ASCII digits, no sign, at most max. */
        private static long number(String text, String name, long max) throws Unreadable {
            if (text.isEmpty() || text.length() > 19) {
                throw new Unreadable("its " + name + " is not a number of 1 to 19 digits");
            }
            long n = 0;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c < '0' || c > '9') {
                    throw new Unreadable("its " + name + " is not a number of 1 to 19 digits");
                }
                if (n > (max - (c - '0')) / 10) {
                    throw new Unreadable("its " + name + " is over " + max);
                }
                n = n * 10 + (c - '0');
            }
            return n;
        }
    }

    /**
     * A record key whose value is not a sno lease record, or one that cannot be acquired again;
     * the message says why in sno's own words and quotes nothing of the value.
     */
    static final class Unreadable extends Exception {

        private static final long serialVersionUID = 1L;

        Unreadable(String why) {
            super(why, null, false, false);
        }
    }
}
