package dev.sno.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A fault-injecting TCP proxy on a free port of 127.0.0.1 in front of one upstream host and port:
 * the network between one client (a lease holder) and its server, which a test cuts, drops or
 * slows at any time. Faults, switched by {@link #pass}, {@link #drop}, {@link #blackhole} and
 * {@link #latency}:
 * <ul>
 * <li><b>PASS</b>: bytes are forwarded both ways as they come.</li>
 * <li><b>DROP</b>: every open connection is reset (RST), and every new one is accepted and reset
 *     at once, as by a host whose service went away.</li>
 * <li><b>BLACKHOLE</b>: connections stay open and new ones are accepted, but every byte either side
 *     sends is discarded and nothing is answered: a cable cut with TCP still up on both ends. A
 *     connection that lost bytes can never be healed (TCP never delivers a stream with holes), so
 *     leaving BLACKHOLE resets it, as its retransmission timeout would have; connections that lost
 *     nothing carry on.</li>
 * <li><b>LATENCY</b>: every chunk read from either side is written to the other the given delay
 *     after it arrived, in order: a round trip takes twice the delay more.</li>
 * </ul>
 * Each connection uses four daemon threads (a reader and a writer per direction) of the proxy's
 * own pool; they block on sockets and queues, never spin, and all end by {@link #close}.
 */
public final class FaultProxy implements AutoCloseable {

    /** The proxy's fault: what it does to the bytes and connections it carries. */
    public enum Fault {
        /** Forward everything. */
        PASS,
        /** Reset every connection, open and new. */
        DROP,
        /** Keep connections open, discard every byte, answer nothing. */
        BLACKHOLE,
        /** Forward every chunk after a delay. */
        LATENCY
    }

    private static final byte[] END = new byte[0];
    private static final AtomicInteger PROXIES = new AtomicInteger();

    private final String upstreamHost;
    private final int upstreamPort;
    private final ServerSocket server;
    private final ExecutorService threads;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile Fault fault = Fault.PASS;
    private volatile long delayNanos;
    private volatile boolean closed;

    /**
     * Starts a proxy for upstreamHost:upstreamPort, passing everything.
     *
     * @param upstreamHost  the server's host
     * @param upstreamPort  the server's port
     * @throws UncheckedIOException if no port of 127.0.0.1 can be bound
     */
    public FaultProxy(String upstreamHost, int upstreamPort) {
        this.upstreamHost = Objects.requireNonNull(upstreamHost, "upstreamHost");
        this.upstreamPort = upstreamPort;
        String name = "fault-proxy-" + PROXIES.incrementAndGet() + "-" + upstreamPort;
        AtomicInteger n = new AtomicInteger();
        this.threads = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 10, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            threads.shutdown();
            throw new UncheckedIOException("binding a port of 127.0.0.1 for a proxy to " + upstreamHost + ":" + upstreamPort, e);
        }
        threads.execute(this::acceptLoop);
    }

    /** The proxy's port on 127.0.0.1, which the client connects to instead of the server's. */
    public int port() {
        return server.getLocalPort();
    }

    /** {@code 127.0.0.1:<port>}, the address the client uses instead of the server's. */
    public String address() {
        return "127.0.0.1:" + port();
    }

    /** The fault in force. */
    public Fault fault() {
        return fault;
    }

    /** Connections accepted so far, whatever became of them. */
    public int accepted() {
        return accepted.get();
    }
    /** Forwards everything from now on; connections that lost bytes to a blackhole are reset. */
    public void pass() {
        set(Fault.PASS, 0);
    }

    /** Resets every open connection, and every new one as soon as it is accepted. */
    public void drop() {
        set(Fault.DROP, 0);
    }

    /** Discards every byte from now on, both ways, keeping connections open. */
    public void blackhole() {
        set(Fault.BLACKHOLE, 0);
    }

    /**
     * Delays every chunk that arrives from now on by delay, in both directions.
     *
     * @param delay  the delay of each chunk, at least zero
     */
    public void latency(Duration delay) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must be at least zero: delay=" + delay);
        }
        set(Fault.LATENCY, delay.toNanos());
    }

    private synchronized void set(Fault next, long delay) {
        Fault before = fault;
        delayNanos = delay;
        fault = next;
        for (Link l : links) {
            if (next == Fault.DROP || (before == Fault.BLACKHOLE && next != Fault.BLACKHOLE && l.holed)) {
                l.close();
            }
        }
    }

    /**
     * Whether a chunk of link may be written now: not into a blackhole (the link then has a hole),
     * and never on a link with a hole, which is reset instead.
     */
    private synchronized boolean admit(Link link) {
        if (fault == Fault.BLACKHOLE) {
            link.holed = true;
            return false;
        }
        if (link.holed || fault == Fault.DROP) {
            link.close();
            return false;
        }
        return true;
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            accepted.incrementAndGet();
            Socket up = new Socket();
            try {
                if (fault == Fault.DROP) {
                    throw new IOException("dropping");
                }
                client.setTcpNoDelay(true);
                up.setTcpNoDelay(true);
                up.connect(new InetSocketAddress(upstreamHost, upstreamPort), 5_000);
            } catch (IOException e) {
                reset(up);
                reset(client);
                continue;
            }
            Link l = new Link(client, up);
            links.add(l);
            if (closed) {
                l.close();
                return;
            }
            l.direction(client, up);
            l.direction(up, client);
        }
    }

    /** Closes s with RST, not FIN. */
    private static void reset(Socket s) {
        try {
            if (!s.isClosed() && s.isConnected()) {
                s.setSoLinger(true, 0);
            }
            s.close();
        } catch (IOException e) {
            // already broken: closed all the same
        }
    }

    /** Stops accepting, resets every connection and waits for the proxy's threads to end. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closed all the same
        }
        links.forEach(Link::close);
        threads.shutdown();
        try {
            if (!threads.awaitTermination(5, TimeUnit.SECONDS)) {
                threads.shutdownNow();
            }
        } catch (InterruptedException e) {
            threads.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "FaultProxy " + address() + " -> " + upstreamHost + ":" + upstreamPort + " (" + fault + ")";
    }

    /** One proxied connection: the client's socket and the proxy's to the server. */
    private final class Link {
        final Socket client;
        final Socket up;
        /** Lost bytes to a blackhole: never written to again. Guarded by the proxy. */
        boolean holed;
        private volatile boolean done;
        /** Directions whose stream ended cleanly; the link closes once both have. */
        private final AtomicInteger ended = new AtomicInteger();

        Link(Socket client, Socket up) {
            this.client = client;
            this.up = up;
        }

        /**
         * A reader queues each chunk with its due time; a writer writes it then. The end of a
         * stream is passed on (FIN); a reset or a fault resets both sockets (RST).
         */
        private void direction(Socket from, Socket to) {
            BlockingQueue<Object[]> queue = new LinkedBlockingQueue<>();
            threads.execute(() -> {
                byte[] buf = new byte[16 * 1024];
                boolean clean = false;
                try {
                    InputStream in = from.getInputStream();
                    for (int n; (n = in.read(buf)) > 0;) {
                        long due = System.nanoTime() + (fault == Fault.LATENCY ? delayNanos : 0);
                        queue.add(new Object[] {Arrays.copyOf(buf, n), due});
                    }
                    clean = true; // the end of the stream
                } catch (IOException e) {
                    // reset or closed: the link ends
                } finally {
                    queue.add(new Object[] {END, clean});
                }
            });
            threads.execute(() -> {
                boolean clean = false;
                try {
                    OutputStream out = to.getOutputStream();
                    for (;;) {
                        Object[] chunk = queue.take();
                        if (chunk[0] == END) {
                            clean = (boolean) chunk[1];
                            break;
                        }
                        for (long left; (left = (long) chunk[1] - System.nanoTime()) > 0 && !done;) {
                            LockSupport.parkNanos(left);
                        }
                        if (!done && admit(this)) {
                            out.write((byte[]) chunk[0]);
                        }
                    }
                    if (clean && !done) {
                        to.shutdownOutput(); // pass the end of the stream on, after everything before it
                    }
                } catch (IOException | InterruptedException e) {
                    clean = false; // reset, closed or the proxy shut down
                } finally {
                    if (!clean || ended.incrementAndGet() == 2) {
                        close();
                    }
                }
            });
        }

        void close() {
            done = true;
            links.remove(this);
            reset(client);
            reset(up);
        }
    }
}
