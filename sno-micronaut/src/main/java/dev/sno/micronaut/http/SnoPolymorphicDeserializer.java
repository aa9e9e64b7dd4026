package dev.sno.micronaut.http;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jackson.SnoMeta;
import dev.sno.jackson.SnoPolymorphic;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanIntrospector;
import io.micronaut.core.type.Argument;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import io.micronaut.serde.LimitingStream;
import io.micronaut.serde.exceptions.SerdeException;
import io.micronaut.serde.support.util.JsonNodeDecoder;
import java.io.IOException;
import java.util.Optional;

/**
 * Metabyte dispatch ({@link SnoPolymorphic}) in Micronaut Serialization: reading a body into the
 * base type picks the subtype whose {@link SnoMeta} is the metabyte of the body's {@code "id"}, as
 * sno-jackson's module does for Jackson databind, and fails in the same words (a missing, null or
 * non-string {@code id}, a malformed one, a metabyte no subtype has), which the HTTP server answers
 * with a 400 problem. Micronaut Serialization finds a type's deserializer among the beans by their
 * type argument, fixed when the application compiles, so the application declares one bean per
 * base type, with an empty body:
 *
 * <pre>
 * {@literal @}SnoPolymorphic({Person.class, Company.class})
 * {@literal @}Serdeable
 * public abstract class Party { public SnoId id; }
 *
 * {@literal @}Serdeable {@literal @}SnoMeta(1) public class Person extends Party { public String name; }
 * {@literal @}Serdeable {@literal @}SnoMeta(2) public class Company extends Party { public String vat; }
 *
 * {@literal @}Singleton
 * class PartyDeserializer extends SnoPolymorphicDeserializer&lt;Party&gt; { }
 * </pre>
 *
 * <p>The subtypes and their metabytes are read from the build-time introspections (no reflection):
 * the base type and the subtypes must be {@code @Serdeable} (as Micronaut Serialization needs to
 * read them at all). The subtype's own deserializer then reads the body, with the context's
 * settings. Writing needs nothing: Micronaut Serialization writes a value by its runtime type.
 *
 * @param <T> the base type, annotated with {@link SnoPolymorphic}
 */
// exports: its API names Micronaut Serialization's and sno-jackson's types, which an application
// that uses it requires itself; transitive would make every module-path application resolve them.
@SuppressWarnings("exports")
@Requires(classes = {Deserializer.class, SnoPolymorphic.class}) // micronaut-serde-support comes with them
public abstract class SnoPolymorphicDeserializer<T> implements Deserializer<T> {

    /** For the application's bean of its base type. */
    protected SnoPolymorphicDeserializer() {
    }

    /**
     * The deserializer of the base type, with its subtypes by metabyte.
     *
     * @param context  the context
     * @param type     the base type, annotated with {@link SnoPolymorphic}
     * @return its deserializer
     * @throws SerdeException if the annotations do not make a table of subtypes
     */
    @Override
    public final Deserializer<T> createSpecific(DecoderContext context, Argument<? super T> type)
            throws SerdeException {
        return new Specific<>(Table.of(type.getType()));
    }

    /**
     * Reads the body as the subtype its ID's metabyte names.
     *
     * @param decoder  the decoder
     * @param context  the context
     * @param type     the base type
     * @return the subtype's value
     * @throws IOException if the ID picks no subtype, or the subtype cannot be read
     */
    @Override
    public final T deserialize(Decoder decoder, DecoderContext context, Argument<? super T> type)
            throws IOException {
        return createSpecific(context, type).deserialize(decoder, context, type);
    }

    /** The deserializer of one base type. */
    private static final class Specific<T> implements Deserializer<T> {
        private final Table table;

        Specific(Table table) {
            this.table = table;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"}) // the subtype's deserializer, found by its type
        public T deserialize(Decoder decoder, DecoderContext context, Argument<? super T> type) throws IOException {
            JsonNode node = decoder.decodeNode();
            JsonNode id = node.isObject() ? node.get(SnoPolymorphic.PROPERTY) : null;
            if (id == null || id.isNull() || id.isObject() || id.isArray()) {
                throw new SnoIdSerde.Malformed(PolymorphicMessages.missing(table.base, table.describe()), null, null);
            }
            // A number or a boolean is read as its text, as Jackson reads a scalar type id: the
            // same "Invalid sno ID" answer as sno-jackson's
            Class<?> sub = table.subtypeFor(id.isString() ? id.getStringValue() : id.coerceStringValue());
            Argument subtype = Argument.of(sub);
            Deserializer<?> specific = context.findDeserializer(subtype).createSpecific(context, subtype);
            if (specific instanceof Specific || specific instanceof SnoPolymorphicDeserializer) {
                throw new SerdeException(PolymorphicMessages.loop(sub));
            }
            LimitingStream.RemainingLimits limits = context.getSerdeConfiguration()
                    .map(LimitingStream::limitsFromConfiguration).orElse(LimitingStream.DEFAULT_LIMITS);
            return (T) specific.deserialize(JsonNodeDecoder.create(node, limits), context, subtype);
        }
    }

    /** The subtypes of one base type by metabyte, from their introspections. */
    static final class Table {
        final Class<?> base;
        private final Class<?>[] byMeta = new Class<?>[256];
        private final StringBuilder known = new StringBuilder();

        private Table(Class<?> base) {
            this.base = base;
        }

        static Table of(Class<?> base) throws SerdeException {
            Table table = new Table(base);
            AnnotationMetadata meta = introspection(base).map(BeanIntrospection::getAnnotationMetadata)
                    .orElse(AnnotationMetadata.EMPTY_METADATA);
            if (!meta.hasAnnotation(SnoPolymorphic.class)) {
                throw new SerdeException(PolymorphicMessages.notPolymorphic(base));
            }
            for (Class<?> sub : meta.classValues(SnoPolymorphic.class)) {
                Optional<Integer> given = introspection(sub).map(i -> i.getAnnotationMetadata().intValue(SnoMeta.class))
                        .flatMap(v -> v.isPresent() ? Optional.of(v.getAsInt()) : Optional.empty());
                int m = given.orElse(0);
                String error = given.isEmpty() ? PolymorphicMessages.noMeta(sub, base)
                        : m < 0 || m > 255 ? PolymorphicMessages.outOfRange(m, sub)
                        : table.byMeta[m] != null ? PolymorphicMessages.twice(table.byMeta[m], sub, m) : null;
                if (error != null) {
                    throw new SerdeException(error);
                }
                table.byMeta[m] = sub;
                table.known.append(table.known.length() == 0 ? "" : ", ").append("@SnoMeta(").append(m).append(") ")
                        .append(sub.getSimpleName());
            }
            return table;
        }

        private static Optional<BeanIntrospection<Object>> introspection(Class<?> type) {
            @SuppressWarnings("unchecked")
            Class<Object> c = (Class<Object>) type;
            return BeanIntrospector.SHARED.findIntrospection(c);
        }

        String describe() {
            return known.toString();
        }

        Class<?> subtypeFor(String text) throws SerdeException {
            SnoId id;
            try {
                id = SnoId.parse(text);
            } catch (InvalidSnoIdException e) {
                throw new SnoIdSerde.Malformed(e.getMessage(), e, text);
            }
            Class<?> sub = byMeta[id.meta()];
            if (sub == null || !base.isAssignableFrom(sub)) {
                throw new SnoIdSerde.Malformed(PolymorphicMessages.unknown(id, base, describe()), null, text);
            }
            return sub;
        }
    }
}
