#!/usr/bin/env bash
# A LAVA job from the project, run on the QEMU device type (issue 33,
# docs/arm-boards.md "A LAVA lab"): scripts/lava.sh makes the job for
# `--lib openssl,mbedtls --alg sha256,aes-128-gcm --sizes 16,8192 --quick`
# and the static aarch64 bundle (make cross), lava-run validates it against
# the QEMU device, then runs it (lava-run; where lava-run cannot run a job
# here, the job's own test shell under qemu-system-aarch64 directly, with a
# kernel and busybox from Debian's arm64 packages: scripts/deps.sh --test);
# every cell is a LAVA test case that passed, and the returned result file is
# imported (checked by the program) beside the board's other runs, where the
# fleet view shows it.
# Cost: one boot of an emulated Cortex-A57 and a --quick run of 8 cells or so
# under full-system emulation (see docs/arm-boards.md for the time taken).
. "$(dirname "$0")/lib.sh"
src=${1:?source dir}
cross=${2:-$src/build-aarch64}
LAVA=$src/scripts/lava.sh
assets=${CRYPTOSPEED_LAVA_ASSETS:-/opt/cryptospeed-lava-arm64}
command -v qemu-system-aarch64 >/dev/null || skip "no qemu-system-aarch64 (scripts/deps.sh --test installs qemu-system-arm)"
command -v lava-run >/dev/null || skip "no lava-run (scripts/deps.sh --test installs lava-dispatcher)"
for w in cryptospeed cryptospeed-worker-openssl cryptospeed-worker-mbedtls; do
	[ -x "$cross/bin/$w" ] || skip "no $cross/bin/$w: make cross builds the static aarch64 programs"
done
[ -f "$assets/vmlinuz" ] && [ -x "$assets/bin/busybox" ] ||
	skip "no arm64 kernel and busybox in $assets (scripts/deps.sh --test unpacks them from Debian's packages)"
python3 -c 'import yaml' 2>/dev/null || skip "no python3 yaml"

t=$CS_TMP
board=qemu-cortex-a57
bash "$LAVA" bundle --build "$cross" -o "$t/bundle.tar.gz" || fail "lava.sh bundle"
bash "$LAVA" initramfs --bundle "$t/bundle.tar.gz" -o "$t/cryptospeed.cpio.gz" || fail "lava.sh initramfs"
export CRYPTOSPEED_LAVA_ASSETS=$t/assets
mkdir -p "$t/assets/bin"
ln -s "$(readlink -f "$assets/vmlinuz")" "$t/assets/vmlinuz"
ln -s "$assets/bin/busybox" "$t/assets/bin/busybox"
mv "$t/cryptospeed.cpio.gz" "$t/assets/"
bash "$LAVA" job --board "$board" --timeout 10 -o "$t/job.yaml" -- \
	--lib openssl,mbedtls --alg sha256,aes-128-gcm --sizes 16,8192 --quick || fail "lava.sh job"
bash "$LAVA" device -o "$t/device.yaml" || fail "lava.sh device"

# bad input: one line, exit 2
bash "$LAVA" job --board 'a b' >/dev/null 2>"$t/bad.err"
[ $? -eq 2 ] && [ "$(wc -l <"$t/bad.err")" = 1 ] || fail "a board name with a blank: not exit 2 with one line ($(cat "$t/bad.err"))"
bash "$LAVA" job --board b -- --lib 'x;reboot' >/dev/null 2>"$t/bad.err"
[ $? -eq 2 ] || fail "a run option with a ';' was accepted"

# the job is valid for LAVA's dispatcher, against the QEMU device
lava-run --validate --job-id 1 --output-dir "$t/validate" --device "$t/device.yaml" "$t/job.yaml" \
	>"$t/validate.log" 2>&1 || fail "lava-run --validate: $(grep -iE 'error|invalid' "$t/validate.log" | tail -n 3)"
echo "lava-run --validate: the job is valid"

