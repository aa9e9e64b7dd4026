package dev.sno.spring.boot.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import dev.sno.spring.boot.SnoAutoConfiguration;
import dev.sno.spring.boot.SnoDataR2dbcAutoConfiguration;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.data.r2dbc.R2dbcDataAutoConfiguration;
import org.springframework.boot.autoconfigure.r2dbc.R2dbcAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.r2dbc.convert.R2dbcCustomConversions;
import org.springframework.data.r2dbc.core.R2dbcEntityTemplate;
import org.springframework.data.r2dbc.dialect.DialectResolver;
import org.springframework.data.r2dbc.repository.config.EnableR2dbcRepositories;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Spring Data R2DBC with the starter (Spring Boot 3.5's R2DBC auto-configuration, real
 * repositories, a real database chosen by the subclass): IDs generated on insert, read back,
 * kept when given, bound as derived-query parameters, in UUID and in binary columns.
 */
abstract class SnoR2dbcChecks {

    static final Duration WAIT = Duration.ofSeconds(30);
    static final String[] TABLES = {"sno_r2dbc_note", "sno_r2dbc_tag", "sno_r2dbc_event", "sno_r2dbc_untagged"};

    /** The application: repositories over this package's entities. */
    @Configuration(proxyBeanMethods = false)
    @EnableR2dbcRepositories(basePackageClasses = Repositories.class, considerNestedRepositories = true)
    static class App {
    }

    /** An application that stores its IDs in binary columns: its own conversions. */
    @Configuration(proxyBeanMethods = false)
    static class BinaryIds {
        @Bean
        R2dbcCustomConversions binaryConversions(DatabaseClient client) {
            return R2dbcCustomConversions.of(DialectResolver.getDialect(client.getConnectionFactory()),
                    SnoDataR2dbcAutoConfiguration.BINARY_CONVERTERS);
        }
    }

    /** The database's connection properties ({@code spring.r2dbc.*}), fresh for each context where it matters. */
    abstract String[] database();

    /** The database's type for a UUID column. */
    abstract String uuidType();

