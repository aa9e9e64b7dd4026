import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Unpacks some entries of a zip: {@code java Unzip.java ZIP DIR NAME...}, where a NAME ending in
 * a slash takes everything under that directory and any other NAME the one entry of that name
 * (so that {@code bin/mysqld} does not also take {@code bin/mysqld-debug}, as jar's prefix match
 * does). Run by the JDK's source launcher: the build needs a JDK anyway, and a fresh machine may
 * have no unzip. Entries under bin/ are made executable (a zip's Unix modes are not read here).
 */
public final class Unzip {

    private Unzip() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: java Unzip.java ZIP DIR NAME...");
        }
        Path into = Path.of(args[1]).toAbsolutePath().normalize();
        List<String> names = Arrays.asList(args).subList(2, args.length);
        int taken = 0;
        try (ZipFile zip = new ZipFile(args[0])) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                String name = entry.getName();
                if (entry.isDirectory() || !wanted(name, names)) {
                    continue;
                }
                Path target = into.resolve(name).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("the entry " + name + " of " + args[0] + " points outside " + into);
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
                if (name.startsWith("bin/")) {
                    target.toFile().setExecutable(true, false);
                }
                taken++;
            }
        }
        if (taken == 0) {
            throw new IOException("none of " + names + " in " + args[0]);
        }
    }

    private static boolean wanted(String name, List<String> names) {
        for (String n : names) {
            if (n.endsWith("/") ? name.startsWith(n) : name.equals(n)) {
                return true;
            }
        }
        return false;
    }
}
