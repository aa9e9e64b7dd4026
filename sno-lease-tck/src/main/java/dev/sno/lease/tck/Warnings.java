package dev.sno.lease.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * The warnings that sno's loggers ({@code dev.sno} and below, through {@link System.Logger} and
 * its default backend, java.util.logging) give while it is open. The records still reach the
 * logger's other handlers.
 */
final class Warnings implements AutoCloseable {

    private static final SimpleFormatter FORMAT = new SimpleFormatter();

    private final Logger logger = Logger.getLogger("dev.sno");
    private final List<String> messages = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                synchronized (messages) {
                    messages.add(FORMAT.formatMessage(r));
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private Warnings() {
        handler.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    /**
     * Starts capturing.
     *
     * @return the capture, to close when done
     */
    static Warnings capture() {
        return new Warnings();
    }

    /**
     * The warnings so far whose message contains the text.
     *
     * @param text  e.g. a namespace
     * @return their messages, formatted
     */
    List<String> about(String text) {
        List<String> found = new ArrayList<>();
        synchronized (messages) {
            for (String m : messages) {
                if (m.contains(text)) {
                    found.add(m);
                }
            }
        }
        return found;
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
