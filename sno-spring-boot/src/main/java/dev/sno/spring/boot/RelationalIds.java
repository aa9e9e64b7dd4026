package dev.sno.spring.boot;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.nio.ByteBuffer;
import java.util.UUID;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.InstantiationAwarePropertyAccessor;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;

/**
 * What Spring Data JDBC and Spring Data R2DBC share (both map through Spring Data Relational):
 * the ID assignment of their before-convert callbacks, and the UUID and binary converters, between
 * which the {@code sno.data.binary-ids} setting ({@link DataIds}) chooses.
 */
final class RelationalIds {

    private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

    private RelationalIds() {
    }

    /**
     * The entity, or a copy of it (records and other immutable classes), with a new ID from the
     * generator if its {@code @Id} is a null {@code SnoId}: metabyte and generator from an
     * optional {@link SnoGeneratedId} on the ID. Any other entity is returned as it is.
     *
     * @param type       the entity's persistent type, or null if the mapping context has none
     * @param entity     the entity
     * @param generator  the application's generator
     * @param beans      where a generator supplier named by {@link SnoGeneratedId} comes from
     */
    static Object withId(RelationalPersistentEntity<?> type, Object entity, SnoGenerator generator,
            AutowireCapableBeanFactory beans) {
        RelationalPersistentProperty id = type == null ? null : type.getIdProperty();
        if (id == null || id.getType() != SnoId.class) {
            return entity;
        }
        PersistentPropertyAccessor<Object> accessor = new InstantiationAwarePropertyAccessor<>(entity,
                type::getPropertyAccessor, INSTANTIATORS);
        if (accessor.getProperty(id) != null) {
            return entity;
        }
        SnoGeneratedId config = id.findAnnotation(SnoGeneratedId.class);
        SnoGenerator source = generator;
        if (config != null && config.generator() != SnoGeneratedId.Installed.class) {
            source = DataIds.supplier(beans, config.generator()).get();
        }
        accessor.setProperty(id, source.next(config == null ? 0 : config.meta()));
        return accessor.getBean();
    }

    /** Writes a {@code SnoId} as its UUID image. */
    @WritingConverter
    static final class SnoIdToUuid implements Converter<SnoId, UUID> {
        @Override
        public UUID convert(SnoId source) {
            return source.toUuid();
        }
    }

    /** Reads a {@code SnoId} from its UUID image. */
    @ReadingConverter
    static final class UuidToSnoId implements Converter<UUID, SnoId> {
        @Override
        public SnoId convert(UUID source) {
            return SnoId.fromUuid(source);
        }
    }

    /** The ID in 16 bytes (its UUID image) or 10 (its own bytes). */
    private static SnoId fromBytes(byte[] bytes) {
        // 10 bytes, else InvalidSnoIdException naming the bytes and their length
        return bytes.length == 16 ? SnoId.fromUuidBytes(bytes) : SnoId.fromBytes(bytes);
    }

    /** Writes a {@code SnoId} as the 16 bytes of its UUID image. */
    @WritingConverter
    static final class SnoIdToBytes implements Converter<SnoId, byte[]> {
        @Override
        public byte[] convert(SnoId source) {
            return source.toUuidBytes();
        }
    }

    /** Reads a {@code SnoId} from the 16 bytes of its UUID image, or from its own 10 bytes. */
    @ReadingConverter
    static final class BytesToSnoId implements Converter<byte[], SnoId> {
        @Override
        public SnoId convert(byte[] source) {
            return fromBytes(source);
        }
    }

    /** Reads a {@code SnoId} from a buffer's remaining bytes, as {@link BytesToSnoId} does. */
    @ReadingConverter
    static final class ByteBufferToSnoId implements Converter<ByteBuffer, SnoId> {
        @Override
        public SnoId convert(ByteBuffer source) {
            ByteBuffer bytes = source.duplicate();
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            return fromBytes(copy);
        }
    }
}
