#!/usr/bin/env bash
# The MCU plugin's cycle models on a known sequence (mcu_pairs.S): the same
# image with and without a 14-instruction block between the markers, under
# qemu-system-arm with the Cortex-M4 and the Cortex-M7 tables. The block's
# cost, worked out by hand from the tables and the plugin's rules:
#   M4 (one per cycle): dmb 1, four adds 4, ldr 2 then two pipelined 1+1,
#      two muls 2, three shifted adds 3, dmb 1                    = 15
#   M7 (dual issue): dmb 1; add+add 1; add 1; add+ldr 1 (the add reads
#      nothing the ldr writes); ldr+ldr 1; mul 1; mul+shifted add 1 (one
#      multiplier, so the muls do not pair); shifted add 1; shifted add 1
#      (one shifter); dmb 1                                         = 10
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
command -v qemu-system-arm >/dev/null || skip "qemu-system-arm not installed (scripts/deps.sh --arch cortex-m4)"
command -v arm-none-eabi-gcc >/dev/null || skip "no arm-none-eabi-gcc (gcc-arm-none-eabi)"
plugin=$CS_BIN/cryptospeed-mcu-count.so
[ -r "$plugin" ] || skip "no MCU counting plugin in $CS_BIN"
for v in with without; do
	def=()
	[ $v = with ] && def=(-DBODY)
	arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb "${def[@]}" -nostdlib -nostartfiles \
		-L"$here/../../mcu" -T"$here/../../mcu/mps2.ld" "$here/mcu_pairs.S" -o "$CS_TMP/$v.elf" ||
		fail "cannot build mcu_pairs.S ($v)"
done
# counts TABLE IMAGE: "insns cycles" at the last marker
counts() {
	: >"$CS_TMP/out"
	timeout 60 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
		-semihosting-config enable=on,target=native \
		-plugin "$plugin,out=$CS_TMP/out,costs=$here/../../data/costs/mcu/$1.tsv" \
		-kernel "$2" >/dev/null 2>"$CS_TMP/err" || fail "qemu on $2 with $1: $(cat "$CS_TMP/err")"
	awk '{ print $3 + 0, $4 + 0 }' "$CS_TMP/out"
}
failures=0
for t in "cortex-m4 15" "cortex-m7 10"; do
	read -r table want <<<"$t"
	read -r i1 c1 < <(counts "$table" "$CS_TMP/with.elf")
	read -r i0 c0 < <(counts "$table" "$CS_TMP/without.elf")
	echo "$table: block of $((i1 - i0)) instructions, $((c1 - c0)) cycles (expected 14, $want)"
	if [ $((i1 - i0)) -ne 14 ] || [ $((c1 - c0)) -ne "$want" ]; then
		failures=$((failures + 1))
	fi
done
[ $failures -eq 0 ] || fail "$failures table(s) off the hand-worked cost"
echo "ok: single and dual issue cost the known block exactly"
