package dev.sno.cli;

/** A bad command line; the message is printed after "sno: " and the status is 2. */
final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message, null, false, false);
    }
}
