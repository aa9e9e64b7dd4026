package dev.sno.jackson2;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.DatabindContext;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.jsontype.impl.TypeIdResolverBase;
import com.fasterxml.jackson.databind.util.ClassUtil;
import dev.sno.jackson.SnoPolymorphic;
import dev.sno.jackson.internal.Messages;
import dev.sno.jackson.internal.MetaTable;
import java.io.IOException;

/**
 * Jackson 2 type id resolver behind {@link SnoPolymorphic}: the type id is the sno ID itself,
 * and its metabyte selects the subtype.
 */
final class SnoMetaTypeIdResolver extends TypeIdResolverBase {

    private JavaType base;
    private MetaTable table;

    /** Created by {@link SnoAnnotationIntrospector} for each {@link SnoPolymorphic} base type. */
    SnoMetaTypeIdResolver() {
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
     * @param value  the value
     * @return the metabyte as a string, or null
     */
    @Override
    public String idFromValue(Object value) {
        return MetaTable.idOf(value == null ? null : value.getClass());
    }

    /**
     * The metabyte of the given type.
     *
     * @param value  the value
     * @param type   its type
     * @return the metabyte as a string, or null
     */
    @Override
    public String idFromValueAndType(Object value, Class<?> type) {
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
    public JavaType typeFromId(DatabindContext context, String id) throws IOException {
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
