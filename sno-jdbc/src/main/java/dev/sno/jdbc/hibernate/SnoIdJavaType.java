package dev.sno.jdbc.hibernate;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.jdbc.internal.DatabaseValues;
import java.util.UUID;
import org.hibernate.HibernateException;
import org.hibernate.dialect.Dialect;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.AbstractClassJavaType;
import org.hibernate.type.descriptor.java.ImmutableMutabilityPlan;
import org.hibernate.type.descriptor.jdbc.JdbcType;
import org.hibernate.type.descriptor.jdbc.JdbcTypeIndicators;

/**
 * Hibernate's description of {@link SnoId}: an immutable value stored through its canonical UUID
 * image in the column type Hibernate chooses for {@code java.util.UUID}: the database's UUID type
 * by default, {@code BINARY(16)} (the 16 image bytes) with
 * {@code hibernate.type.preferred_uuid_jdbc_type=BINARY}, which MariaDB and MySQL need for
 * sno order (tested on MariaDB 11.4 and H2). Registered by {@link SnoTypeContributor}.
 */
@SuppressWarnings("exports") // Hibernate is an optional, non-transitive dependency: the user requires it
public final class SnoIdJavaType extends AbstractClassJavaType<SnoId> {

    private static final long serialVersionUID = 1L;

    /** The instance Hibernate uses. */
    public static final SnoIdJavaType INSTANCE = new SnoIdJavaType();

    private SnoIdJavaType() {
        super(SnoId.class, ImmutableMutabilityPlan.instance());
    }

    /**
     * The JDBC type Hibernate prefers for UUIDs, as for {@code java.util.UUID}: {@link SqlTypes#UUID}
     * unless {@code hibernate.type.preferred_uuid_jdbc_type} names another ({@code BINARY},
     * {@code CHAR}); the dialect's type for it, whose reading of a value that is not a sno ID
     * names the column: {@code Not a sno ID in column 'id': <value> (<reason>)}.
     *
     * @param indicators  Hibernate's context
     * @return the JDBC type for the preferred UUID type code
     */
    @Override
    public JdbcType getRecommendedJdbcType(JdbcTypeIndicators indicators) {
        return ColumnNaming.of(indicators.getJdbcType(indicators.getPreferredSqlTypeCodeForUuid()));
    }

    /**
     * The column length of the UUID image, as Hibernate's {@code UUIDJavaType} gives it: 16 bytes
     * in a binary column, 36 characters in a character column (UUID text); both tested.
     *
     * @param dialect   the database's dialect
     * @param jdbcType  the column's JDBC type
     * @return the length
     */
    @Override
    public long getDefaultSqlLength(Dialect dialect, JdbcType jdbcType) {
        if (jdbcType.isBinary()) {
            return 16;
        }
        if (jdbcType.isString()) {
            return 36;
        }
        return super.getDefaultSqlLength(dialect, jdbcType);
    }

    /**
     * The canonical string form.
     *
     * @param value  the ID
     * @return its 16 characters
     */
    @Override
    public String toString(SnoId value) {
        return value.toString();
    }

    /**
     * Parses the canonical string form.
     *
     * @param string  the text
     * @return the ID
     * @throws InvalidSnoIdException if the text is not an ID
     */
    @Override
    public SnoId fromString(CharSequence string) {
        return SnoId.parse(string);
    }

    /**
     * Converts an ID to what the JDBC type binds: UUID, a 16-byte UUID image, its UUID string,
     * or the ID itself.
     *
     * @param value    the ID, or null
     * @param type     the wanted type
     * @param options  Hibernate's options
     * @return the value, or null
     */
    @Override
    @SuppressWarnings("unchecked")
    public <X> X unwrap(SnoId value, Class<X> type, WrapperOptions options) {
        if (value == null) {
            return null;
        }
        if (type == UUID.class || type == Object.class) {
            return (X) value.toUuid();
        }
        if (type == SnoId.class) {
            return (X) value;
        }
        if (type == byte[].class) {
            return (X) value.toUuidBytes();
        }
        if (type == String.class) {
            return (X) value.toUuid().toString();
        }
        throw unknownUnwrap(type);
    }

    /**
     * Converts what the JDBC type read back to an ID.
     *
     * @param value    a UUID, a 16-byte UUID image, a 10-byte ID, a UUID or sno string, an ID,
     *                 or null
     * @param options  Hibernate's options
     * @return the ID, or null
     * @throws HibernateException if the value is not a sno ID: {@code Not a sno ID: <value>
     *     (<reason>)}, and when Hibernate reads a column, {@code Not a sno ID in column 'id': ...}
     */
    @Override
    public <X> SnoId wrap(X value, WrapperOptions options) {
        if (value == null) {
            return null;
        }
        if (value instanceof SnoId) {
            return (SnoId) value;
        }
        try {
            return DatabaseValues.toSnoId(value);
        } catch (DatabaseValues.Rejected e) {
            throw new NotASnoId(null, e);
        }
    }

    /** A value read that is not a sno ID; the column is added where the extractor knows it. */
    static final class NotASnoId extends HibernateException {

        private static final long serialVersionUID = 1L;

        private final DatabaseValues.Rejected rejected;

        NotASnoId(String where, DatabaseValues.Rejected rejected) {
            super("Not a sno ID" + (where == null ? "" : " in " + where) + ": " + rejected.getMessage(), rejected);
            this.rejected = rejected;
        }

        /** The same refusal, naming where the value was read: {@code column 'id'}. */
        NotASnoId in(String where) {
            return new NotASnoId(where, rejected);
        }
    }
}
