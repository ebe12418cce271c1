# A counting run whose instrument is missing says what to install or build
# and exits 2 before measuring.
. "$(dirname "$0")/lib.sh"
d=$CS_TMP
# no qemu-user in PATH
PATH=/nonexistent "$CS" run --count --lib noop --alg sha256 --sizes 16 >"$d/o" 2>"$d/e"
rc=$?
[ $rc -eq 2 ] || fail "no qemu: exit $rc (want 2)"
grep -q "qemu-x86_64, not found in PATH (install Debian's qemu-user package" "$d/e" ||
	fail "no qemu: $(cat "$d/e")"
[ -s "$d/o" ] && fail "no qemu: something was measured"
# no workers for the board's architecture
mkdir "$d/empty"
"$CS" run --count --cpu cortex-a53 --worker-dir "$d/empty" --lib noop >"$d/o" 2>"$d/e"
rc=$?
[ $rc -eq 2 ] || fail "no cross workers: exit $rc (want 2)"
grep -q "needs aarch64 workers in $d/empty, found none (build them: make cross" "$d/e" ||
	fail "no cross workers: $(cat "$d/e")"
# ... and for 32-bit ARM, the armhf build
command -v qemu-arm >/dev/null && {
	"$CS" run --count --board rpi2 --worker-dir "$d/empty" --lib noop >"$d/o" 2>"$d/e"
	rc=$?
	[ $rc -eq 2 ] || fail "no armhf workers: exit $rc (want 2)"
	grep -q "needs arm workers in $d/empty, found none (build them: make cross ARCH=armhf" "$d/e" ||
		fail "no armhf workers: $(cat "$d/e")"
}
# no plugin next to cryptospeed: a copy of the orchestrator alone
cp "$CS" "$d/cryptospeed"
command -v qemu-x86_64 >/dev/null && {
	"$d/cryptospeed" run --count --lib noop >"$d/o" 2>"$d/e"
	rc=$?
	[ $rc -eq 2 ] || fail "no plugin: exit $rc (want 2)"
	grep -q "needs the counting plugin $d/cryptospeed-count.so, not built" "$d/e" ||
		fail "no plugin: $(cat "$d/e")"
}
# options
for bad in "--cpu cortex-a53" "--count --cpu pentium" "--count --board pi9" \
	"--count --cpu x86-64 --board rpi3" "--count --repeat 2" "--count --format csv" \
	"--count --launcher env"; do
	# shellcheck disable=SC2086
	"$CS" run $bad --lib noop >"$d/o" 2>"$d/e"
	rc=$?
	[ $rc -eq 2 ] || fail "'$bad': exit $rc (want 2)"
	[ "$(wc -l <"$d/e")" -eq 1 ] || fail "'$bad': not one line: $(cat "$d/e")"
done
grep -q "accepted" "$d/e" || fail "no accepted values: $(cat "$d/e")"
# this host's workers given to an aarch64 board: refused before measuring,
# naming what they are built for
if command -v qemu-aarch64 >/dev/null && [ "$(uname -m)" = x86_64 ]; then
	"$CS" run --count --board rpi3 --lib noop --alg sha256 --sizes 16 --worker-dir "$CS_BIN" \
		-o "$d/x86.json" >"$d/o" 2>"$d/e"
	rc=$?
	[ $rc -eq 2 ] || fail "x86-64 workers for --board rpi3: exit $rc (want 2): $(cat "$d/e")"
	[ "$(wc -l <"$d/e")" -eq 1 ] || fail "x86-64 workers for --board rpi3: $(cat "$d/e")"
	grep -q "is built for x86_64" "$d/e" || fail "x86-64 workers for --board rpi3: $(cat "$d/e")"
	[ -e "$d/x86.json" ] && fail "x86-64 workers for --board rpi3: a result file was written"
fi
# --path keeps the noop rows of a counting run (the harness's own count)
if command -v qemu-x86_64 >/dev/null && [ -x "$CS_BIN/cryptospeed-worker-openssl" ] && host_guest_ok; then
	"$CS" run --count --lib openssl --path evp --alg sha256 --sizes 16 -o "$d/evp.json" \
		>"$d/o" 2>"$d/e" || fail "--count --path evp: exit $?: $(tail -2 "$d/e")"
	grep -q '"lib": "noop"' "$d/evp.json" || fail "--count --path evp: no noop row"
	grep -q '^noop/noop ' "$d/o" || fail "--count --path evp: no noop row printed"
fi
echo "ok"