# run it: lava-run, else its test shell under qemu-system-aarch64 directly
# (LAVA's QEMU deploy writes its test overlay to a guest disk with libguestfs,
# whose appliance is built from the host's kernel in /boot: without one,
# lava-run ends in "Unable to start libguestfs" within seconds)
how=lava-run
t0=$SECONDS
why=""
if ! timeout 600 lava-run --job-id 2 --output-dir "$t/run" --device "$t/device.yaml" "$t/job.yaml" \
	>"$t/lava-run.log" 2>&1 || ! bash "$LAVA" fetch "$t/lava-run.log" -o "$t/probe.json" 2>/dev/null; then
	why=$(grep -o '"error_msg": "[^"]*"' "$t/lava-run.log" | tail -n 1)
	why=${why:-lava-run returned no result file (its log: $t/lava-run.log)}
	ls /boot/vmlinuz* >/dev/null 2>&1 || why="$why (no kernel in /boot for libguestfs's appliance)"
fi
if [ -n "$why" ]; then
	echo "lava-run could not run the job here: $why"
	how="qemu-system-aarch64 (the job's test shell, no LAVA)"
	bash "$LAVA" qemu --job "$t/job.yaml" --bundle "$t/bundle.tar.gz" --timeout 1500 -o "$t/console.log" ||
		fail "the job's test shell under qemu-system-aarch64: $(tail -n 5 "$t/console.log")"
	log=$t/console.log
else
	log=$t/lava-run.log
fi
echo "ran by $how in $((SECONDS - t0)) s"

# every cell a test case that passed, the run itself too
bash "$LAVA" cases "$log" >"$t/cases" || fail "lava.sh cases"
grep -qx 'bundle pass' "$t/cases" || fail "the bundle test case did not pass: $(head -n 3 "$t/cases")"
grep -qx 'run pass' "$t/cases" || fail "cryptospeed run failed on the board: $(grep -v pass "$t/cases" | head)"
grep -qx 'result-file pass' "$t/cases" || fail "no result file on the board"
# (a path the library lacks, OpenSSL's lowlevel AES-GCM, is a case skipped)
cells=$(grep -cE '^(openssl|mbedtls)\.[^ ]* pass [0-9.e+]+ ns/op$' "$t/cases")
[ "$cells" -ge 8 ] || fail "$cells cell test cases passed, want >= 8 (2 libs x 2 algs x 2 sizes): $(cat "$t/cases")"
bad=$(grep -E '^(openssl|mbedtls)\.' "$t/cases" | grep -vE ' pass [0-9.e+]+ ns/op$| skip$' | head -n 3)
[ -z "$bad" ] || fail "cells that did not pass with a measurement: $bad"
grep -q '^openssl\..*\.sha256\.digest\.16 pass' "$t/cases" || fail "no openssl sha256 digest 16 case"
grep -q '^mbedtls\..*\.aes-128-gcm\.seal\.8192 pass' "$t/cases" || fail "no mbedtls aes-128-gcm seal 8192 case"

# the returned file joins the board's runs, checked by the program
dest=$t/results/measured
got=$(bash "$LAVA" import "$log" --board "$board" --dest "$dest" --cryptospeed "$CS") || fail "lava.sh import"
[ "$got" = "$dest/$board-aarch64-lava.json" ] || fail "imported as '$got'"
"$CS" report "$got" --format csv >"$t/cells.csv" || fail "the imported file does not report"
n=$(awk -F, 'NR > 1 && $8 == "ok"' "$t/cells.csv" | wc -l)
[ "$n" -eq "$cells" ] || fail "the imported file has $n ok cells, the job reported $cells"
python3 - "$got" "$board" <<'PY' || fail "the imported file is not the board's run"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["label"] == sys.argv[2], r.get("label")
assert r["host"]["cpu"]["arch"] == "aarch64", r["host"]["cpu"]
PY
"$CS" report "$got" --view fleet >"$t/fleet.txt" || fail "report --view fleet of the imported file"
grep -q "^  \[1\] $board: measured " "$t/fleet.txt" || fail "the fleet view does not name the board: $(head -n 3 "$t/fleet.txt")"
# a truncated log: refused, nothing kept
head -c 2000 "$log" >"$t/cut.log"
bash "$LAVA" import "$t/cut.log" --board cut --dest "$dest" --cryptospeed "$CS" 2>/dev/null &&
	fail "a log without a whole result file was imported"
[ ! -e "$dest/cut-aarch64-lava.json" ] || fail "a cut log left a file"
echo "ok: $cells cells as LAVA test cases ($how), the result file imported as ${got#"$t"/}"
