package dev.sno.zookeeper;

import dev.sno.GeneratorSnapshot;
import java.io.IOException;
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
     * Reads a record; fails naming the znode when its data is not one (written by something else).
     */
    static Record decode(String path, byte[] data) throws IOException {
        Map<String, String> fields = new HashMap<>();
        String text = data == null ? "" : new String(data, StandardCharsets.UTF_8);
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                fields.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        try {
            long epoch = Long.parseLong(required(fields, "epoch"));
            String token = required(fields, "token");
            String host = required(fields, "host");
            long pid = Long.parseLong(required(fields, "pid"));
            String state = required(fields, "state");
            return new Record(epoch, token, host, pid, state.isEmpty() ? null : snapshot(state));
        } catch (IllegalArgumentException e) {
            throw new IOException("The znode " + path + " is not a sno lease record (" + e.getMessage()
                    + "); it belongs to something else: choose another root or namespace", e);
        }
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

    private static String required(Map<String, String> fields, String key) {
        String v = fields.get(key);
        if (v == null) {
            throw new IllegalArgumentException("no " + key + " line");
        }
        return v;
    }

    /** A host name as one line: control characters become '?'. */
    private static String printable(String host) {
        StringBuilder b = new StringBuilder(host.length());
        host.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }
}
