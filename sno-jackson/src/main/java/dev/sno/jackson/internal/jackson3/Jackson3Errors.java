package dev.sno.jackson.internal.jackson3;

import dev.sno.SnoId;
import dev.sno.jackson.SnoJsonError;
import dev.sno.jackson.internal.JsonErrors;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.exc.MismatchedInputException;

/** {@link SnoJsonError#of(Throwable)} for Jackson 3's failures; loaded only when one is seen. */
public final class Jackson3Errors {

    private Jackson3Errors() {
    }

    /**
     * What a Jackson 3 failure says about a sno ID.
     *
     * @param failure  a {@code DatabindException}
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
        return detail == null ? Optional.empty() : Optional.of(new SnoJsonError(detail, path((DatabindException) failure)));
    }

    /** The JSON path of the failing value; null at the root. */
    private static String path(DatabindException e) {
        StringBuilder sb = new StringBuilder();
        for (JacksonException.Reference r : e.getPath()) {
            JsonErrors.step(sb, r.getPropertyName(), r.getIndex());
        }
        return sb.length() == 0 ? null : sb.toString();
    }
}
