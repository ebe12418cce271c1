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
echo "ok"
