package dev.sno.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard output for the commands: a byte buffer flushed in blocks, whose write errors are not
 * swallowed (as {@link java.io.PrintStream} would) but surface as {@link IOException}, so that a
 * full disk is an error and a closed pipe stops the command at the next block.
 */
final class Output {

    /** Flush threshold: 256 text lines of 17 bytes. */
    private static final int BLOCK = 17 * 256;

    private final OutputStream out;
    private final byte[] buf = new byte[BLOCK + 512];
    private int pos;

    Output(OutputStream out) {
        this.out = out;
    }

    /** Room for n more bytes without flushing; n at most 512. */
    byte[] reserve(int n) throws IOException {
        if (pos + n > buf.length) {
            flush();
        }
        return buf;
    }

    int position() {
        return pos;
    }

    void advance(int n) throws IOException {
        pos += n;
        if (pos >= BLOCK) {
            flush();
        }
    }

    void print(CharSequence text) throws IOException {
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        int off = 0;
        while (off < bytes.length) {
            int n = Math.min(bytes.length - off, buf.length - pos);
            System.arraycopy(bytes, off, buf, pos, n);
            off += n;
            advance(n);
            if (pos == buf.length) {
                flush();
            }
        }
    }

    void flush() throws IOException {
        if (pos > 0) {
            out.write(buf, 0, pos);
            pos = 0;
        }
        out.flush();
    }

    /**
     * Whether a write failed because the reader went away. The JDK reports EPIPE only through
     * the message of the IOException.
     */
    static boolean isBrokenPipe(IOException e) {
        String m = e.getMessage();
        return m != null && (m.contains("Broken pipe") || m.contains("pipe is being closed"));
    }
}
