package dev.sno.spring.boot;

import dev.sno.SnoIdRange;
import java.util.List;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Spring MVC: binds {@link SnoIdRange} handler parameters from two request parameters (see
 * {@link SnoTimeWindow}). A missing parameter fails as a missing {@code @RequestParam} does; a
 * bad value as a {@link MethodArgumentTypeMismatchException}, which {@link SnoProblems} answers
 * with a 400 problem detail naming the parameter and the value.
 */
final class SnoTimeWindowMvc implements WebMvcConfigurer, HandlerMethodArgumentResolver {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(this);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return TimeWindowParameters.supports(parameter);
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
            NativeWebRequest request, WebDataBinderFactory binderFactory) throws Exception {
        try {
            return TimeWindowParameters.of(parameter).bind(request::getParameter);
        } catch (TimeWindowParameters.Missing e) {
            throw new MissingServletRequestParameterException(e.name, "Instant");
        } catch (TimeWindowParameters.Invalid e) {
            throw new MethodArgumentTypeMismatchException(e.value, SnoIdRange.class, e.name, parameter, e);
        }
    }
}
