package dev.sno.jackson3;

import dev.sno.GeneratorSnapshot;
import dev.sno.SnoId;
import tools.jackson.core.Version;
import tools.jackson.databind.module.SimpleModule;

/**
 * Jackson 3 module for sno: {@link SnoId} as a JSON string in canonical form (10 raw bytes in
 * binary formats such as CBOR and Smile), {@link SnoId} map keys, and {@link GeneratorSnapshot}
 * in the reference's JSON form; types annotated with {@link dev.sno.jackson.SnoPolymorphic} are
 * read as the subtype their ID's metabyte names.
 *
 * <p>Register it with {@code JsonMapper.builder().addModule(new SnoModule())}, or let
 * {@code findAndAddModules()} find it. Bad input fails with Jackson's own exceptions
 * ({@code InvalidFormatException} or another {@code MismatchedInputException}) that name the
 * value, the target type and the location. The empty string is an error unless coercion of
 * empty strings to null is enabled for {@code SnoId}; it never becomes {@link SnoId#ZERO}.
 */
@SuppressWarnings("exports") // Jackson is an optional, non-transitive dependency: the user requires it
public final class SnoModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    /** Creates the module. */
    public SnoModule() {
        super("SnoModule", Version.unknownVersion());
        addSerializer(SnoId.class, SnoIdSerializer.INSTANCE);
        addDeserializer(SnoId.class, SnoIdDeserializer.INSTANCE);
        addKeySerializer(SnoId.class, SnoIdKeySerializer.INSTANCE);
        addKeyDeserializer(SnoId.class, SnoIdKeyDeserializer.INSTANCE);
        addSerializer(GeneratorSnapshot.class, SnapshotSerializer.INSTANCE);
        addDeserializer(GeneratorSnapshot.class, SnapshotDeserializer.INSTANCE);
    }

    /**
     * Registers the serializers and deserializers, and the annotation introspector that gives
     * {@link dev.sno.jackson.SnoPolymorphic} its meaning.
     *
     * @param context  the mapper's setup context
     */
    @Override
    public void setupModule(tools.jackson.databind.JacksonModule.SetupContext context) {
        super.setupModule(context);
        context.insertAnnotationIntrospector(new SnoAnnotationIntrospector());
    }
}
