package dev.sno.spring.boot;

import dev.sno.config.SettingsException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Spring Boot's startup failure report for sno-core's {@link SettingsException}: its problem as
 * the description and its action, in place of a stack trace (registered in
 * {@code META-INF/spring.factories}).
 */
final class SnoFailureAnalyzer extends AbstractFailureAnalyzer<SettingsException> {

    SnoFailureAnalyzer() {
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SettingsException cause) {
        return new FailureAnalysis(cause.problem(), cause.action().isEmpty() ? "Correct the setting named."
                : cause.action(), cause);
    }
}
