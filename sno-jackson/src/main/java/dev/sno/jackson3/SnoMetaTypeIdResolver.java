package dev.sno.jackson3;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.sno.jackson.SnoPolymorphic;
import dev.sno.jackson.internal.Messages;
import dev.sno.jackson.internal.MetaTable;
import tools.jackson.databind.DatabindContext;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.jsontype.impl.TypeIdResolverBase;
import tools.jackson.databind.util.ClassUtil;

/**
 * Jackson 3 type id resolver behind {@link SnoPolymorphic}: the type id is the sno ID itself,
 * and its metabyte selects the subtype. Public only because Jackson 3 instantiates it by class;
 * not meant to be used directly.
 */
@SuppressWarnings("exports") // Jackson is an optional, non-transitive dependency: the user requires it
public final class SnoMetaTypeIdResolver extends TypeIdResolverBase {

    private static final long serialVersionUID = 1L;

    private transient JavaType base;
    private transient MetaTable table;

    /** Created by Jackson for each {@link SnoPolymorphic} base type. */
    public SnoMetaTypeIdResolver() {
    }

    /**
     * Reads the subtypes of the base type. Inconsistent annotations are reported as Jackson's
     * invalid-definition error when a value is read.
     *
     * @param baseType  the annotated type or one of its subtypes
     */
    @Override
    public void init(JavaType baseType) {
        this.base = baseType;
        this.table = new MetaTable(baseType.getRawClass());
    }

    /**
     * The metabyte of the value's type; not written, as the ID property carries it.
     *
     * @param ctxt   the context
     * @param value  the value
     * @return the metabyte as a string, or null
     */
    @Override
    public String idFromValue(DatabindContext ctxt, Object value) {
        return MetaTable.idOf(value == null ? null : value.getClass());
    }

    /**
     * The metabyte of the given type.
     *
     * @param ctxt   the context
     * @param value  the value
     * @param type   its type
     * @return the metabyte as a string, or null
     */
    @Override
    public String idFromValueAndType(DatabindContext ctxt, Object value, Class<?> type) {
        return MetaTable.idOf(type);
    }

    /**
     * The subtype selected by the metabyte of the sno ID.
     *
     * @param context  the context
     * @param id       the ID property's text
     * @return the subtype
     * @throws InvalidTypeIdException if id is not a sno ID or no subtype has its metabyte
     */
    @Override
    public JavaType typeFromId(DatabindContext context, String id) {
        if (table.definitionError() != null) {
            return context.reportBadDefinition(base, table.definitionError());
        }
        Class<?> sub;
        try {
            sub = table.subtypeFor(id);
        } catch (IllegalArgumentException e) {
            if (context instanceof DeserializationContext) {
                // as DeserializationContext.invalidTypeIdException, with the id quoted safely
                throw InvalidTypeIdException.from(((DeserializationContext) context).getParser(),
                        Messages.unresolvedTypeId(id, ClassUtil.getTypeDescription(base), e.getMessage()), base, id);
            }
            throw e;
        }
        return context.constructSpecializedType(base, sub);
    }

    /**
     * The known metabytes, for error messages.
     *
     * @return a description
     */
    @Override
    public String getDescForKnownTypeIds() {
        return table.describe();
    }

    /**
     * Always {@link JsonTypeInfo.Id#CUSTOM}.
     *
     * @return the mechanism
     */
    @Override
    public JsonTypeInfo.Id getMechanism() {
        return JsonTypeInfo.Id.CUSTOM;
    }
}
