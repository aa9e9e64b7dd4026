#!/usr/bin/env bash
# The summary at the end of the README's test command (the reactor's last module, test-summary,
# runs it in the verify phase): the tests each module ran, from its Surefire and Failsafe
# reports, and every skipped test by name with its reason. A test skipped for want of a server
# that no Maven artifact ships (PgBouncer; later etcd) says how to get that server; those are
# listed first. The build's other servers are started by the tests themselves (test-support's
# TestServers), so no test skips for want of one of them.
#
#   scripts/test-summary.sh [ROOT]   # ROOT: the repository (default: this script's parent)
#
# It reads the reports that are there: a module the build did not test shows its previous run's.
set -euo pipefail
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root"

no_artifact="needs a server that no Maven artifact ships: "
total=0
total_skipped=0
skipped_lines=()

echo "== test summary: tests run per module (Surefire and Failsafe reports)"
for reports in */target/surefire-reports */target/failsafe-reports examples/*/target/surefire-reports \
  examples/*/target/failsafe-reports examples/*/*/target/surefire-reports; do
  [ -d "$reports" ] || continue
  ls "$reports"/TEST-*.xml >/dev/null 2>&1 || continue
  module=${reports%/target/*}
  kind=${reports##*/}
  kind=${kind%-reports}
  # The <testcase> and <skipped> elements (a <testsuite>'s own tests= counts no test of its
  # @Nested classes), and per skipped <testcase> "class.name<TAB>reason"
  # (the message attribute, or the first line of the CDATA when there is none).
  out=$(awk '
    function attr(line, name,   r) {
      if (match(line, " " name "=\"[^\"]*\"")) { r = substr(line, RSTART + length(name) + 3, RLENGTH - length(name) - 4); return r }
      return ""
    }
    /<testcase / { tests++; tc = attr($0, "classname") "." attr($0, "name") }
    /<skipped/ { skipped++ }
    want { sub(/^[[:space:]]*/, ""); print "S\t" tc "\t" $0; want = 0; next }
    /<skipped/ {
      m = attr($0, "message")
      if (m != "") { print "S\t" tc "\t" m; next }
      if ($0 ~ /CDATA\[/) { m = $0; sub(/.*CDATA\[/, "", m); sub(/^[A-Za-z0-9_.$]+: ?/, "", m); if (m != "") { print "S\t" tc "\t" m; next } }
      want = 1
    }
    END { print "T\t" tests + 0 "\t" skipped + 0 }' "$reports"/TEST-*.xml)
  t=$(awk -F'\t' '$1 == "T" { print $2 }' <<<"$out")
  s=$(awk -F'\t' '$1 == "T" { print $3 }' <<<"$out")
  printf '  %-32s %-9s %6d tests, %3d skipped\n' "$module" "$kind" "$t" "$s"
  total=$((total + t))
  total_skipped=$((total_skipped + s))
  while IFS=$'\t' read -r tag name reason; do
    [ "$tag" = S ] && skipped_lines+=("$name"$'\t'"$reason")
  done <<<"$out"
done
printf '  %-42s %6d tests, %3d skipped\n' "total" "$total" "$total_skipped"

external=()
other=()
for line in ${skipped_lines[@]+"${skipped_lines[@]}"}; do
  name=${line%%$'\t'*}
  reason=${line#*$'\t'}
  reason=$(sed 's/&quot;/"/g; s/&apos;/'"'"'/g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' <<<"$reason")
  if [[ $reason == "$no_artifact"* ]]; then
    external+=("  $name: ${reason#"$no_artifact"}")
  else
    other+=("  $name: $reason")
  fi
done
echo "== skipped for want of a server that no Maven artifact ships: ${#external[@]}"
for l in ${external[@]+"${external[@]}"}; do echo "$l"; done
echo "== skipped for other reasons: ${#other[@]}"
for l in ${other[@]+"${other[@]}"}; do echo "$l"; done
