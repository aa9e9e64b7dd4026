package dev.sno.spring.boot.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import dev.sno.config.SettingsException;
import dev.sno.spring.boot.SnoAutoConfiguration;
import dev.sno.spring.boot.SnoDataJdbcAutoConfiguration;
import dev.sno.testsupport.TestServers;
import dev.sno.testsupport.TestServers.Server;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DataTruncation;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.data.jdbc.JdbcRepositoriesAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.convert.JdbcCustomConversions;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issue 33: {@code sno.data.binary-ids=true} makes the starter's {@code JdbcCustomConversions}
 * write {@code SnoId} as the 16 bytes of its UUID image (a {@code BINARY(16)} column, as MariaDB
 * and MySQL need for sno order), with no bean of the application's: generated and given IDs,
 * reads by ID, {@code ORDER BY id} and a window whose parameters are IDs, on H2. Unset or false,
 * the write target stays UUID; a value that is neither true nor false fails the startup naming
 * the setting. The same on the build's MySQL 8.0.33 (Connector/J), where a UUID written without the
 * setting is refused by the default strict {@code sql_mode}. (MariaDB and MySQL over HTTP:
 * examples/mariadb.)
 */
class SnoDataJdbcBinaryIdsTest {

    /** The application's package, which Boot's Spring Data JDBC auto-configuration scans. */
    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage
    @EnableJdbcRepositories(basePackageClasses = Readings.class)
    static class App {
    }

    private static ApplicationContextRunner runner() {
        return runner("jdbc:h2:mem:sno_jdbc_" + UUID.randomUUID().toString().substring(0, 8) + ";DB_CLOSE_DELAY=-1");
    }

