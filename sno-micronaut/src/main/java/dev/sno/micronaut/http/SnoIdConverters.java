package dev.sno.micronaut.http;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import io.micronaut.core.convert.ConversionContext;
import io.micronaut.core.convert.MutableConversionService;
import io.micronaut.core.convert.TypeConverterRegistrar;
import io.micronaut.core.type.Argument;
import io.micronaut.core.util.CollectionUtils;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Converts request text (path variables, query values, headers, cookies) to {@link SnoId}, strictly:
 * {@link SnoId#parse} of the text as sent, so an empty value, a space around the ID or a wrong
 * character fails; and to arrays, lists and sets of it, split at commas, every element as strict (an
 * empty element fails, trailing ones too: Micronaut's own split drops them). A value that fails is
 * rejected on the conversion context with its {@link InvalidSnoIdException}: Micronaut reports a
 * {@code ConversionErrorException}, which {@link SnoProblemHandler} answers with 400.
 *
 * <p>The converters of text to {@code List} and {@code Set} apply to every element type; for any
 * other than {@code SnoId} they hand the text to Micronaut's own conversion to {@code Iterable}
 * and return what it returns, as Micronaut would.
 */
@Singleton
final class SnoIdConverters implements TypeConverterRegistrar {

    /** Created by Micronaut. */
    SnoIdConverters() {
    }

    @Override
    public void register(MutableConversionService conversionService) {
        conversionService.addConverter(CharSequence.class, SnoId.class, SnoIdConverters::one);
        conversionService.addConverter(CharSequence.class, SnoId[].class, SnoIdConverters::array);
        conversionService.addConverter(SnoId.class, String.class, SnoId::toString);
        conversionService.addConverter(CharSequence.class, List.class,
                (CharSequence text, Class<List> type, ConversionContext context) -> collection(conversionService, text, type, context));
        conversionService.addConverter(CharSequence.class, Set.class,
                (CharSequence text, Class<Set> type, ConversionContext context) -> collection(conversionService, text, type, context));
    }

    /** Text to a list or set: strict for sno IDs, else Micronaut's conversion to Iterable. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static <C> Optional<C> collection(MutableConversionService service, CharSequence text, Class<C> type,
            ConversionContext context) {
        Argument<?> element = context.getFirstTypeVariable().orElse(null);
        if (element == null || element.getType() != SnoId.class) {
            return service.convert(text, Iterable.class, context)
                    .flatMap(all -> CollectionUtils.convertCollection((Class) type, iterableToList(all)))
                    .map(c -> (C) c);
        }
        List<SnoId> ids = new ArrayList<>();
        for (String part : text.toString().split(",", -1)) {
            try {
                ids.add(SnoId.parse(part));
            } catch (InvalidSnoIdException e) {
                context.reject(text, e);
                return Optional.empty();
            }
        }
        return CollectionUtils.convertCollection((Class) type, ids).map(c -> (C) c);
    }

    private static List<Object> iterableToList(Iterable<?> all) {
        List<Object> list = new ArrayList<>();
        all.forEach(list::add);
        return list;
    }

    private static Optional<SnoId> one(CharSequence text, Class<SnoId> type, ConversionContext context) {
        try {
            return Optional.of(SnoId.parse(text));
        } catch (InvalidSnoIdException e) {
            context.reject(text, e);
            return Optional.empty();
        }
    }

    private static Optional<SnoId[]> array(CharSequence text, Class<SnoId[]> type, ConversionContext context) {
        String[] parts = text.toString().split(",", -1);
        SnoId[] ids = new SnoId[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                ids[i] = SnoId.parse(parts[i]);
            } catch (InvalidSnoIdException e) {
                context.reject(text, e);
                return Optional.empty();
            }
        }
        return Optional.of(ids);
    }
}
