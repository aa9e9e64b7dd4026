package dev.sno;

import java.util.concurrent.atomic.AtomicLong;

/** A clock that tests move by hand; thread-safe. */
final class ScriptedClock implements SnoClock {

    private final AtomicLong millis;

    ScriptedClock(long millis) {
        this.millis = new AtomicLong(millis);
    }

    static ScriptedClock atUnit(long unit) {
        return new ScriptedClock(millisOfUnit(unit));
    }

    static long millisOfUnit(long unit) {
        return SnoId.EPOCH_MILLIS + unit * 4;
    }

    @Override
    public long millis() {
        return millis.get();
    }

    void set(long newMillis) {
        millis.set(newMillis);
    }

    void setUnit(long unit) {
        millis.set(millisOfUnit(unit));
    }

    void advance(long deltaMillis) {
        millis.addAndGet(deltaMillis);
    }

    long unit() {
        return (millis.get() - SnoId.EPOCH_MILLIS) / 4;
    }
}
