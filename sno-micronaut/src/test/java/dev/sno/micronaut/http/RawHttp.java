package dev.sno.micronaut.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket to 127.0.0.1, the request written as given (no client encodes the
 * path, query or headers), the answer read whole: what a hostile client sends reaches the server
 * as sent.
 */
final class RawHttp {

    /** An answer: its status, content type and body. */
    record Answer(int status, String contentType, String body) {
        @Override
        public String toString() {
            return status + " " + contentType + " " + body;
        }
    }

    private final int port;

    RawHttp(URL server) {
        this.port = server.getPort();
    }

    /** GET target (path and query, as sent) with extra header lines (each without CRLF). */
    Answer get(String target, String... headers) throws IOException {
        return send("GET", target, null, headers);
    }

    /** POST a JSON body. */
    Answer post(String target, String json) throws IOException {
        return send("POST", target, json, "Content-Type: application/json");
    }

    private Answer send(String method, String target, String body, String... headers) throws IOException {
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder request = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: 127.0.0.1:").append(port).append("\r\nConnection: close\r\n");
        for (String h : headers) {
            request.append(h).append("\r\n");
        }
        if (body != null) {
            request.append("Content-Length: ").append(content.length).append("\r\n");
        }
        request.append("\r\n");
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.write(content);
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            // bytes as Latin-1 characters: chunk sizes count bytes; the body is decoded as UTF-8 at the end
            return parse(all.toString(StandardCharsets.ISO_8859_1));
        }
    }

    private static Answer parse(String response) {
        int end = response.indexOf("\r\n\r\n");
        String head = end < 0 ? response : response.substring(0, end);
        String body = end < 0 ? "" : response.substring(end + 4);
        String[] lines = head.split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        String type = "";
        boolean chunked = false;
        for (String line : lines) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-type:")) {
                type = line.substring(13).trim();
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        String bytes = chunked ? unchunk(body) : body;
        return new Answer(status, type, new String(bytes.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
    }

    private static String unchunk(String body) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < body.length()) {
            int eol = body.indexOf("\r\n", i);
            int size = Integer.parseInt(body.substring(i, eol).trim(), 16);
            if (size == 0) {
                break;
            }
            sb.append(body, eol + 2, eol + 2 + size);
            i = eol + 2 + size + 2;
        }
        return sb.toString();
    }
}
