package dev.sno.zookeeper;

import dev.sno.GeneratorSnapshot;
import dev.sno.config.SafeText;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The data of a partition's record znode ({@code .../records/<partition>}): the epoch, the holder
 * (token, host, pid; an empty token once released) and the generator state the last holder saved.
 * Written as {@code key=value} lines, so that {@code zkCli.sh get} shows it to people:
 * <pre>
 * epoch=12
 * token=3f2a...
 * host=orders-7f9c
 * pid=4242
 * state=7,0,65535,18,4410041955,4410042000,0,0
 * </pre>
 * where {@code state} is the {@link GeneratorSnapshot}'s fields in their declaration order, or
 * empty when no holder has saved one.
 */
record Record(long epoch, String token, String host, long pid, GeneratorSnapshot state) {

    /** The record as it is written. */
    byte[] encode() {
        StringBuilder b = new StringBuilder(160);
        b.append("epoch=").append(epoch).append('\n');
        b.append("token=").append(token).append('\n');
        b.append("host=").append(printable(host)).append('\n');
        b.append("pid=").append(pid).append('\n');
        b.append("state=");
        if (state != null) {
            GeneratorSnapshot s = state;
            b.append(s.partition()).append(',').append(s.sequenceMin()).append(',').append(s.sequenceMax()).append(',')
                    .append(s.sequence()).append(',').append(s.now()).append(',').append(s.wallHi()).append(',')
                    .append(s.wallSafe()).append(',').append(s.drifts());
        }
        return b.append('\n').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The same record with another holder and epoch. */
    Record heldBy(long newEpoch, String newToken, String newHost, long newPid) {
        return new Record(newEpoch, newToken, newHost, newPid, state);
    }

    /** The same record with another state. */
    Record withState(GeneratorSnapshot newState) {
        return new Record(epoch, token, host, pid, newState);
    }

    /** The same record, released: no token. */
    Record released() {
        return new Record(epoch, "", host, pid, state);
    }

    /**
     * Reads a record.
     *
     * @throws Unreadable if the data is not a record sno wrote (another tool's, or damaged), or
     *     its epoch cannot be raised; the message says what is wrong, quoting at most one bounded,
     *     escaped value
     */
    static Record decode(byte[] data) throws Unreadable {
        Map<String, String> fields = new HashMap<>();
        String text = data == null ? "" : new String(data, StandardCharsets.UTF_8);
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                fields.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        for (String key : new String[] {"epoch", "token", "host", "pid", "state"}) {
            if (!fields.containsKey(key)) {
                throw new Unreadable("no " + key + " line in \"" + SafeText.of(text, 100) + "\"");
            }
        }
        // The epoch is raised by every acquisition: Long.MAX_VALUE could only wrap to a negative one.
        long epoch = number(fields.get("epoch"), "epoch", 1, Long.MAX_VALUE - 1);
        long pid = number(fields.get("pid"), "pid", Long.MIN_VALUE, Long.MAX_VALUE);
        String state = fields.get("state");
        GeneratorSnapshot snapshot = null;
        if (!state.isEmpty()) {
            try {
                snapshot = snapshot(state);
            } catch (IllegalArgumentException e) {
                throw new Unreadable("state \"" + SafeText.of(state, 100) + "\" is not 8 numbers of a generator state");
            }
        }
        return new Record(epoch, fields.get("token"), fields.get("host"), pid, snapshot);
    }

    /** A field's number, exactly as {@link Long#toString(long)} writes it, in [min, max]. */
    private static long number(String text, String key, long min, long max) throws Unreadable {
        if (text.length() <= 20) {
            try {
                long v = Long.parseLong(text);
                if (v >= min && v <= max && Long.toString(v).equals(text)) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // below
            }
        }
        throw new Unreadable(key + " \"" + SafeText.of(text, 100) + "\" is not a whole number from " + min + " to " + max);
    }

    private static GeneratorSnapshot snapshot(String text) {
        String[] f = text.split(",", -1);
        if (f.length != 8) {
            throw new IllegalArgumentException("state has " + f.length + " fields, not 8");
        }
        return new GeneratorSnapshot(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]),
                Long.parseLong(f[7]));
    }

    /** Data in a record znode that is not a record sno can use; the message says why. */
    static final class Unreadable extends Exception {

        private static final long serialVersionUID = 1L;

        Unreadable(String reason) {
            super(reason, null, false, false);
        }
    }

    /** A host name as one line: control characters become '?'. */
    private static String printable(String host) {
        StringBuilder b = new StringBuilder(host.length());
        host.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }
}
