package dev.sno.cli;

import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/** {@code sno generate}: prints new IDs. */
final class Generate {

    static final String HELP = String.join("\n",
            "usage: sno generate [COUNT] [--count N] [--meta M] [--partition P] [--format F]",
            "",
            "Prints new sno IDs, one a line, in increasing order.",
            "",
            "  COUNT, --count N   how many IDs, 1..1000000000 (default 1)",
            "  --meta M           metabyte of the IDs, 0..255 (default 0)",
            "  --partition P      partition, 0..65535; give each concurrent writer its own.",
            "                     Default: random, and NOT coordinated with other processes",
            "                     (two runs share one with probability 1/65536 and may then",
            "                     print the same IDs); standard error names it",
            "  --format F         text (default): the 16-character ID",
            "                     uuid: the ID's UUID image",
            "                     json: one JSON object a line with the ID's components",
            "",
            "Options also take the form --name=value. Exit status: 0 on success, 1 if writing",
            "fails, 2 for a bad command line; stops at once when the reader closes the pipe.",
            "");

    static final long MAX_COUNT = 1_000_000_000L;

    private Generate() {
    }

    /** The line on standard error for a random partition. */
    static String randomPartitionNote(int partition) {
        return "sno: partition " + partition + " is random (no --partition): not coordinated with other"
                + " processes; give each concurrent writer its own --partition";
    }

    static int run(List<String> args, Output out, PrintStream err) throws IOException {
        Options o = new Options("generate", List.of("--count", "--meta", "--partition", "--format"),
                List.of("--help", "-h"), args);
        if (o.has("--help") || o.has("-h")) {
            out.print(HELP);
            return Main.OK;
        }
        List<String> operands = o.operands();
        if (operands.size() > 1 || operands.size() == 1 && o.has("--count")) {
            StringBuilder got = new StringBuilder();
            for (String operand : o.has("--count") ? List.of("--count " + o.value("--count"), operands.get(0)) : operands) {
                Formats.escape(operand, got.append(got.length() == 0 ? "" : " and "));
            }
            throw new UsageException("generate takes one COUNT, got " + got);
        }
        long count = operands.isEmpty()
                ? o.integer("--count", 1, MAX_COUNT, 1)
                : Options.parseInteger("COUNT", operands.get(0), 1, MAX_COUNT);
        int meta = (int) o.integer("--meta", 0, 255, 0);
        int partition = (int) o.integer("--partition", 0, 65535, -1);
        String format = o.choice("--format", List.of("text", "uuid", "json"), "text");

        SnoGenerator generator = partition < 0
                ? SnoGenerator.builder().announcePartition(false).build()
                : SnoGenerator.builder().partition(partition).build();
        if (partition < 0) {
            err.println(randomPartitionNote(generator.partition()));
        }
        StringBuilder sb = new StringBuilder(256);
        for (long n = 0; n < count; n++) {
            SnoId id = generator.next(meta);
            if (format.equals("text")) {
                byte[] buf = out.reserve(17);
                int pos = out.position();
                id.encodeTo(buf, pos);
                buf[pos + 16] = '\n';
                out.advance(17);
            } else {
                sb.setLength(0);
                if (format.equals("uuid")) {
                    sb.append(id.toUuid());
                } else {
                    Formats.json(id, sb);
                }
                out.print(sb.append('\n'));
            }
        }
        return Main.OK;
    }
}
