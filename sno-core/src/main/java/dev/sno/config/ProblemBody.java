package dev.sno.config;

/**
 * The JSON body of an RFC 9457 problem detail ({@value #MEDIA_TYPE}) for a request that carries a
 * malformed sno ID or time window, written by hand so that it needs no JSON library: what the
 * framework modules without a problem type of their own (the Quarkus extension, the Micronaut
 * module) answer, so that both say the same of the same request, in the same members and with the
 * same escaping, but for {@code instance}, which the Micronaut module writes (as Spring's problems
 * have it) and the Quarkus extension does not. The members are, in this order, {@code type} ({@code about:blank}),
 * {@code title}, {@code status} (400), {@code detail}, and where known {@code instance} (the
 * request's path), {@code parameter} (the request parameter's name, or a body's JSON path) and
 * {@code in} (where the parameter is: path, query, header, cookie, form or body).
 *
 * <p>The detail and the parameter may quote what a client sent: they are passed through
 * {@link SafeText#of(String)}, and the instance through {@link SafeText#path(String)}, before
 * they are written as JSON strings.
 */
public final class ProblemBody {

    /** The media type of a problem body. */
    public static final String MEDIA_TYPE = "application/problem+json";

    /** The title of the problem of a malformed sno ID. */
    public static final String INVALID_ID = "Invalid sno ID";

    /** The title of the problem of a time window that could not be read. */
    public static final String INVALID_TIME_WINDOW = "Invalid time window";

    private ProblemBody() {
    }

    /**
     * The body of a 400 problem.
     *
     * @param title      {@link #INVALID_ID} or {@link #INVALID_TIME_WINDOW} (written as given)
     * @param detail     what is wrong, naming the value; escaped and bounded here
     * @param instance   the request's path as sent (percent-encoded), or null to leave it out
     * @param parameter  the parameter's name or JSON path, or null to leave it out
     * @param in         where the parameter is, or null to leave it out (written as given)
     * @return the JSON object
     */
    public static String badRequest(String title, String detail, String instance, String parameter, String in) {
        StringBuilder sb = new StringBuilder(160).append("{\"type\":\"about:blank\",\"title\":");
        quote(sb, title);
        sb.append(",\"status\":400,\"detail\":");
        quote(sb, SafeText.of(detail));
        if (instance != null) {
            sb.append(",\"instance\":");
            quote(sb, SafeText.path(instance));
        }
        if (parameter != null) {
            sb.append(",\"parameter\":");
            quote(sb, SafeText.of(parameter));
        }
        if (in != null) {
            sb.append(",\"in\":");
            quote(sb, in);
        }
        return sb.append('}').toString();
    }

    /** Appends s as a JSON string. */
    private static void quote(StringBuilder sb, String s) {
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
