package dev.sno;

/**
 * The time source of a {@link SnoGenerator}: milliseconds since the Unix epoch.
 *
 * <p>Generators read the clock on every call, so an implementation must be cheap and
 * thread-safe. It need not be monotonic: going backwards is exactly what a generator's
 * tick-tock handles. Tests inject a scripted clock instead of sleeping.
 */
@FunctionalInterface
public interface SnoClock {

    /**
     * The current time.
     *
     * @return milliseconds since 1970-01-01T00:00:00Z
     */
    long millis();

    /**
     * The system clock, {@link System#currentTimeMillis()}.
     *
     * @return the system clock
     */
    static SnoClock system() {
        return System::currentTimeMillis;
    }
}
