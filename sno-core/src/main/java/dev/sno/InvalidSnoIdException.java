package dev.sno;

/**
 * Thrown when a value cannot be a sno ID: text that is not in canonical form, a byte array of the
 * wrong length, a UUID that is not the image of a sno ID, or an ID component out of its range.
 *
 * <p>This is the one exception type of the {@code dev.sno} value layer. Its message names the
 * offending value (quoted, with control and non-ASCII characters escaped as {@code \\uXXXX}) and
 * the constraint it broke. Nothing is ever decoded partially: when this is thrown, no ID was made.
 */
public final class InvalidSnoIdException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with the given message.
     *
     * @param message  the message, naming the value and the constraint, not null
     */
    InvalidSnoIdException(String message) {
        super(message);
    }
}