    private static ApplicationContextRunner runner(String url) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        JdbcTemplateAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
                        JdbcRepositoriesAutoConfiguration.class, SnoAutoConfiguration.class,
                        SnoDataJdbcAutoConfiguration.class))
                .withUserConfiguration(App.class)
                .withPropertyValues("sno.install=false", "sno.partition=77", "spring.datasource.url=" + url);
    }

    private static byte[] image(SnoId id) {
        UUID u = id.toUuid();
        return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
    }

    /** An ID of the given year whose other bytes are the given one. */
    private static SnoId at(int year, int fill) {
        byte[] bytes = SnoId.firstAt(Instant.parse(year + "-06-01T00:00:00Z")).toBytes();
        for (int i = 5; i < bytes.length; i++) {
            bytes[i] = (byte) fill;
        }
        return SnoId.fromBytes(bytes);
    }

    @Test
    void theSettingStoresIdsAsTheirSixteenImageBytesInSnoOrder() {
        runner().withPropertyValues("sno.data.binary-ids=true").run(SnoDataJdbcBinaryIdsTest::storesImagesInSnoOrder);
    }

    @Test
    void onMySqlTheSettingStoresImagesInSnoOrderAndAUuidWithoutItIsRefused() throws Exception {
        String server = TestServers.url(Server.MYSQL);
        String database = "sno_jdbc_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + database);
        }
        try {
            String url = server.replaceFirst("^(jdbc:mysql://[^/?]+)(/[^?]*)?", "$1/" + database);
            runner(url).withPropertyValues("sno.data.binary-ids=true").run(ctx -> {
                assertThat(ctx.getBean(JdbcTemplate.class).queryForObject("SELECT VERSION()", String.class))
                        .startsWith("8.").doesNotContain("MariaDB");
                storesImagesInSnoOrder(ctx);
            });
            // Without the setting the starter writes java.util.UUID, which Connector/J sends as its 36
            // characters: too long for BINARY(16) under MySQL 8.0's default sql_mode (STRICT_TRANS_TABLES).
            runner(url).run(ctx -> {
                assertThat(ctx.getBean(JdbcTemplate.class).queryForObject("SELECT @@sql_mode", String.class))
                        .contains("STRICT_TRANS_TABLES");
                Readings readings = ctx.getBean(Readings.class);
                assertThatThrownBy(() -> readings.save(new SnoJdbcReading(null, null, "uuid")))
                        .rootCause().isInstanceOf(DataTruncation.class)
                        .hasMessageContaining("Data too long for column 'id'");
            });
        } finally {
            try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + database); // this test's own database only
            }
        }
    }

    /** Saves, reads, orders and windows readings in a BINARY(16) table it creates in the context's database. */
    private static void storesImagesInSnoOrder(AssertableApplicationContext ctx) {
        assertThat(ctx).hasNotFailed();
        assertThat(ctx.getBean(JdbcCustomConversions.class).getCustomWriteTarget(SnoId.class)).contains(byte[].class);
        JdbcTemplate jdbc = ctx.getBean(JdbcTemplate.class);
        jdbc.execute("CREATE TABLE sno_jdbc_reading (id BINARY(16) PRIMARY KEY, ref BINARY(16), text VARCHAR(100))");
        Readings readings = ctx.getBean(Readings.class);

        SnoJdbcReading generated = readings.save(new SnoJdbcReading(null, null, "generated"));
        assertThat(generated.id().meta()).isEqualTo(9);
        assertThat(generated.id().partition()).isEqualTo(77);
        List<SnoId> ids = new ArrayList<>(List.of(generated.id()));
        SnoId ref = at(2024, 0x33);
        // given IDs, inserted out of order, spread over years (bytes compared unsigned)
        for (SnoId given : List.of(at(2031, 0xf0), at(2021, 0x80), at(2029, 0x01), at(2023, 0xff))) {
            ctx.getBean(org.springframework.data.jdbc.core.JdbcAggregateTemplate.class)
                    .insert(new SnoJdbcReading(given, ref, "given"));
            ids.add(given);
        }
        for (SnoId id : ids) {
            assertThat(jdbc.queryForObject("SELECT id FROM sno_jdbc_reading WHERE id = ?", byte[].class, image(id)))
                    .as("the 16 image bytes of " + id).isEqualTo(image(id));
        }
        assertThat(jdbc.queryForObject("SELECT ref FROM sno_jdbc_reading WHERE text = 'given' LIMIT 1",
                byte[].class)).isEqualTo(image(ref));
        assertThat(readings.findById(at(2029, 0x01))).contains(new SnoJdbcReading(at(2029, 0x01), ref, "given"));
        assertThat(readings.ordered().stream().map(SnoJdbcReading::id).toList()).isEqualTo(ids.stream().sorted().toList());
        SnoIdRange window = SnoIdRange.timeWindow(Instant.parse("2021-01-01T00:00:00Z"),
                Instant.parse("2025-01-01T00:00:00Z"));
        assertThat(readings.window(window.from(), window.to()).stream().map(SnoJdbcReading::id).toList())
                .isEqualTo(ids.stream().filter(window::contains).sorted().toList())
                .containsExactly(at(2021, 0x80), at(2023, 0xff));
    }

    @Test
    void unsetOrFalseTheIdsAreWrittenAsUuids() {
        runner().run(ctx -> assertThat(ctx.getBean(JdbcCustomConversions.class).getCustomWriteTarget(SnoId.class))
                .contains(UUID.class));
        runner().withPropertyValues("sno.data.binary-ids=false").run(ctx -> assertThat(
                ctx.getBean(JdbcCustomConversions.class).getCustomWriteTarget(SnoId.class)).contains(UUID.class));
    }

    @Test
    void aValueThatIsNeitherTrueNorFalseFailsTheStartupNamingTheSetting() {
        runner().withPropertyValues("sno.data.binary-ids=yes").run(ctx -> {
            Throwable t = ctx.getStartupFailure();
            while (t != null && !(t instanceof SettingsException)) {
                t = t.getCause();
            }
            assertThat(t).as("a SettingsException, which the starter's failure analyzer words")
                    .hasMessageContaining("sno.data.binary-ids").hasMessageContaining("yes")
                    .hasMessageContaining("must be true or false");
        });
    }
}
