#!/usr/bin/env bash
# Prints the machine code C2 compiled for one JMH benchmark's measurement loop (the benchmark
# method with everything inlined into it), as the profile behind a performance target: which
# calls, barriers and checks the hot path holds.
#
#   benchmarks/print-asm.sh FastPathFloorBenchmark snoNext        # on the java on PATH
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java benchmarks/print-asm.sh CodecBenchmark decodeSnoParse
#
# HotSpot prints compiled code as bytes unless a disassembler plugin (hsdis) loads; this script
# decodes the bytes with objdump (binutils), so it needs no plugin. Needs python3 and objdump.
# Writes the JVM's output to target/asm/<Class>.<method>.log and the decoded listing to
# target/asm/<Class>.<method>.s, and prints where the listing calls out, takes a lock prefix or a
# fence: the landmarks to read the hot path between. The code is the last full compilation of a
# short run; C2 can compile differently from run to run, so read the listing whole.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 2 ] || { echo "usage: $0 BenchmarkClass benchmarkMethod" >&2; exit 2; }
class=$1 method=$2
java=${JAVA:-java}
jar=benchmarks/target/benchmarks.jar
[ -f "$jar" ] || mvn -B -q -pl benchmarks -am package -DskipTests
mkdir -p target/asm
log=target/asm/$class.$method.log
out=target/asm/$class.$method.s

stub="dev.sno.bench.jmh_generated.${class}_${method}_jmhTest::${method}_avgt_jmhStub"
"$java" -jar "$jar" "$class.$method\$" -bm avgt -f 1 -wi 2 -w 1s -i 1 -r 1s \
  -jvmArgsAppend "-XX:+UnlockDiagnosticVMOptions -XX:CompileCommand=print,$stub" > "$log" 2>&1

# The last complete (not on-stack-replacement) C2 compilation of the stub: its byte rows into a
# binary, decoded at its own addresses.
python3 - "$log" "$out" <<'EOF'
import re, subprocess, sys
log, out = sys.argv[1], sys.argv[2]
lines = open(log, errors="replace").read().split("\n")
starts = [i for i, l in enumerate(lines) if l.startswith("Compiled method (c2)") and " % " not in l]
if not starts:
    sys.exit("print-asm: no C2 compilation of the stub in " + log)
block = lines[starts[-1]:]
end = next((i for i, l in enumerate(block[1:], 1) if l.startswith("Compiled method")), len(block))
code = {}
for l in block[:end]:
    m = re.match(r"\s+0x([0-9a-f]+): ((?:[0-9a-f]{2,8}\s*\|?\s*)+)$", l)
    if m:
        row = re.sub(r"[\s|]", "", m.group(2))
        if len(row) % 2 == 0:
            base = int(m.group(1), 16)
            for k, b in enumerate(bytes.fromhex(row)):
                code[base + k] = b
if not code:
    sys.exit("print-asm: the compilation holds no code bytes (an hsdis plugin printed text?): read " + log)
lo, hi = min(code), max(code)
blob = bytearray(hi - lo + 1)
for a, b in code.items():
    blob[a - lo] = b
open(out + ".bin", "wb").write(blob)
listing = subprocess.run(["objdump", "-D", "-b", "binary", "-mi386:x86-64", "-M", "intel",
                          "--adjust-vma=" + hex(lo), out + ".bin"], check=True, capture_output=True, text=True).stdout
open(out, "w").write(listing)
EOF
grep -E "^(Benchmark|$class)" "$log" | tail -2
echo "listing: $out ($(grep -c ':	' "$out") instructions); calls, lock prefixes and fences:"
grep -nE "lock |call |mfence" "$out" | head -20
