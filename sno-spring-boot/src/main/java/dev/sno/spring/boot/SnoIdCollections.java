package dev.sno.spring.boot;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.springframework.core.CollectionFactory;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.ConditionalGenericConverter;

/**
 * Lists, sets and arrays of {@link SnoId} from request text (query and path parameters, headers;
 * {@code ?ids=a,b} or {@code ?ids=a&ids=b}), as strict as a single value: every element is
 * {@link SnoId#parse}d as sent. Spring's own collection conversion trims each element and turns
 * an empty one into {@code null}, so {@code ?ids=%202222222222222222} read a trimmed ID and
 * {@code ?ids=2222222222222222,,} a list with nulls (issue 30); here both fail with
 * {@link InvalidSnoIdException}, which the starter's advice answers with 400. A single
 * {@code SnoId} from text is converted here too, strictly: Spring's formatter adapter turns an
 * empty text into {@code null} before any formatter sees it, and when a collection conversion
 * fails Spring converts the elements one by one through that adapter (so {@code ?ids=a&ids=}
 * became {@code [a, null]}); here an empty text is an invalid ID. A bean, which Spring Boot adds
 * to the MVC and WebFlux conversion services, ahead of Spring's converters for the same types (it
 * applies only when the target, or its element type, is {@code SnoId}).
 */
public final class SnoIdCollections implements ConditionalGenericConverter {

    /** The one instance. */
    public static final SnoIdCollections INSTANCE = new SnoIdCollections();

    private SnoIdCollections() {
    }

    /**
     * Text and arrays of text to collections and arrays.
     *
     * @return the pairs
     */
    @Override
    public Set<ConvertiblePair> getConvertibleTypes() {
        return Set.of(new ConvertiblePair(String.class, SnoId.class), new ConvertiblePair(String.class,
                Collection.class), new ConvertiblePair(String.class, Object[].class),
                new ConvertiblePair(String[].class, Collection.class), new ConvertiblePair(String[].class,
                        Object[].class));
    }

    /**
     * Only for {@code SnoId} and collections or arrays of it.
     *
     * @param sourceType  the source
     * @param targetType  the target
     * @return whether the target, or its elements, are sno IDs
     */
    @Override
    public boolean matches(TypeDescriptor sourceType, TypeDescriptor targetType) {
        if (targetType.getType() == SnoId.class) {
            return true;
        }
        TypeDescriptor element = targetType.getElementTypeDescriptor();
        return element != null && element.getType() == SnoId.class;
    }

    /**
     * Parses the text; for a collection or array, splits at commas and parses every element as
     * sent.
     *
     * @param source      a String or String[]
     * @param sourceType  its type
     * @param targetType  SnoId, or a collection or array of it
     * @return the ID, or the IDs in order
     * @throws InvalidSnoIdException for the first element that is not a sno ID, empty ones included
     */
    @Override
    public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
        if (source == null) {
            return null;
        }
        if (targetType.getType() == SnoId.class) {
            return SnoId.parse((String) source);
        }
        List<SnoId> ids = new ArrayList<>();
        for (String text : source instanceof String[] texts ? texts : new String[] {(String) source}) {
            for (String part : text.split(",", -1)) {
                ids.add(SnoId.parse(part));
            }
        }
        if (targetType.isArray()) {
            Object array = Array.newInstance(SnoId.class, ids.size());
            for (int i = 0; i < ids.size(); i++) {
                Array.set(array, i, ids.get(i));
            }
            return array;
        }
        Collection<Object> target = CollectionFactory.createCollection(targetType.getType(), SnoId.class, ids.size());
        target.addAll(ids);
        return target;
    }
}
