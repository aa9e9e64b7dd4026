package dev.sno.testsupport;

import dev.sno.testsupport.TestServers.Server;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a test class that needs a server's URL while it is being loaded (a static field that
 * configures an application, as Quarkus's {@code QuarkusUnitTest} must be): the class is skipped,
 * with {@link TestServers}'s reason, when the user turned one of the servers off, instead of
 * failing in its static initializer. Read the URL with {@link TestServers#urlUnlessOff}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(NeedsServers.Condition.class)
public @interface NeedsServers {

    /** The servers the class needs. */
    Server[] value();

    /** Disables the class when a server it needs is turned off. */
    final class Condition implements ExecutionCondition {

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            NeedsServers needs = context.getRequiredTestClass().getAnnotation(NeedsServers.class);
            for (Server server : needs == null ? new Server[0] : needs.value()) {
                String off = TestServers.turnedOff(server);
                if (off != null) {
                    System.out.println("[sno] skipping: " + off);
                    return ConditionEvaluationResult.disabled(off);
                }
            }
            return ConditionEvaluationResult.enabled("every server it needs is on");
        }
    }
}
