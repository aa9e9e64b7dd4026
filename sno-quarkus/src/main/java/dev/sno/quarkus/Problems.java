package dev.sno.quarkus;

import dev.sno.config.SafeText;
import jakarta.ws.rs.core.Response;

/**
 * RFC 9457 problem details for requests that carry a malformed sno ID, written by hand so that
 * they need no JSON library: {@code type}, {@code title}, {@code status}, {@code detail} and the
 * extension members {@code parameter} and {@code in} where known.
 */
final class Problems {

    /** The media type of a problem body. */
    static final String MEDIA_TYPE = "application/problem+json";

    private Problems() {
    }

    /**
     * A 400 answer.
     *
     * @param detail     what is wrong, naming the value; escaped and bounded here ({@link SafeText}),
     *                   since it may quote what the client sent
     * @param parameter  the request parameter's name, or null
     * @param in         where the parameter is (path, query, header, form, cookie, body), or null
     */
    static Response badRequest(String detail, String parameter, String in) {
        StringBuilder sb = new StringBuilder(128).append("{\"type\":\"about:blank\",\"title\":\"Invalid sno ID\","
                + "\"status\":400,\"detail\":");
        quote(sb, SafeText.of(detail));
        if (parameter != null) {
            sb.append(",\"parameter\":");
            quote(sb, SafeText.of(parameter));
        }
        if (in != null) {
            sb.append(",\"in\":");
            quote(sb, in);
        }
        String body = sb.append('}').toString();
        return Response.status(Response.Status.BAD_REQUEST).type(MEDIA_TYPE).entity(body).build();
    }

    /** Appends s as a JSON string. */
    static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
