package dev.sno.micronaut.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sno.SnoId;
import org.junit.jupiter.api.Test;

/**
 * Where a generated ID comes from, on H2: {@code @SnoGeneratedId}'s supplier when it names one (a
 * bean of that class, else a new instance), else the application's generator bean, with metabyte
 * 0 when the ID has no {@code @SnoGeneratedId}.
 */
class GeneratedIdSourcesTest {

    @Test
    void theSupplierTheAnnotationNamesOrTheApplicationsGenerator() throws Exception {
        try (DataTarget.Db db = DataTarget.H2.open("test.bean-partition=" + Sourced.BEAN_PARTITION)) {
            SnoId plain = db.context().getBean(Sourced.Plains.class).save(new Sourced.Plain(null, "plain")).id();
            assertEquals(3, plain.meta());
            assertEquals(Sourced.PLAIN_PARTITION, plain.partition());
            SnoId fromBean = db.context().getBean(Sourced.FromBeans.class)
                    .save(new Sourced.FromBean(null, "bean")).id();
            assertEquals(4, fromBean.meta());
            assertEquals(Sourced.BEAN_PARTITION, fromBean.partition());
            SnoId unmarked = db.context().getBean(Sourced.Unmarkeds.class)
                    .save(new Sourced.Unmarked(null, "unmarked")).id();
            assertEquals(0, unmarked.meta());
            assertEquals(TestGenerator.PARTITION, unmarked.partition());
        }
    }
}
