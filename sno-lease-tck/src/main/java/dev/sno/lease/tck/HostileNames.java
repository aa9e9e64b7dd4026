package dev.sno.lease.tck;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a careless script or another tool can leave in a store's lists of partitions: names that a
 * lenient parser reads as a partition number although the store never writes them so, names whose
 * value is huge, and names of another shape (a lock file, a backup copy, a nested key).
 */
final class HostileNames {

    /** Text another tool wrote where a record belongs: control characters and a forged log line. */
    static final String FORGED = "written by another tool\u001b[2J\r\nINFO sno: partition 1 is yours\u202e";

    /** Another tool's text, of another shape, for a second bad record. */
    static final String BINARY = "\u0000\u00ff{\"epoch\": \"x\"}\u007f";

    private HostileNames() {
    }

    /**
     * The hostile names derived from the canonical names of partitions in play.
     *
     * @param canonical  the names the store itself writes, e.g. {@code "0"} and {@code "1"}
     * @return every hostile name, none of them canonical
     */
    static Set<String> of(List<String> canonical) {
        Set<String> names = new LinkedHashSet<>();
        for (String c : canonical) {
            names.add("0" + c);
            names.add("00" + c);
            names.add("+" + c);
            names.add("-" + c);
            names.add(" " + c);
            names.add(c + " ");
            names.add(c + "\n");
            names.add("0x" + c);
            names.add(c + ".0");
            names.add(c + "e0");
            names.add(digits(c, '\uff10'));     // fullwidth
            names.add(digits(c, '\u0660'));     // Arabic-Indic
            names.add(digits(c, '\u0966'));     // Devanagari
            names.add(c + ".lock");
            names.add(c + ".bak");
            names.add(c + "~");
            names.add("." + c);
            names.add(c + "/history/" + c);
            names.add(c + "/" + c);
        }
        names.add("-0");
        names.add("+0");
        names.add("-1");
        names.add("65536");
        names.add("99999");
        names.add("2147483647");
        names.add("2147483648");
        names.add("4294967297");
        names.add("9223372036854775807");
        names.add("99999999999999999999");
        names.add("0".repeat(40) + "1");
        names.add("NaN");
        names.add("lock");
        names.add("x");
        names.removeAll(canonical);
        return names;
    }

    /**
     * Whether a message has a character that a terminal or log viewer acts on instead of
     * showing: a control character (C0, DEL, C1) or a bidirectional formatting character.
     *
     * @param text  the message
     * @return the index of the first such character, or -1
     */
    static int unsafeCharacter(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f || c == '\u061c' || c == '\u200e' || c == '\u200f'
                    || c >= '\u202a' && c <= '\u202e' || c >= '\u2066' && c <= '\u2069') {
                return i;
            }
        }
        return -1;
    }

    private static String digits(String canonical, char zero) {
        StringBuilder b = new StringBuilder(canonical.length());
        for (int i = 0; i < canonical.length(); i++) {
            char c = canonical.charAt(i);
            b.append(c >= '0' && c <= '9' ? (char) (zero + (c - '0')) : c);
        }
        return b.toString();
    }
}