    /** The database's type for a 16-byte binary column. */
    abstract String binaryType();

    ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(R2dbcAutoConfiguration.class, R2dbcDataAutoConfiguration.class,
                        SnoAutoConfiguration.class, SnoDataR2dbcAutoConfiguration.class))
                .withUserConfiguration(App.class)
                .withPropertyValues("sno.install=false", "sno.partition=77")
                .withPropertyValues(database());
    }

    /** Drops and creates the tables, the ID columns of the given type. */
    static void tables(AssertableApplicationContext ctx, String idType) {
        assertThat(ctx).hasNotFailed();
        DatabaseClient db = ctx.getBean(DatabaseClient.class);
        for (String table : TABLES) {
            db.sql("DROP TABLE IF EXISTS " + table).then().block(WAIT);
            String other = table.equals("sno_r2dbc_note") ? "text" : table.equals("sno_r2dbc_event") ? "what" : "name";
            db.sql("CREATE TABLE " + table + " (id " + idType + " PRIMARY KEY, " + other + " VARCHAR(100))")
                    .then().block(WAIT);
        }
    }

    /** The ID column's raw value for the row whose text column holds the given value. */
    static Object rawId(AssertableApplicationContext ctx, String table, String column, String value) {
        return ctx.getBean(DatabaseClient.class).sql("SELECT id FROM " + table + " WHERE " + column + " = :v")
                .bind("v", value).map(row -> row.get("id")).one().block(WAIT);
    }

    /** An ID whose first byte is the given one (then 0x11 bytes): spans the signed and unsigned orders. */
    static SnoId startingWith(int first) {
        byte[] bytes = new byte[SnoId.SIZE_BYTES];
        java.util.Arrays.fill(bytes, (byte) 0x11);
        bytes[0] = (byte) first;
        return SnoId.fromBytes(bytes);
    }

    @Test
    void aMutableEntitySavedWithoutIdIsInsertedWithAGeneratedOneAndReadBack() {
        runner().run(ctx -> {
            tables(ctx, uuidType());
            Repositories.Notes notes = ctx.getBean(Repositories.Notes.class);
            Note note = new Note(null, "first");
            Note saved = notes.save(note).block(WAIT);
            assertThat(saved).isSameAs(note);
            SnoId id = saved.getId();
            assertThat(id).isNotNull();
            assertThat(id.meta()).as("@SnoGeneratedId(meta = 3)").isEqualTo(3);
            assertThat(id.partition()).as("the application's generator (sno.partition=77)").isEqualTo(77);
            assertThat(rawId(ctx, "sno_r2dbc_note", "text", "first")).as("stored as its UUID image").isEqualTo(id.toUuid());
            assertThat(notes.findById(id).block(WAIT)).isEqualTo(new Note(id, "first"));
            assertThat(notes.count().block(WAIT)).as("one INSERT, no UPDATE").isEqualTo(1);

            saved.setText("second");
            notes.save(saved).block(WAIT);
            assertThat(notes.findById(id).block(WAIT)).as("saved again: an UPDATE of the same row, the ID kept")
                    .isEqualTo(new Note(id, "second"));
            assertThat(notes.count().block(WAIT)).isEqualTo(1);
        });
    }

    @Test
    void aRecordSavedWithoutIdComesBackAsACopyWithAGeneratedOne() {
        runner().run(ctx -> {
            tables(ctx, uuidType());
            Repositories.Tags tags = ctx.getBean(Repositories.Tags.class);
            Tag saved = tags.save(new Tag(null, "red")).block(WAIT);
            assertThat(saved.id()).isNotNull();
            assertThat(saved.id().meta()).as("@SnoGeneratedId(meta = 5)").isEqualTo(5);
            assertThat(saved.id().partition()).isEqualTo(77);
            assertThat(tags.findById(saved.id()).block(WAIT)).isEqualTo(saved);

            Repositories.Untaggeds plain = ctx.getBean(Repositories.Untaggeds.class);
            Untagged u = plain.save(new Untagged(null, "plain")).block(WAIT);
            assertThat(u.id().meta()).as("no @SnoGeneratedId: metabyte 0").isZero();
            assertThat(u.id().partition()).isEqualTo(77);
            assertThat(plain.findAll().collectList().block(WAIT)).containsExactly(u);
        });
    }

    @Test
    void theGeneratorSupplierNamedByTheAnnotationMakesTheIds() {
        runner().run(ctx -> {
            tables(ctx, uuidType());
            Repositories.Events events = ctx.getBean(Repositories.Events.class);
            Event saved = events.save(new Event(null, "login")).block(WAIT);
            assertThat(saved.id().partition()).as("AuditGenerator's partition").isEqualTo(AuditGenerator.PARTITION);
            assertThat(saved.id().meta()).isEqualTo(9);
            assertThat(events.findById(saved.id()).block(WAIT)).isEqualTo(saved);
        });
    }

    @Test
    void aGivenIdIsKeptOnInsertAndSaveOfAnUnknownGivenIdIsAnUpdate() {
        runner().run(ctx -> {
            tables(ctx, uuidType());
            R2dbcEntityTemplate template = ctx.getBean(R2dbcEntityTemplate.class);
            Repositories.Notes notes = ctx.getBean(Repositories.Notes.class);
            SnoId given = SnoId.parse("29gfem22232im222");
            Note inserted = template.insert(new Note(given, "given")).block(WAIT);
            assertThat(inserted.getId()).isEqualTo(given);
            assertThat(notes.findById(given).block(WAIT)).isEqualTo(new Note(given, "given"));
            Tag tag = template.insert(new Tag(given, "given")).block(WAIT);
            assertThat(tag.id()).isEqualTo(given);
            assertThat(ctx.getBean(Repositories.Tags.class).findById(given).block(WAIT)).isEqualTo(new Tag(given, "given"));

            // Spring Data R2DBC's rule for every assigned ID: not null, so not new, so an UPDATE, which
            // finds no row (Spring Data R2DBC 3.5 reports no error for it without a @Version).
            SnoId unknown = startingWith(0x22);
            notes.save(new Note(unknown, "lost")).onErrorComplete().block(WAIT);
            assertThat(notes.findById(unknown).block(WAIT)).as("save() of a new given ID inserts nothing").isNull();
            assertThat(notes.count().block(WAIT)).isEqualTo(1);
        });
    }

    @Test
    void snoIdsBindAsDerivedQueryParametersAndSortInSnoOrder() {
        runner().run(ctx -> {
            tables(ctx, uuidType());
            R2dbcEntityTemplate template = ctx.getBean(R2dbcEntityTemplate.class);
            Repositories.Notes notes = ctx.getBean(Repositories.Notes.class);
            // Given IDs on both sides of the sign bit: a signed comparison would put 0x80.. and 0xf0.. first.
            List<SnoId> given = List.of(startingWith(0x01), startingWith(0x7f), startingWith(0x80), startingWith(0xf0));
            for (int i = given.size() - 1; i >= 0; i--) {
                template.insert(new Note(given.get(i), "given " + i)).block(WAIT);
            }
            List<SnoId> generated = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                generated.add(notes.save(new Note(null, "generated " + i)).block(WAIT).getId());
            }
            assertThat(ids(notes.findByIdGreaterThanOrderById(given.get(1)).collectList().block(WAIT)))
                    .containsExactly(given.get(2), given.get(3));
            List<SnoId> afterFirstGenerated = ids(notes.findByIdGreaterThanOrderById(generated.get(0))
                    .collectList().block(WAIT));
            List<SnoId> expected = new ArrayList<>(generated);
            expected.addAll(given);
            expected.removeIf(id -> id.compareTo(generated.get(0)) <= 0);
            expected.sort(null); // SnoId's order: unsigned bytes
            assertThat(afterFirstGenerated).hasSize(7).containsExactlyElementsOf(expected); // 4 generated, 3 given
            assertThat(afterFirstGenerated).containsSubsequence(generated.subList(1, 5));
        });
    }

    private static List<SnoId> ids(List<Note> notes) {
        return notes.stream().map(Note::getId).toList();
    }

    @Test
    void aStoredValueThatIsNotASnoIdFailsTheReadNamingIt() {
        runner().run(ctx -> {
            tables(ctx, uuidType());
            UUID notAnImage = UUID.fromString("01234567-89ab-4def-8123-456789abcdef");
            ctx.getBean(DatabaseClient.class).sql("INSERT INTO sno_r2dbc_note (id, text) VALUES (:id, 'bad')")
                    .bind("id", notAnImage).then().block(WAIT);
            assertThatThrownBy(() -> ctx.getBean(Repositories.Notes.class).findAll().collectList().block(WAIT))
                    .rootCause().isInstanceOf(InvalidSnoIdException.class).hasMessageContaining(notAnImage.toString());
        });
    }

    @Test
    void anApplicationsOwnConversionsWinAndStoreIdsInBinaryColumns() {
        runner().withUserConfiguration(BinaryIds.class).run(ctx -> {
            tables(ctx, binaryType());
            assertThat(ctx.getBean(R2dbcCustomConversions.class)).isSameAs(ctx.getBean("binaryConversions"));
            assertThat(ctx).doesNotHaveBean("r2dbcCustomConversions");
            binaryColumnsHoldTheImageInSnoOrder(ctx);
        });
    }

    /** Issue 33: sno.data.binary-ids=true, and no bean of the application's, does the same. */
    @Test
    void theBinaryIdsSettingStoresIdsInBinaryColumns() {
        runner().withPropertyValues("sno.data.binary-ids=true").run(ctx -> {
            tables(ctx, binaryType());
            assertThat(ctx.getBean(R2dbcCustomConversions.class)).isSameAs(ctx.getBean("r2dbcCustomConversions"));
            assertThat(ctx.getBean(R2dbcCustomConversions.class).getCustomWriteTarget(SnoId.class))
                    .contains(byte[].class);
            binaryColumnsHoldTheImageInSnoOrder(ctx);
        });
        runner().run(ctx -> assertThat(ctx.getBean(R2dbcCustomConversions.class).getCustomWriteTarget(SnoId.class))
                .as("unset: UUIDs").contains(UUID.class));
    }

    private void binaryColumnsHoldTheImageInSnoOrder(AssertableApplicationContext ctx) {
        {
            Repositories.Notes notes = ctx.getBean(Repositories.Notes.class);
            SnoId id = notes.save(new Note(null, "binary")).block(WAIT).getId();
            assertThat(id.meta()).isEqualTo(3);
            Object raw = rawId(ctx, "sno_r2dbc_note", "text", "binary");
            byte[] stored = raw instanceof ByteBuffer b ? bytes(b) : (byte[]) raw;
            UUID image = id.toUuid();
            assertThat(HexFormat.of().formatHex(stored)).as("the 16 bytes of the UUID image")
                    .isEqualTo(image.toString().replace("-", ""));
            assertThat(notes.findById(id).block(WAIT)).isEqualTo(new Note(id, "binary"));

            Tag tag = ctx.getBean(Repositories.Tags.class).save(new Tag(null, "bin")).block(WAIT);
            List<SnoId> later = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                later.add(notes.save(new Note(null, "later " + i)).block(WAIT).getId());
            }
            assertThat(ctx.getBean(Repositories.Tags.class).findById(tag.id()).block(WAIT)).isEqualTo(tag);
            R2dbcEntityTemplate template = ctx.getBean(R2dbcEntityTemplate.class);
            for (int first : new int[] {0xf0, 0x80, 0x01}) { // bytes compared unsigned: 0x80.. and 0xf0.. last
                template.insert(new Note(startingWith(first), "given " + first)).block(WAIT);
            }
            later.addAll(List.of(startingWith(0x80), startingWith(0xf0)));
            assertThat(ids(notes.findByIdGreaterThanOrderById(id).collectList().block(WAIT))).isEqualTo(later);
        }
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] b = new byte[buffer.remaining()];
        buffer.duplicate().get(b);
        return b;
    }

    @Test
    void withoutSpringDataR2dbcNothingIsConfigured() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SnoAutoConfiguration.class, SnoDataR2dbcAutoConfiguration.class))
                .withClassLoader(new FilteredClassLoader(R2dbcCustomConversions.class))
                .withPropertyValues("sno.install=false", "sno.partition=77")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(ctx).doesNotHaveBean(SnoDataR2dbcAutoConfiguration.class);
                    assertThat(ctx).doesNotHaveBean("snoR2dbcIdGeneratingCallback");
                });
    }
}
