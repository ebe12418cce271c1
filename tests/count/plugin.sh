# The counting plugin loads into the real qemu-user (an ABI mistake fails
# here) and counts a known loop exactly: 1000 iterations of 4 instructions,
# one of them an AES round and one a load (tests/count/loop.c).
. "$(dirname "$0")/lib.sh"
[ -r "$PLUGIN" ] || fail "plugin not built: $PLUGIN"
if ! host_guest_ok; then
	echo "x86-64 part skipped: ASan/UBSan programs do not run under qemu-user"
elif ! command -v qemu-x86_64 >/dev/null; then
	echo "x86-64 part skipped: qemu-x86_64 not installed (Debian package qemu-user)"
else
	want="insns=4000 mem=1000 forbidden=0 aes-ni=1000 scalar=3000"
	got=$(qemu-x86_64 -cpu max -plugin "$PLUGIN" "$CS_BIN/count-loop") || fail "x86-64 loop exited $?"
	[ "$got" = "$want" ] || fail "x86-64: got '$got', want '$want'"
	# SSE and BMI2 have classes of their own (a slide to scalar shows)
	want_simd="insns=4000 mem=0 forbidden=0 scalar=2000 sse=1000 bmi2-adx=1000"
	got=$(qemu-x86_64 -cpu max -plugin "$PLUGIN" "$CS_BIN/count-loop" simd) || fail "x86-64 simd loop exited $?"
	[ "$got" = "$want_simd" ] || fail "x86-64 simd: got '$got', want '$want_simd'"
	# without the plugin the loop says it is not counted, exit 2
	"$CS_BIN/count-loop" >/dev/null 2>"$CS_TMP/err" && fail "loop counted without the plugin"
	grep -q "not running under the counting plugin" "$CS_TMP/err" || fail "no reason: $(cat "$CS_TMP/err")"
	# a bad plugin argument refuses to load
	qemu-x86_64 -plugin "$PLUGIN,bogus=1" "$CS_BIN/count-loop" >/dev/null 2>&1 &&
		fail "the plugin accepted bogus=1"
	# trace=FILE (tests/count/pcdiff.py): per-instruction counts at each marker,
	# the same loop counted the same way
	got=$(qemu-x86_64 -cpu max -plugin "$PLUGIN,trace=$CS_TMP/trace" "$CS_BIN/count-loop") ||
		fail "x86-64 traced loop exited $?"
	[ "$got" = "$want" ] || fail "x86-64 traced: got '$got', want '$want'"
	set -- "$CS_TMP"/trace.*
	{ [ $# -eq 1 ] && [ -s "$1" ]; } || fail "no trace file: $*"
	[ "$(grep -c '^marker$' "$1")" -ge 4 ] || fail "trace: fewer than 4 markers"
	grep -q '^map .*count-loop' "$1" || fail "trace: no memory map naming count-loop"
	# the loop's 1100-iteration run between two markers: its 4 instructions
	# 1100 times each
	[ "$(awk '!/^(map|marker)/ && $2 == 1100' "$1" | wc -l)" -eq 4 ] ||
		fail "trace: not 4 instructions run 1100 times in the loop's second run"
	echo "ok: x86-64 $got"
	ran=1
fi
if [ -n "$CS_CROSS_BIN" ] && [ -x "$CS_CROSS_BIN/count-loop" ] && command -v qemu-aarch64 >/dev/null; then
	want="insns=4000 mem=1000 forbidden=0 armv8-aes=1000 scalar=3000"
	got=$(qemu-aarch64 -cpu cortex-a53 -plugin "$PLUGIN" "$CS_CROSS_BIN/count-loop") ||
		fail "aarch64 loop exited $?"
	[ "$got" = "$want" ] || fail "aarch64: got '$got', want '$want'"
	# forbid=0x80: armv8-aes (bit 7) is a class the CPU lacks: each one flagged
	want="insns=4000 mem=1000 forbidden=1000 armv8-aes=1000 scalar=3000"
	got=$(qemu-aarch64 -cpu cortex-a53 -plugin "$PLUGIN,forbid=0x80" "$CS_CROSS_BIN/count-loop") ||
		fail "aarch64 forbid loop exited $?"
	[ "$got" = "$want" ] || fail "aarch64 forbid: got '$got', want '$want'"
	echo "ok: aarch64 $got"
	ran=1
else
	echo "aarch64 part skipped: no count-loop in '${CS_CROSS_BIN}' or no qemu-aarch64 (make cross)"
fi
# 32-bit ARM: the loop in T32 (Thumb-2) and in A32; the same bytes decode to
# other instructions in the other mode, so a wrong mode shows in the classes.
# qemu's "max" CPU: a Cortex-A7 has no AES instruction to count.
if [ -n "$CS_ARMHF_BIN" ] && [ -x "$CS_ARMHF_BIN/count-loop" ] && command -v qemu-arm >/dev/null; then
	want="insns=4000 mem=1000 forbidden=0 armv8-aes=1000 scalar=3000"
	for mode in t32 a32; do
		arg=()
		[ $mode = a32 ] && arg=(a32)
		got=$(qemu-arm -cpu max -plugin "$PLUGIN" "$CS_ARMHF_BIN/count-loop" "${arg[@]}") ||
			fail "armhf $mode loop exited $?"
		[ "$got" = "$want" ] || fail "armhf $mode: got '$got', want '$want'"
	done
	want="insns=4000 mem=1000 forbidden=1000 armv8-aes=1000 scalar=3000"
	got=$(qemu-arm -cpu max -plugin "$PLUGIN,forbid=0x80" "$CS_ARMHF_BIN/count-loop") ||
		fail "armhf forbid loop exited $?"
	[ "$got" = "$want" ] || fail "armhf forbid: got '$got', want '$want'"
	echo "ok: armhf (T32 and A32) $got"
	ran=1
else
	echo "armhf part skipped: no count-loop in '${CS_ARMHF_BIN}' or no qemu-arm (make cross ARCH=armhf)"
fi
[ -n "${ran:-}" ] || skip "neither part could run"
