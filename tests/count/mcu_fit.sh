#!/usr/bin/env bash
# An MCU image that does not fit the board is refused before anything runs
# (docs/mcu.md): run --count --board B exits 2 with one line naming the image,
# the flash and RAM it needs and the board's. Needs against haves are summed
# here independently, from arm-none-eabi-readelf's section table.
#  - a worker padded with 1.1 MiB of read-only data: over nrf52840's 1 MiB flash;
#  - every built worker on every MCU board: refused exactly when it is over;
#  - a truncated image: refused, naming what is wrong with it.
. "$(dirname "$0")/lib.sh"
need_mcu mbedtls
command -v arm-none-eabi-objcopy >/dev/null || skip "no arm-none-eabi-objcopy (gcc-arm-none-eabi)"
failures=0
check() { # check DESCRIPTION CONDITION-RESULT
	if [ "$2" != ok ]; then echo "FAIL: $1 ($2)"; failures=$((failures + 1)); fi
}
# needs IMAGE: "FLASH RAM" bytes (allocated sections with contents; writable ones)
needs() {
	arm-none-eabi-readelf -S -W "$1" | python3 -c '
import re, sys
flash = ram = 0
for line in sys.stdin:
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([A-Za-z]*)\s", line)
    if not m or "A" not in m.group(4):
        continue
    size = int(m.group(3), 16)
    if m.group(2) != "NOBITS":
        flash += size
    if "W" in m.group(4):
        ram += size
print(flash, ram)'
}
declare -A flash_kib=([stm32f407]=1024 [nrf52840]=1024 [stm32h7]=2048)
declare -A ram_kib=([stm32f407]=192 [nrf52840]=256 [stm32h7]=1024)
# refused BOARD DIR IMAGE: the run must exit 2 before running, naming IMAGE
# and its needs; else "ok"
refused() {
	local board=$1 dir=$2 image=$3 f r out rc
	read -r f r < <(needs "$dir/$image")
	out=$("$CS" run --count --board "$board" --worker-dir "$dir" --lib mbedtls --alg sha256 \
		--sizes 16 -o "$CS_TMP/never.json" 2>&1 >/dev/null)
	rc=$?
	local want="--count --board $board: $image needs $f B of flash and $r B of RAM; $board has"
	want+=" $((flash_kib[$board] * 1024)) B (${flash_kib[$board]} KiB) of flash and"
	want+=" $((ram_kib[$board] * 1024)) B (${ram_kib[$board]} KiB) of RAM: it does not fit"
	if [ $rc -ne 2 ] || [ "$(wc -l <<<"$out")" -ne 1 ] || [[ "$out" != *"$want"* ]]; then
		echo "exit $rc: $out"
	elif [ -e "$CS_TMP/never.json" ]; then
		echo "a result file was written"
	else
		echo ok
	fi
}

# 1. padded past nrf52840's flash
mkdir "$CS_TMP/big"
src=$(ls "$CS_MCU_BIN"/cryptospeed-worker-mbedtls@* | head -1)
img=$(basename "$src")
head -c $((1100 * 1024)) /dev/zero >"$CS_TMP/pad"
arm-none-eabi-objcopy --add-section .cs_pad="$CS_TMP/pad" \
	--set-section-flags .cs_pad=alloc,load,contents,readonly "$src" "$CS_TMP/big/$img" 2>/dev/null
read -r f r < <(needs "$CS_TMP/big/$img")
check "the padded image is over 1 MiB of flash ($f B)" "$([ "$f" -gt $((1024 * 1024)) ] && echo ok || echo "$f")"
check "nrf52840 refuses the padded image" "$(refused nrf52840 "$CS_TMP/big" "$img")"

# 2. every built worker, every board: refused exactly when over
for w in "$CS_MCU_BIN"/cryptospeed-worker-*; do
	img=$(basename "$w")
	read -r f r < <(needs "$w")
	echo "$img: $f B flash, $r B RAM"
	for board in stm32f407 nrf52840 stm32h7; do
		if [ "$f" -gt $((flash_kib[$board] * 1024)) ] || [ "$r" -gt $((ram_kib[$board] * 1024)) ]; then
			mkdir -p "$CS_TMP/one-$board"
			cp "$w" "$CS_TMP/one-$board/"
			check "$board refuses $img" "$(refused "$board" "$CS_TMP/one-$board" "$img")"
			rm -f "$CS_TMP/one-$board/$img"
		fi
	done
done

# 3. a truncated image: refused, saying so
mkdir "$CS_TMP/cut"
head -c 4096 "$src" >"$CS_TMP/cut/$(basename "$src")"
chmod +x "$CS_TMP/cut/$(basename "$src")"
out=$("$CS" run --count --board nrf52840 --worker-dir "$CS_TMP/cut" --lib mbedtls --alg sha256 \
	--sizes 16 -o "$CS_TMP/never.json" 2>&1 >/dev/null)
rc=$?
check "a truncated image is refused (exit 2, one line)" \
	"$([ $rc -eq 2 ] && [[ "$out" == *"beyond the file"* ]] && [ "$(wc -l <<<"$out")" -eq 1 ] && echo ok || echo "exit $rc: $out")"
[ $failures -eq 0 ] || fail "$failures check(s) failed"
echo "ok: images over a board's flash or RAM are refused before running"
