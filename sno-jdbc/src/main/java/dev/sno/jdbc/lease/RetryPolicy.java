package dev.sno.jdbc.lease;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * How the lease store tries again, for every path that does (SPEC.md section 11.2): a bounded
 * number of attempts, the first included, and between two attempts a random pause of 5 to 10 ms
 * that doubles after each attempt, up to 40 to 80 ms. Never spins. Which failures an attempt may
 * be retried after is the caller's: {@link SqlStates} names them.
 *
 * <p>When the attempts run out, the last failure carries, as suppressed exceptions, the earlier
 * ones that said something else (the first of each message), so that what made the first
 * attempts fail is not lost behind the last.
 */
final class RetryPolicy {

    /**
     * A transaction or statement that met a serialization failure or a deadlock, and the rows of
     * a namespace that a concurrent preparer inserted at the same time: 5 attempts.
     */
    static final RetryPolicy CONFLICTS = new RetryPolicy(5);

    /**
     * An acquisition with {@code SKIP LOCKED} that found every free row locked by concurrent
     * acquirers, while a plain read saw free rows: 200 attempts (pauses of 5 to 80 ms).
     */
    static final RetryPolicy LOCKED_ROWS = new RetryPolicy(200);

    /** A DDL statement that two creators of the table ran at once: 2 attempts. */
    static final RetryPolicy DDL = new RetryPolicy(2);

    /**
     * A table that a concurrent preparer's {@code CREATE TABLE} is still building (H2 shows it
     * before its primary key): 40 reads, about 1.5 to 3 seconds.
     */
    static final RetryPolicy CREATION = new RetryPolicy(40);

    /** The shortest pause, before the second attempt. */
    private static final long FIRST_PAUSE_MILLIS = 5;

    /** How often the pause doubles at most: 5, 10, 20, 40 ms plus up to as much again. */
    private static final int DOUBLINGS = 3;

    private final int attempts;

    private RetryPolicy(int attempts) {
        this.attempts = attempts;
    }

    /** One attempt. */
    @FunctionalInterface
    interface Attempt<T> {
        T run() throws SQLException;
    }

    /** How many attempts, the first included. */
    int attempts() {
        return attempts;
    }

    /**
     * Runs an attempt until it returns, pausing before each further attempt, while it fails with
     * failures that retryable accepts and attempts remain; then throws the last failure. A
     * failure that retryable refuses is thrown at once, as it is.
     */
    <T> T run(Predicate<SQLException> retryable, Attempt<T> attempt) throws SQLException {
        List<SQLException> earlier = new ArrayList<>(1);
        for (int n = 1;; n++) {
            try {
                return attempt.run();
            } catch (SQLException e) {
                if (!retryable.test(e)) {
                    throw e;
                }
                if (n == attempts) {
                    for (SQLException other : earlier) {
                        if (!sameMessage(other, e)) {
                            e.addSuppressed(other);
                        }
                    }
                    throw e;
                }
                if (earlier.stream().noneMatch(other -> sameMessage(other, e))) {
                    earlier.add(e);
                }
            }
            pause(n);
        }
    }

    private static boolean sameMessage(SQLException a, SQLException b) {
        return String.valueOf(a.getMessage()).equals(String.valueOf(b.getMessage()));
    }

    /**
     * Sleeps after a failed attempt: 5 to 10 ms after the first, doubling after each, 40 to 80 ms
     * from the fourth on.
     *
     * @throws SQLException (SQL state 57014) if the thread is interrupted; its flag stays set
     */
    static void pause(int attempt) throws SQLException {
        long base = FIRST_PAUSE_MILLIS << Math.min(attempt - 1, DOUBLINGS);
        try {
            TimeUnit.MILLISECONDS.sleep(base + ThreadLocalRandom.current().nextLong(base + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while retrying a lease transaction", SqlStates.QUERY_CANCELED, e);
        }
    }
}
