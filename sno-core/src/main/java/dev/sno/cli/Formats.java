package dev.sno.cli;

import dev.sno.SnoId;

/** The ways the commands print an ID. */
final class Formats {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Formats() {
    }

    /** One JSON object, on one line, without the line end. */
    static void json(SnoId id, StringBuilder sb) {
        sb.append("{\"id\":\"").append(id)
                .append("\",\"uuid\":\"").append(id.toUuid())
                .append("\",\"time\":\"").append(id.time())
                .append("\",\"epochMilli\":").append(id.toEpochMilli())
                .append(",\"timeUnits\":").append(id.timeUnits())
                .append(",\"tickTock\":").append(id.tickTock())
                .append(",\"meta\":").append(id.meta())
                .append(",\"partition\":").append(id.partition())
                .append(",\"sequence\":").append(id.sequence())
                .append(",\"bytes\":\"").append(hex(id, "")).append("\"}");
    }

    /** The labelled block inspect prints, each line ending in a newline. */
    static void block(SnoId id, StringBuilder sb) {
        sb.append("id          ").append(id).append('\n')
                .append("uuid        ").append(id.toUuid()).append('\n')
                .append("time        ").append(id.time()).append('\n')
                .append("epochMilli  ").append(id.toEpochMilli()).append('\n')
                .append("timeUnits   ").append(id.timeUnits()).append('\n')
                .append("tickTock    ").append(id.tickTock() ? 1 : 0).append('\n')
                .append("meta        ").append(id.meta()).append('\n')
                .append("partition   ").append(id.partition())
                .append(String.format(" (0x%04x)", id.partition())).append('\n')
                .append("sequence    ").append(id.sequence()).append('\n')
                .append("bytes       ").append(hex(id, " ")).append('\n');
    }

    private static String hex(SnoId id, String separator) {
        StringBuilder sb = new StringBuilder(30);
        for (byte b : id.toBytes()) {
            if (sb.length() > 0) {
                sb.append(separator);
            }
            sb.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
        }
        return sb.toString();
    }
}
