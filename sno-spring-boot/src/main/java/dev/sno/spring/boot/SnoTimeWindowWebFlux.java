package dev.sno.spring.boot;

import org.springframework.core.MethodParameter;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.SyncHandlerMethodArgumentResolver;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;

/**
 * WebFlux: binds {@link dev.sno.SnoIdRange} handler parameters from two query parameters
 * (see {@link SnoTimeWindow}). A missing parameter fails as a missing {@code @RequestParam}
 * does; a bad value as a {@link ServerWebInputException} caused by it, which
 * {@link SnoReactiveProblems} answers with a 400 problem detail naming the parameter.
 */
final class SnoTimeWindowWebFlux implements WebFluxConfigurer, SyncHandlerMethodArgumentResolver {

    @Override
    public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
        configurer.addCustomResolver(this);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return TimeWindowParameters.supports(parameter);
    }

    @Override
    public Object resolveArgumentValue(MethodParameter parameter, BindingContext bindingContext,
            ServerWebExchange exchange) {
        try {
            return TimeWindowParameters.of(parameter).bind(exchange.getRequest().getQueryParams()::getFirst);
        } catch (TimeWindowParameters.Missing e) {
            throw new ServerWebInputException("Required query parameter '" + e.name + "' is not present.", parameter);
        } catch (TimeWindowParameters.Invalid e) {
            throw new ServerWebInputException(e.getMessage(), parameter, e);
        }
    }
}
