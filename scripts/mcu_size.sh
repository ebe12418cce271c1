#!/usr/bin/env bash
# Footprint of each MCU library build (docs/mcu.md "Footprint"): flash and
# static RAM of the minimal images `make cross ARCH=cortex-m4` links
# (mcu/footprint/: crypto only, AES-128-GCM + SHA-256 + X25519 + ECDSA
# P-256 verify; a TLS 1.3 client), from their link maps:
#
#   flash = .text (code and .rodata: mcu/mps2.ld puts both there) + .ARM.exidx
#           + .ARM.extab + .data (its initial values live in flash on a board)
#   RAM   = .data + .bss (static RAM; the stack and the heap come on top: the
#           count block's stack and heap columns)
#
# and the library's own part of each (the input sections from its archives).
#
#   scripts/mcu_size.sh [BUILD-DIR]   (default build-cortex-m4)
#   [--board BOARD]                   also: does it fit that part's flash and RAM
#
# Prints a table; BUILD-DIR/footprint/sizes.tsv has one line per image:
#   image flash ram lib_flash lib_ram text rodata_in_text data bss
# Exit status: 0 done, 1 no images, 2 bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-cortex-m4
board=
while [ $# -gt 0 ]; do
	case "$1" in
	--board) [ $# -ge 2 ] || { echo "mcu_size.sh: --board needs a value (accepted: an MCU board of cryptospeed list --boards)" >&2; exit 2; }; board=$2; shift 2 ;;
	-*) echo "mcu_size.sh: unknown option '$1' (accepted: --board BOARD)" >&2; exit 2 ;;
	*) build=$1; shift ;;
	esac
done
# the board's part: flash and RAM in KiB, from the one board table
# (core/common/board.c) as `cryptospeed list --boards` prints it; the
# program is $CRYPTOSPEED, else the host build's, else the one in PATH
if [ -n "$board" ]; then
	cs=${CRYPTOSPEED:-}
	[ -n "$cs" ] || { [ -x build/bin/cryptospeed ] && cs=build/bin/cryptospeed; } || cs=$(command -v cryptospeed || true)
	[ -n "$cs" ] || { echo "mcu_size.sh: --board needs the cryptospeed program for its board table (build the host tree: make build, or set CRYPTOSPEED)" >&2; exit 2; }
	row=$("$cs" list --boards | awk -F'\t' -v b="$board" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } $col["board"] == b && $col["flash_kib"] > 0 { print $col["flash_kib"], $col["ram_kib"] }')
	if [ -z "$row" ]; then
		names=$("$cs" list --boards | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } $col["flash_kib"] > 0 { printf "%s%s", n++ ? ", " : "", $col["board"] }')
		echo "mcu_size.sh: unknown board '$board' (accepted: $names)" >&2
		exit 2
	fi
	read -r fkib rkib <<<"$row"
fi
dir=$build/footprint
shopt -s nullglob
maps=("$dir"/*.map)
[ ${#maps[@]} -gt 0 ] || { echo "mcu_size.sh: no link maps in $dir (make cross ARCH=cortex-m4 builds them)" >&2; exit 1; }
: >"$dir/sizes.tsv"
for m in "${maps[@]}"; do
	name=$(basename "$m" .map)
	awk -v name="$name" '
	function num(s) { return strtonum(s) }
	/^Linker script and memory map/ { on = 1; next }
	!on { next }
	# output sections: ".text 0xADDR 0xSIZE" (name alone on its line when long)
	/^\.[A-Za-z_.]+/ {
		sec = $1
		if (NF >= 3 && $2 ~ /^0x/) out[sec] = num($3)
		else pending = sec
		next
	}
	pending != "" && /^[ \t]+0x/ && NF >= 2 { out[pending] = num($2); pending = ""; next }
	# input sections: " .text.f 0xADDR 0xSIZE FILE" (name alone when long)
	/^ \.[A-Za-z_.]/ {
		isec = $1
		if (NF >= 4 && $2 ~ /^0x/) { add(isec, num($3), $4) } else ipend = isec
		next
	}
	ipend != "" && /^[ \t]+0x/ && NF >= 3 { add(ipend, num($2), $3); ipend = ""; next }
	function add(s, size, file) {
		if (file !~ /lib(mbed(crypto|tls|x509)|wolfssl)\.a\(/) return
		if (s ~ /^\.(text|rodata)/) lib_flash += size
		else if (s ~ /^\.data/) { lib_flash += size; lib_ram += size }
		else if (s ~ /^\.bss|^COMMON/) lib_ram += size
		if (s ~ /^\.rodata/) rod += size
	}
	END {
		flash = out[".text"] + out[".ARM.exidx"] + out[".ARM.extab"] + out[".data"]
		ram = out[".data"] + out[".bss"]
		printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", name, flash, ram, lib_flash, lib_ram,
			out[".text"], rod, out[".data"], out[".bss"]
	}' "$m" >>"$dir/sizes.tsv"
done
awk -F'\t' -v fkib="${fkib:-0}" -v rkib="${rkib:-0}" -v board="$board" '
BEGIN { printf "%-40s %10s %10s %14s %12s%s\n", "image", "flash B", "RAM B", "library flash", "library RAM", board != "" ? "  fits " board : "" }
{
	fit = ""
	if (board != "") {
		fit = ($2 <= fkib * 1024 && $3 <= rkib * 1024) ? "  yes" : \
			sprintf("  NO: over its %s", $2 > fkib * 1024 ? fkib " KiB of flash" : rkib " KiB of RAM")
	}
	printf "%-40s %10d %10d %14d %12d%s\n", $1, $2, $3, $4, $5, fit
}' "$dir/sizes.tsv"
