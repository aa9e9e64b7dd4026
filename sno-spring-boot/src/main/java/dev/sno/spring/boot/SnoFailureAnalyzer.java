package dev.sno.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Spring Boot's startup failure report for a {@link SnoConfigurationException}: its description
 * and its action, in place of a stack trace (registered in {@code META-INF/spring.factories}).
 */
final class SnoFailureAnalyzer extends AbstractFailureAnalyzer<SnoConfigurationException> {

    SnoFailureAnalyzer() {
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SnoConfigurationException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
