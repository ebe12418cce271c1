#!/usr/bin/env bash
# report --view fleet (issue 33): boards side by side, each board's measured
# rate beside its estimate where both exist. The timed file is a run returned
# by the LAVA QEMU job (tests/data/lava-qemu-a57.json, scripts/lava.sh);
# copies of it are relabelled here to stand for the boards of the counting
# files of docs/data/estimate, which carry per-block counts (the estimate is
# the pipeline model's); a file's board is its --label, a counting run's its
# profile.
. "$(dirname "$0")/lib.sh"
src=${1:?source dir}
d=$src/tests/data
t=$CS_TMP
relabel() { # FILE LABEL OUT
	python3 - "$@" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["label"] = sys.argv[2]
json.dump(r, open(sys.argv[3], "w"))
PY
}
command -v python3 >/dev/null || skip "no python3"
relabel "$d/lava-qemu-a57.json" cortex-a53 "$t/a53.json"
"$CS" report "$t/a53.json" "$src/docs/data/estimate/a53.json" "$src/docs/data/estimate/rpi3.json" "$d/lava-qemu-a57.json" \
	--view fleet >"$t/fleet.txt" || fail "report --view fleet exited $?"
cat "$t/fleet.txt"
grep -q '^fleet: 3 boards$' "$t/fleet.txt" || fail "not 3 boards: $(head -n1 "$t/fleet.txt")"
grep -q '^  \[1\] cortex-a53: measured .*a53.json; estimated .*estimate/a53.json (cortex-a53, [0-9]* MHz)$' "$t/fleet.txt" ||
	fail "board 1 is not the measured and counted cortex-a53"
grep -q '^  \[2\] cortex-a53-nocrypto: estimated .*estimate/rpi3.json' "$t/fleet.txt" || fail "board 2 is not the rpi3's counting run"
grep -q '^  \[3\] qemu-virt-a57: measured ' "$t/fleet.txt" || fail "board 3 is not the LAVA run"
# the row counted and measured on board 1: est/meas is estimate / measured
row=$(grep -E '^sha256 +digest +8192 openssl/evp ' "$t/fleet.txt") || fail "no openssl/evp sha256 8192 row"
read -r m e r <<<"$(awk -F'|' '{ print $2 }' <<<"$row")"
[ "$m" != - ] && [ "$e" != - ] && [ "$r" != - ] || fail "board 1 lacks a measurement or estimate: $row"
python3 -c "import sys; m, e, r = map(float, sys.argv[1:]); sys.exit(0 if abs(e / m - r) <= 0.006 * max(1, r) else 1)" "$m" "$e" "$r" ||
	fail "est/meas $r is not $e / $m"
# a row only measured: no estimate, no ratio
grep -E '^sha256 +digest +16 openssl/evp ' "$t/fleet.txt" | awk -F'|' '{ print $2 }' | grep -qE '^ +[0-9.]+ +- +- *$' ||
	fail "a row without a count has an estimate"
# Markdown: names escaped once; text: no control character reaches the terminal
relabel "$d/lava-qemu-a57.json" "$(printf 'evil|<b>_\033[31m')" "$t/evil.json"
"$CS" report "$t/evil.json" "$src/docs/data/estimate/rpi3.json" --view fleet --format markdown >"$t/fleet.md" || fail "markdown fleet"
grep -qF '| alg | op | size | lib/path | unit | evil\|&lt;b&gt;\_ \[31m measured |' "$t/fleet.md" ||
	fail "the board's name is not escaped for Markdown: $(grep '^| alg' "$t/fleet.md")"
"$CS" report "$t/evil.json" --view fleet >"$t/evil.txt" || fail "text fleet"
! grep -q $'\033' "$t/evil.txt" || fail "an escape character reached the terminal"
grep -q 'evil|<b>_\\x1b\[31m' "$t/evil.txt" || fail "the name is not shown escaped: $(sed -n 2p "$t/evil.txt")"
# a format that does not print the view: exit 2, one line
"$CS" report "$t/a53.json" --view fleet --format csv >/dev/null 2>"$t/err"
[ $? -eq 2 ] && [ "$(wc -l <"$t/err")" = 1 ] || fail "--view fleet --format csv: not exit 2 with one line: $(cat "$t/err")"
echo "ok: 3 boards, measured beside estimated, escaped"
