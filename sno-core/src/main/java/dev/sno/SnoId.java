package dev.sno;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A sno ID: an immutable 80-bit value made of a timestamp, a tick-tock bit, a metabyte, a
 * partition and a sequence, compatible bit for bit with the sno spec.
 *
 * <p>Layout (big-endian, as in every representation):
 * <pre>
 *  byte   0      1      2      3      4       5      6      7      8      9
 *       +------+------+------+------+------+-+------+------+------+------+------+
 *       | time units (39 bits)             |t| meta | partition   | sequence    |
 *       +------+------+------+------+------+-+------+------+------+------+------+
 * </pre>
 * Time units count 4 ms steps since {@link #EPOCH}; {@code t} is the tick-tock bit, the lowest bit
 * of byte 4. The canonical text form is the 80 bits in big-endian base32 over the alphabet
 * {@code 23456789abcdefghijklmnopqrstuvwx}: 16 characters, matching {@code [2-9a-x]{16}}.
 *
 * <p>Ordering: {@link #compareTo} is unsigned lexicographic over the 10 bytes, so the order of
 * IDs, of their bytes, of their canonical strings and of their {@linkplain #toUuid() UUID images}
 * compared as unsigned bytes is one and the same.
 *
 * <p>Every rejection of input throws {@link InvalidSnoIdException}; a {@code null} argument
 * throws {@link NullPointerException} naming the argument.
 *
 * @implSpec This class is immutable and thread-safe. It is a value-based class: use
 *     {@link #equals} rather than {@code ==}.
 */
public final class SnoId implements Comparable<SnoId>, Serializable {

    /*
     * Representation: hi holds bytes 0..7 (big-endian), lo holds bytes 8..9 (the sequence)
     * as an unsigned 16-bit char. Every (hi, lo) pair is a valid ID, so the private constructor
     * checks nothing and every factory validates before calling it.
     */

    @Serial
    private static final long serialVersionUID = 1L;

    /** Length of the binary form, in bytes: {@value}. */
    public static final int SIZE_BYTES = 10;

    /** The length of the UUID image in bytes. */
    private static final int UUID_BYTES = 16;

    /** Length of the canonical text form, in characters: {@value}. */
    public static final int SIZE_CHARS = 16;

    /** The sno epoch, 2010-01-01T00:00:00Z, as milliseconds since the Unix epoch. */
    static final long EPOCH_MILLIS = 1_262_304_000_000L;

    /** Milliseconds in one time unit. */
    static final int UNIT_MILLIS = 4;

    /** The largest number of time units: 2^39 - 1. */
    static final long MAX_UNITS = (1L << 39) - 1;

    /** The sno epoch, 2010-01-01T00:00:00Z: the time of time unit 0. */
    public static final Instant EPOCH = Instant.ofEpochMilli(EPOCH_MILLIS);

    /** The resolution of the embedded timestamp: 4 milliseconds. */
    public static final Duration TIME_UNIT = Duration.ofMillis(UNIT_MILLIS);

    /** The latest representable time, 2079-09-07T15:47:35.548Z: the start of the last time unit. */
    public static final Instant MAX_TIME = Instant.ofEpochMilli(EPOCH_MILLIS + MAX_UNITS * UNIT_MILLIS);

    /** The smallest ID: all 80 bits zero, {@code 2222222222222222}. */
    public static final SnoId ZERO = new SnoId(0L, (char) 0);

    /** The largest ID: all 80 bits one, {@code xxxxxxxxxxxxxxxx}. */
    public static final SnoId MAX = new SnoId(-1L, (char) 0xFFFF);

    /** Bytes 0..7, big-endian. */
    private final long hi;

    /** Bytes 8..9, big-endian: the sequence. */
    private final char lo;

    private SnoId(long hi, char lo) {
        this.hi = hi;
        this.lo = lo;
    }

    /** Makes an ID from its two halves; every pair is valid. For use inside the package. */
    static SnoId ofBits(long hi, int lo) {
        return new SnoId(hi, (char) lo);
    }

    // ---------------------------------------------------------------------------------------
    // Factories

    /**
     * Parses the canonical text form.
     *
     * @param text  exactly 16 characters of {@code 23456789abcdefghijklmnopqrstuvwx}, not null;
     *     no trimming, case folding or alternative alphabets are accepted
     * @return the ID
     * @throws InvalidSnoIdException if text has another length or holds any other character;
     *     the message quotes the text and names the first offending character and its index
     * @throws NullPointerException if text is null
     */
    public static SnoId parse(CharSequence text) {
        Objects.requireNonNull(text, "text");
        if (text.length() != SIZE_CHARS) {
            throw Codec.invalid(text);
        }
        SnoId id = Codec.decode(text);
        if (id == null) {
            throw Codec.invalid(text);
        }
        return id;
    }

    /**
     * Parses the canonical text form; the same as {@link #parse(CharSequence)}. This is the name
     * the JDK uses for such factories, and the one that frameworks' string conversion looks
     * for (Spring's {@code ObjectToObjectConverter}, JAX-RS parameters), so {@code SnoId} works
     * as a request parameter or path variable without a registered converter.
     *
     * @param text  exactly 16 characters of {@code 23456789abcdefghijklmnopqrstuvwx}, not null
     * @return the ID
     * @throws InvalidSnoIdException if text is not a sno ID; the message quotes it
     * @throws NullPointerException if text is null
     */
    public static SnoId valueOf(String text) {
        return parse(text);
    }

    /**
     * Reads an ID from its canonical UUID image; the same as {@link #fromUuid(UUID)}. Spring's
     * default conversion looks for a static {@code valueOf} taking the source type, so with this
     * a UUID column read by {@code JdbcTemplate}, {@code JdbcClient} or Spring Data converts to
     * {@code SnoId} without a registered converter.
     *
     * @param uuid  the UUID, not null
     * @return the ID
     * @throws InvalidSnoIdException if any of the UUID's last six bytes is not zero
     * @throws NullPointerException if uuid is null
     */
    public static SnoId valueOf(UUID uuid) {
        return fromUuid(uuid);
    }

    /**
     * Tells whether text is a sno ID in canonical form, that is, whether {@link #parse} would
     * accept it.
     *
     * @param text  the text to check; null is not valid
     * @return true if text is exactly 16 characters of the sno alphabet
     */
    public static boolean isValid(CharSequence text) {
        return Codec.isValid(text);
    }

    /**
     * Decodes only the metabyte of an ID in canonical form, for dispatch without a full parse.
     * The whole text is validated as {@link #parse} does.
     *
     * @param text  the canonical text form, not null
     * @return the metabyte, 0..255
     * @throws InvalidSnoIdException if text is not a sno ID in canonical form
     * @throws NullPointerException if text is null
     */
    public static int metaOf(CharSequence text) {
        Objects.requireNonNull(text, "text");
        if (text.length() != SIZE_CHARS) {
            throw Codec.invalid(text);
        }
        return Codec.decodeMeta(text);
    }

    /**
     * Reads an ID from exactly 10 bytes, big-endian.
     *
     * @param bytes  the binary form, exactly {@value #SIZE_BYTES} bytes, not null; not retained
     * @return the ID
     * @throws InvalidSnoIdException if bytes does not hold exactly 10 bytes
     * @throws NullPointerException if bytes is null
     */
    public static SnoId fromBytes(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        if (bytes.length != SIZE_BYTES) {
            throw new InvalidSnoIdException("Invalid sno ID bytes: " + Codec.hex(bytes)
                    + " (length " + bytes.length + ", expected " + SIZE_BYTES + ")");
        }
        return fromBytes(bytes, 0);
    }

    /**
     * Reads an ID from the 10 bytes of an array starting at an offset, big-endian.
     *
     * @param bytes   the array, not null; not retained
     * @param offset  index of the first of the 10 bytes
     * @return the ID
     * @throws IndexOutOfBoundsException if {@code offset < 0} or {@code offset + 10 > bytes.length}
     * @throws NullPointerException if bytes is null
     */
    public static SnoId fromBytes(byte[] bytes, int offset) {
        Objects.requireNonNull(bytes, "bytes");
        Objects.checkFromIndexSize(offset, SIZE_BYTES, bytes.length);
        long hi = 0;
        for (int i = 0; i < 8; i++) {
            hi = hi << 8 | (bytes[offset + i] & 0xFF);
        }
        int lo = (bytes[offset + 8] & 0xFF) << 8 | (bytes[offset + 9] & 0xFF);
        return new SnoId(hi, (char) lo);
    }

    /**
     * Reads an ID from its canonical UUID image: UUID bytes 0..9 are the ID's bytes and bytes
     * 10..15 are zero.
     *
     * @param uuid  the UUID, not null
     * @return the ID
     * @throws InvalidSnoIdException if any of the UUID's last six bytes is not zero
     * @throws NullPointerException if uuid is null
     */
    public static SnoId fromUuid(UUID uuid) {
        Objects.requireNonNull(uuid, "uuid");
        long lsb = uuid.getLeastSignificantBits();
        if ((lsb & 0xFFFF_FFFF_FFFFL) != 0) {
            throw new InvalidSnoIdException("Invalid sno ID UUID: " + uuid
                    + " (bytes 10..15 must be zero in the image of a sno ID)");
        }
        return new SnoId(uuid.getMostSignificantBits(), (char) (lsb >>> 48));
    }

    /**
     * Reads an ID from the 16 bytes of its canonical UUID image, in the UUID's byte order (most
     * significant first): the ID's 10 bytes, then six zero bytes, as {@link #toUuidBytes()}
     * writes them and a {@code BINARY(16)} column holds them.
     *
     * @param bytes  the image, exactly 16 bytes, not null; not retained
     * @return the ID
     * @throws InvalidSnoIdException if bytes does not hold exactly 16 bytes (the message names
     *     them in hexadecimal and their length), or if any of bytes 10..15 is not zero (the
     *     message names them as a UUID, as {@link #fromUuid} does)
     * @throws NullPointerException if bytes is null
     */
    public static SnoId fromUuidBytes(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        if (bytes.length != UUID_BYTES) {
            throw new InvalidSnoIdException("Invalid sno ID UUID bytes: " + Codec.hex(bytes)
                    + " (length " + bytes.length + ", expected " + UUID_BYTES + ")");
        }
        long lsb = 0;
        for (int i = 8; i < UUID_BYTES; i++) {
            lsb = lsb << 8 | (bytes[i] & 0xFF);
        }
        if ((lsb & 0xFFFF_FFFF_FFFFL) != 0) {
            long msb = 0;
            for (int i = 0; i < 8; i++) {
                msb = msb << 8 | (bytes[i] & 0xFF);
            }
            return fromUuid(new UUID(msb, lsb)); // throws, naming the UUID
        }
        return fromBytes(bytes, 0);
    }

    /**
     * Makes an ID from its components. The time is floored to its 4 ms unit.
     *
     * @param time       the time, in [{@link #EPOCH}, {@link #MAX_TIME}], not null
     * @param tickTock   the tick-tock bit
     * @param meta       the metabyte, 0..255
     * @param partition  the partition, 0..65535
     * @param sequence   the sequence, 0..65535
     * @return the ID
     * @throws InvalidSnoIdException if the time or a component is out of its range; the message
     *     names the component, the value and the range
     * @throws NullPointerException if time is null
     */
    public static SnoId of(Instant time, boolean tickTock, int meta, int partition, int sequence) {
        long units = unitsOf(time);
        checkMeta(meta);
        checkRange("partition", partition, 0xFFFF);
        checkRange("sequence", sequence, 0xFFFF);
        return new SnoId(units << StateWord.UNIT_SHIFT | (tickTock ? StateWord.TICK : 0) | (long) meta << 16 | partition,
                (char) sequence);
    }

    /**
     * The smallest ID of the 4 ms unit holding the given time: tick-tock, metabyte, partition
     * and sequence all zero. With {@link #lastAt}, this turns a time window into a key range.
     *
     * @param time  the time, in [{@link #EPOCH}, {@link #MAX_TIME}], not null
     * @return the smallest ID whose {@link #timeUnits()} is that of time
     * @throws InvalidSnoIdException if time is out of range
     * @throws NullPointerException if time is null
     */
    public static SnoId firstAt(Instant time) {
        return new SnoId(unitsOf(time) << StateWord.UNIT_SHIFT, (char) 0);
    }

    /**
     * The largest ID of the 4 ms unit holding the given time: tick-tock, metabyte, partition
     * and sequence all ones.
     *
     * @param time  the time, in [{@link #EPOCH}, {@link #MAX_TIME}], not null
     * @return the largest ID whose {@link #timeUnits()} is that of time
     * @throws InvalidSnoIdException if time is out of range
     * @throws NullPointerException if time is null
     */
    public static SnoId lastAt(Instant time) {
        return new SnoId(unitsOf(time) << StateWord.UNIT_SHIFT | 0x1FF_FFFFL, (char) 0xFFFF);
    }

    /** The time unit of an instant, checking the sno range. */
    static long unitsOf(Instant time) {
        Objects.requireNonNull(time, "time");
        if (time.isBefore(EPOCH) || time.isAfter(MAX_TIME)) {
            throw new InvalidSnoIdException("Invalid sno ID time: " + time
                    + " (must be in [" + EPOCH + ", " + MAX_TIME + "])");
        }
        return (time.toEpochMilli() - EPOCH_MILLIS) / UNIT_MILLIS;
    }

    static void checkMeta(int meta) {
        checkRange("meta", meta, 0xFF);
    }

    private static void checkRange(String name, int value, int max) {
        if (value < 0 || value > max) {
            throw new InvalidSnoIdException("Invalid sno ID " + name + ": " + value
                    + " (must be in [0, " + max + "])");
        }
    }

    // ---------------------------------------------------------------------------------------
    // Accessors

    /**
     * The embedded time: the start of this ID's 4 ms unit.
     *
     * @return the time, in [{@link #EPOCH}, {@link #MAX_TIME}]
     */
    public Instant time() {
        return Instant.ofEpochMilli(toEpochMilli());
    }

    /**
     * The embedded time as milliseconds since the Unix epoch, a multiple of 4 from
     * {@code 1262304000000}; the same number as {@code time().toEpochMilli()}, without the
     * {@code Instant}.
     *
     * @apiNote The Go reference's {@code Timestamp()} returns nanoseconds; this method is named
     * after {@link Instant#toEpochMilli()} so that milliseconds cannot be mistaken for them.
     *
     * @return the epoch milliseconds of {@link #time()}
     */
    public long toEpochMilli() {
        return EPOCH_MILLIS + timeUnits() * UNIT_MILLIS;
    }

    /**
     * The embedded time as a count of 4 ms units since {@link #EPOCH}: bytes 0..4 read as a
     * 40-bit number, shifted right by one.
     *
     * @return the time units, 0..2^39-1
     */
    public long timeUnits() {
        return hi >>> StateWord.UNIT_SHIFT;
    }

    /**
     * The tick-tock bit: the lowest bit of byte 4, toggled by a generator at each clock
     * regression.
     *
     * @return true if the bit is set
     */
    public boolean tickTock() {
        return (hi & StateWord.TICK) != 0;
    }

    /**
     * The metabyte: byte 5.
     *
     * @return the metabyte, 0..255
     */
    public int meta() {
        return (int) (hi >>> 16) & 0xFF;
    }

    /**
     * The partition: bytes 6..7, big-endian.
     *
     * @return the partition, 0..65535
     */
    public int partition() {
        return (int) hi & 0xFFFF;
    }

    /**
     * The sequence: bytes 8..9, big-endian.
     *
     * @return the sequence, 0..65535
     */
    public int sequence() {
        return lo;
    }

    // ---------------------------------------------------------------------------------------
    // Derived IDs

    /**
     * A copy of this ID with another metabyte and every other bit unchanged, as in the sno
     * README's versioning scheme.
     *
     * @param meta  the new metabyte, 0..255
     * @return the ID with that metabyte
     * @throws InvalidSnoIdException if meta is out of range
     */
    public SnoId withMeta(int meta) {
        checkMeta(meta);
        return new SnoId(hi & ~0xFF_0000L | (long) meta << 16, lo);
    }

    // ---------------------------------------------------------------------------------------
    // Conversions

    /**
     * The binary form: 10 bytes, big-endian.
     *
     * @return a new array of {@value #SIZE_BYTES} bytes
     */
    public byte[] toBytes() {
        byte[] bytes = new byte[SIZE_BYTES];
        writeBytes(bytes, 0);
        return bytes;
    }

    /**
     * Writes the binary form to dst[offset..offset+9].
     *
     * @param dst     the destination, not null
     * @param offset  index of the first byte to write
     * @throws IndexOutOfBoundsException if {@code offset < 0} or {@code offset + 10 > dst.length};
     *     nothing is written then
     * @throws NullPointerException if dst is null
     */
    public void writeBytes(byte[] dst, int offset) {
        Objects.requireNonNull(dst, "dst");
        Objects.checkFromIndexSize(offset, SIZE_BYTES, dst.length);
        for (int i = 0; i < 8; i++) {
            dst[offset + i] = (byte) (hi >>> (56 - 8 * i));
        }
        dst[offset + 8] = (byte) (lo >>> 8);
        dst[offset + 9] = (byte) lo;
    }

    /**
     * Writes the canonical text form as 16 ASCII bytes to dst[offset..offset+15], allocating
     * nothing.
     *
     * @param dst     the destination, not null
     * @param offset  index of the first byte to write
     * @throws IndexOutOfBoundsException if {@code offset < 0} or {@code offset + 16 > dst.length};
     *     nothing is written then
     * @throws NullPointerException if dst is null
     */
    public void encodeTo(byte[] dst, int offset) {
        Objects.requireNonNull(dst, "dst");
        Objects.checkFromIndexSize(offset, SIZE_CHARS, dst.length);
        Codec.encode(hi, lo, dst, offset);
    }

    /**
     * Writes the canonical text form as 16 characters to dst[offset..offset+15], allocating
     * nothing; for writers that take character arrays (JSON generators, for example).
     *
     * @param dst     the destination, not null
     * @param offset  index of the first character to write
     * @throws IndexOutOfBoundsException if {@code offset < 0} or {@code offset + 16 > dst.length};
     *     nothing is written then
     * @throws NullPointerException if dst is null
     */
    public void encodeTo(char[] dst, int offset) {
        Objects.requireNonNull(dst, "dst");
        Objects.checkFromIndexSize(offset, SIZE_CHARS, dst.length);
        Codec.encode(hi, lo, dst, offset);
    }

    /**
     * The canonical UUID image: UUID bytes 0..9 are this ID's bytes, bytes 10..15 are zero.
     * Note that {@link UUID#compareTo} compares signed longs and so does not follow this
     * ID's order; databases that compare UUIDs as unsigned bytes do.
     *
     * @return the UUID image
     */
    public UUID toUuid() {
        return new UUID(hi, (long) lo << 48);
    }

    /**
     * The canonical UUID image as 16 bytes, in the UUID's byte order (most significant first):
     * this ID's 10 bytes, then six zero bytes; what a {@code BINARY(16)} column holds, in this
     * ID's order when the database compares bytes unsigned. {@link #fromUuidBytes} reads it back.
     *
     * @return a new array of 16 bytes
     */
    public byte[] toUuidBytes() {
        byte[] bytes = new byte[UUID_BYTES];
        writeBytes(bytes, 0);
        return bytes;
    }

    /**
     * The canonical text form.
     *
     * @return 16 characters of {@code 23456789abcdefghijklmnopqrstuvwx}
     */
    @Override
    public String toString() {
        return Codec.toString(hi, lo);
    }

    // ---------------------------------------------------------------------------------------
    // Identity and order

    /**
     * Compares the 10 bytes of the two IDs as unsigned numbers, first byte first.
     *
     * @param other  the ID to compare with, not null
     * @return negative, zero or positive as this ID is less than, equal to or greater than other
     */
    @Override
    public int compareTo(SnoId other) {
        int c = Long.compareUnsigned(hi, other.hi);
        return c != 0 ? c : Character.compare(lo, other.lo);
    }

    /**
     * Tells whether obj is a {@code SnoId} with the same 80 bits.
     *
     * @param obj  the object to compare with
     * @return true if equal
     */
    @Override
    public boolean equals(Object obj) {
        return obj instanceof SnoId && ((SnoId) obj).hi == hi && ((SnoId) obj).lo == lo;
    }

    /**
     * A hash code from all 80 bits.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Long.hashCode(hi) * 31 + lo;
    }

    // ---------------------------------------------------------------------------------------
    // Serialization: through a proxy holding the two halves, as java.time does.

    /**
     * Writes a proxy holding the two halves instead of this object.
     *
     * @return the serialization proxy
     */
    @Serial
    private Object writeReplace() {
        return new Proxy(hi, lo);
    }

    /**
     * Rejects a stream that holds a SnoId directly: only the proxy's form is valid.
     *
     * @param in  the stream
     * @throws InvalidObjectException always
     */
    @Serial
    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException("SnoId is deserialized through its serialization proxy");
    }

    /** The serialized form of a SnoId: bytes 0..7 as a long, bytes 8..9 as a char. */
    private static final class Proxy implements Serializable {

        @Serial
        private static final long serialVersionUID = 1L;

        /** Bytes 0..7, big-endian. */
        private final long hi;

        /** Bytes 8..9, big-endian. */
        private final char lo;

        Proxy(long hi, char lo) {
            this.hi = hi;
            this.lo = lo;
        }

        @Serial
        private Object readResolve() {
            return new SnoId(hi, lo);
        }
    }
}
