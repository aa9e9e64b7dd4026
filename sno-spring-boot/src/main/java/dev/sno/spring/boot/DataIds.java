package dev.sno.spring.boot;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import java.util.function.Supplier;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.core.env.Environment;

/**
 * What the starter's data integrations (Spring Data JDBC, Spring Data R2DBC, MyBatis) share, and
 * what names only Spring types, so that each loads without the others' libraries: the
 * {@code sno.data.binary-ids} setting and the generator suppliers {@link SnoGeneratedId} names.
 */
final class DataIds {

    /** The setting that makes {@code SnoId} columns binary. */
    static final String BINARY_IDS = "sno.data.binary-ids";

    private DataIds() {
    }

    /**
     * Whether {@code sno.data.binary-ids=true}: {@code SnoId} columns are binary (the 16 bytes of
     * the UUID image), not UUID. Never inferred from the database, where a column written with
     * UUIDs may already exist.
     *
     * @throws dev.sno.config.SettingsException if the setting is blank or neither true nor false
     */
    static boolean binaryIds(Environment environment) {
        return SnoGeneratorFactory.settings(environment).flag(BINARY_IDS).orElse(false);
    }

    /** The supplier bean of the given class, else a new one with its dependencies injected. */
    static <T extends Supplier<? extends SnoGenerator>> T supplier(AutowireCapableBeanFactory beans, Class<T> type) {
        return beans.getBeanProvider(type).getIfAvailable(() -> beans.createBean(type));
    }
}
