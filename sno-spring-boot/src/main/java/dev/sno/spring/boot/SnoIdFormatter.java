package dev.sno.spring.boot;

import dev.sno.SnoId;
import java.util.Locale;
import org.springframework.format.Formatter;

/**
 * {@code SnoId} to and from its canonical text for Spring's conversion service: path variables,
 * request parameters and headers in Spring MVC and WebFlux, and the IDs of Spring Data's
 * {@code DomainClassConverter}. Spring Boot registers it with the web conversion service because
 * it is a bean. Malformed text fails with {@link dev.sno.InvalidSnoIdException}, which the web
 * frameworks turn into 400 Bad Request.
 */
public final class SnoIdFormatter implements Formatter<SnoId> {

    /** The one instance. */
    public static final SnoIdFormatter INSTANCE = new SnoIdFormatter();

    private SnoIdFormatter() {
    }

    /**
     * The canonical form.
     *
     * @param id      the ID
     * @param locale  ignored
     * @return its 16 characters
     */
    @Override
    public String print(SnoId id, Locale locale) {
        return id.toString();
    }

    /**
     * Parses the canonical form, strictly.
     *
     * @param text    16 characters of the sno alphabet
     * @param locale  ignored
     * @return the ID
     * @throws dev.sno.InvalidSnoIdException if text is not a sno ID; the message quotes it
     */
    @Override
    public SnoId parse(String text, Locale locale) {
        return SnoId.parse(text);
    }
}
