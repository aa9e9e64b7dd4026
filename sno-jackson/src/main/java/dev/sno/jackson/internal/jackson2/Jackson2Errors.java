package dev.sno.jackson.internal.jackson2;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.sno.SnoId;
import dev.sno.jackson.SnoJsonError;
import dev.sno.jackson.internal.JsonErrors;
import java.util.Optional;

/** {@link SnoJsonError#of(Throwable)} for Jackson 2's failures; loaded only when one is seen. */
public final class Jackson2Errors {

    private Jackson2Errors() {
    }

    /**
     * What a Jackson 2 failure says about a sno ID.
     *
     * @param failure  a {@code JsonMappingException}
     * @return the detail and path, or empty
     */
    public static Optional<SnoJsonError> of(Throwable failure) {
        String detail = null;
        if (failure instanceof MismatchedInputException e) {
            detail = JsonErrors.snoCause(e);
            if (detail == null && e instanceof InvalidTypeIdException invalid) {
                detail = JsonErrors.typeId(invalid.getBaseType() == null ? null : invalid.getBaseType().getRawClass(),
                        invalid.getTypeId());
            } else if (detail == null && e.getTargetType() == SnoId.class) {
                detail = JsonErrors.firstLine(e.getOriginalMessage());
            }
        } else if (failure instanceof InvalidDefinitionException e) {
            detail = JsonErrors.abstractBase(e.getType() == null ? null : e.getType().getRawClass());
        }
        return detail == null ? Optional.empty() : Optional.of(new SnoJsonError(detail, path((JsonMappingException) failure)));
    }

    /** The JSON path of the failing value; null at the root. */
    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            JsonErrors.step(sb, r.getFieldName(), r.getIndex());
        }
        return sb.length() == 0 ? null : sb.toString();
    }
}
