package dev.sno.jdbc.lease;

import dev.sno.SnoClock;
import java.util.concurrent.atomic.AtomicLong;

/** A clock the tests move by hand; thread-safe. */
final class TestClock implements SnoClock {

    /** 2026-01-01T00:00:00Z. */
    static final long START = 1_767_225_600_000L;

    private final AtomicLong millis;

    TestClock(long millis) {
        this.millis = new AtomicLong(millis);
    }

    @Override
    public long millis() {
        return millis.get();
    }

    void advance(long delta) {
        millis.addAndGet(delta);
    }

    void set(long value) {
        millis.set(value);
    }
}
