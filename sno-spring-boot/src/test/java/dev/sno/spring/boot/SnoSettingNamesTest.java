package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.SnoGenerator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Issue 29: a misspelt sno.* name in the application's own configuration fails startup on one
 * line naming it and the nearest known name, as in Quarkus (before, the starter ignored it and
 * took a random partition); unrelated sno.* system properties never stop it; a blank
 * sno.max-regression-wait is refused as Quarkus refuses it.
 */
class SnoSettingNamesTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class))
            .withPropertyValues("sno.install=false");

    @Test
    void aMisspeltNameFailsStartupNamingTheNearestKnownOne() {
        runner.withPropertyValues("sno.partiton=7").run(ctx -> {
            assertThat(SnoLeaseTest.problem(ctx))
                    .isEqualTo("Unknown sno setting sno.partiton in test: did you mean sno.partition?.");
            assertThat(new SnoFailureAnalyzer().analyze(ctx.getStartupFailure()).getAction())
                    .startsWith("Correct the name, or remove the setting");
        });
    }

    @Test
    void unrelatedSystemPropertiesAndTheStartersOwnNamesInAnyFormStartTheApplication() {
        runner.withSystemProperties("sno.version=0.1.0-SNAPSHOT", "sno.partiton=7")
                .withPropertyValues("sno.partition=9", "sno.maxRegressionWait=1s", "sno.lease.initialize_schema=never",
                        "sno.web.problem-details=true", "sno.openapi.enabled=true", "sno.lease.redis.replicas=0",
                        "sno.data.binary-ids=false")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(ctx.getBean(SnoGenerator.class).partition()).isEqualTo(9);
                });
    }

    @Test
    void theKnownNamesAreSnoCoresItsStoresAndTheConditionsAndSnoPropertiesDescribesThemAll() {
        List<String> known = List.of("sno.web.problem-details", "sno.web.time-windows", "sno.openapi.enabled",
                "sno.partition", "sno.sequence-range", "sno.snapshot-file", "sno.max-regression-wait", "sno.install",
                "sno.lease.enabled", "sno.lease.namespace", "sno.lease.duration", "sno.lease.partitions",
                "sno.lease.initialize-schema", "sno.lease.datasource", "sno.lease.store", "sno.lease.redis.url",
                "sno.lease.redis.replicas", "sno.lease.redis.accept-unsafe-persistence", "sno.data.binary-ids");
        // The test class path adds test-support's store module, sno-zookeeper and sno-etcd, with settings of
        // their own.
        assertThat(SnoSettingNames.known()).containsExactlyInAnyOrderElementsOf(
                java.util.stream.Stream.concat(known.stream(), java.util.stream.Stream.of("sno.lease.memory.label",
                        "sno.lease.zookeeper.connect", "sno.lease.zookeeper.root", "sno.lease.etcd.endpoints")).toList());
        // The IDE metadata (SnoProperties) names what sno-jdbc, sno-redis, sno-core and the Spring Data
        // configurations read.
        assertThat(SnoSettingNames.described()).containsExactlyInAnyOrderElementsOf(known);
    }

    @Test
    void aBlankMaxRegressionWaitIsAnError() {
        runner.withPropertyValues("sno.max-regression-wait=").run(ctx -> assertThat(SnoLeaseTest.problem(ctx))
                .isEqualTo("sno.max-regression-wait is set but empty (\"\")."));
    }

    /** Every sno.* name the starter's @ConditionalOnProperty reads is in SnoSettingNames.CONDITIONS. */
    @Test
    void everyConditionNameIsListed() throws Exception {
        List<String> found = new java.util.ArrayList<>();
        java.nio.file.Path dir = java.nio.file.Path.of("src", "main", "java", "dev", "sno", "spring", "boot");
        try (var files = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path f : files.toList()) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("ConditionalOnProperty\\(name = \"(sno\\.[^\"]+)\"")
                        .matcher(java.nio.file.Files.readString(f));
                while (m.find()) {
                    found.add(m.group(1));
                }
            }
        }
        assertThat(SnoSettingNames.CONDITIONS).containsExactlyInAnyOrderElementsOf(found.stream().distinct().toList());
    }
}
