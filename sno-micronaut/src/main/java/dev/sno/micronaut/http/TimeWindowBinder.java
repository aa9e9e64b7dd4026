package dev.sno.micronaut.http;

import dev.sno.SnoIdRange;
import dev.sno.config.TimeWindowInput;
import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.convert.ArgumentConversionContext;
import io.micronaut.core.convert.ConversionError;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.bind.binders.TypedRequestArgumentBinder;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;

/**
 * Binds a controller's {@link SnoIdRange} parameter from two query values (see
 * {@link SnoTimeWindow}) through sno-core's {@link TimeWindowInput}. A missing value leaves the
 * argument unsatisfied (Micronaut's 400 for a required argument); a bad one is a conversion error
 * holding {@link TimeWindowInput.Invalid}, which {@link SnoProblemHandler} answers.
 */
@Singleton
final class TimeWindowBinder implements TypedRequestArgumentBinder<SnoIdRange> {

    private static final Argument<SnoIdRange> TYPE = Argument.of(SnoIdRange.class);

    /** Created by Micronaut. */
    TimeWindowBinder() {
    }

    @Override
    public Argument<SnoIdRange> argumentType() {
        return TYPE;
    }

    @Override
    public BindingResult<SnoIdRange> bind(ArgumentConversionContext<SnoIdRange> context, HttpRequest<?> source) {
        AnnotationMetadata a = context.getArgument().getAnnotationMetadata();
        String fromName = a.stringValue(SnoTimeWindow.class, "from").orElse(TimeWindowInput.FROM);
        String toName = a.stringValue(SnoTimeWindow.class, "to").orElse(TimeWindowInput.TO);
        TimeWindowInput.checkNames(fromName, toName, context.getArgument());
        String from = source.getParameters().get(fromName);
        String to = source.getParameters().get(toName);
        if (from == null || to == null) {
            return BindingResult.unsatisfied();
        }
        try {
            SnoIdRange window = TimeWindowInput.read(fromName, from, toName, to);
            return () -> Optional.of(window);
        } catch (TimeWindowInput.Invalid e) {
            ConversionError error = new ConversionError() {
                @Override
                public Exception getCause() {
                    return e;
                }

                @Override
                public Optional<Object> getOriginalValue() {
                    return Optional.of(e.value());
                }
            };
            return new BindingResult<>() {
                @Override
                public Optional<SnoIdRange> getValue() {
                    return Optional.empty();
                }

                @Override
                public List<ConversionError> getConversionErrors() {
                    return List.of(error);
                }
            };
        }
    }
}
