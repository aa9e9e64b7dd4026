package dev.sno.process;

import java.text.MessageFormat;
import java.util.ResourceBundle;
import java.util.function.Supplier;

/**
 * A {@link System.LoggerFinder} for child JVMs: every record logged through
 * {@link System.Logger}, at any level, becomes one line on standard output,
 * {@code LOG|LEVEL|logger name|message}. A test installs it in a child by putting a
 * {@code META-INF/services/java.lang.System$LoggerFinder} file naming this class on the child's
 * class path (see {@code PartitionNoticeTest}).
 */
public final class CapturingLoggerFinder extends System.LoggerFinder {

    /** Created by the service loader. */
    public CapturingLoggerFinder() {
    }

    @Override
    public System.Logger getLogger(String name, Module module) {
        return new Line(name);
    }

    private static final class Line implements System.Logger {
        private final String name;

        Line(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            print(level, msg);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            print(level, params == null || params.length == 0 ? format : MessageFormat.format(format, params));
        }

        @Override
        public void log(Level level, Supplier<String> msgSupplier) {
            print(level, msgSupplier.get());
        }

        private void print(Level level, String msg) {
            synchronized (System.out) {
                System.out.println("LOG|" + level + "|" + name + "|" + msg);
                System.out.flush();
            }
        }
    }
}
