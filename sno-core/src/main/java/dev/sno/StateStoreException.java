package dev.sno;

/**
 * Thrown by {@link SnoGenerator#next} when making the ID requires a save to the generator's
 * {@linkplain SnoStateStore state store} (a new write-ahead horizon, a new timeline after a clock
 * regression) and that save failed, or the last one failed and the store has not recovered
 * yet. No ID was made; the generator stays usable and recovers by itself once a save succeeds
 * (a background writer retries). The message names the store and the cause; the cause is the
 * store's exception.
 */
public final class StateStoreException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    StateStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
