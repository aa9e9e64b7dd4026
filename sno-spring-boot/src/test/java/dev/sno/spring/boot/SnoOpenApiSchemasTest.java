package dev.sno.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sno.SnoId;
import java.time.Instant;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The OpenAPI patterns against real IDs: the general one, and one per metabyte. */
class SnoOpenApiSchemasTest {

    @Test
    void theExamplesAreTheIdsTheySayTheyAre() {
        SnoId example = SnoId.parse(SnoOpenApiSchemas.EXAMPLE);
        assertThat(example.meta()).isZero();
        assertThat(example.partition()).isEqualTo(7);
        assertThat(SnoOpenApiSchemas.id().getExample()).isEqualTo(SnoOpenApiSchemas.EXAMPLE);
        for (int meta = 0; meta < 256; meta++) {
            assertThat(SnoId.parse((String) SnoOpenApiSchemas.id(meta).getExample()).meta()).isEqualTo(meta);
        }
    }

    @Test
    void eachMetabytePatternAdmitsExactlyTheIdsOfItsMetabyte() {
        Pattern any = Pattern.compile(SnoOpenApiSchemas.PATTERN);
        Pattern[] byMeta = new Pattern[256];
        for (int meta = 0; meta < 256; meta++) {
            byMeta[meta] = Pattern.compile(SnoOpenApiSchemas.id(meta).getPattern());
        }
        Instant[] times = {SnoId.EPOCH, Instant.parse("2026-11-25T12:00:00Z"), SnoId.MAX_TIME};
        for (Instant time : times) {
            for (int meta = 0; meta < 256; meta++) {
                for (int partition : new int[] {0, 0x5555, 0xFFFF}) {
                    String id = SnoId.of(time, meta % 3 == 0, meta, partition, partition ^ meta).toString();
                    assertThat(any.matcher(id).matches()).as(id).isTrue();
                    for (int other = 0; other < 256; other++) {
                        assertThat(byMeta[other].matcher(id).matches()).as(id + " against metabyte " + other)
                                .isEqualTo(other == meta);
                    }
                }
            }
        }
        assertThat(any.matcher(SnoId.MAX.toString()).matches()).isTrue();
        assertThat(any.matcher(SnoId.ZERO.toString()).matches()).isTrue();
        assertThat(any.matcher("29gfem22232im22Z").matches()).isFalse();
    }
}
