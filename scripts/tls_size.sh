#!/usr/bin/env bash
# Code size of each TLS library (issue 21, docs/handshake.md "Code size"):
# bytes of the library's code linked into a minimal static TLS 1.3 client
# for aarch64. Each client (bench/tls_size/LIB.c: on a connected fd, a
# handshake verifying the server's certificate, one record, close) is linked
# with Debian's aarch64 cross compiler against the arm64 sysroot's static
# archives (what `make cross` uses: scripts/deps.sh --arch arm64), with
# -Os -ffunction-sections -Wl,--gc-sections and -Wl,-Map; the link map's
# input sections are summed per library (the archive members they come
# from): .text and .rodata apart.
#
#   scripts/tls_size.sh [-o OUTDIR]   (default build-tls-size; `make tls-size`)
#
# Prints a table; OUTDIR/sizes.tsv has one line per library:
#   lib version tls text rodata binary_text binary_rodata libc_text
# (text/rodata: the library's archives' bytes in the binary's .text/.rodata;
# binary_*: the output sections' whole sizes; libc_text: the C library's),
# and OUTDIR/LIB (the client), OUTDIR/LIB.map. A library that cannot be
# linked statically is a line in OUTDIR/missing.tsv ("lib why").
# mbedTLS: Debian's 2.28 has no TLS 1.3, its client is TLS 1.2 (said in the
# tls column); mbedtls@3.6.6 for arm64 (scripts/libs.sh build mbedtls@3.6.6
# --arch arm64), when built, adds the TLS 1.3 row.
# Environment: CRYPTOSPEED_SYSROOT (default /opt/cryptospeed-sysroot-arm64).
# Exit status: 0 done, 1 a client failed to link or no sysroot, 2 bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build-tls-size
while getopts "o:" o; do
	case $o in
	o) out=$OPTARG ;;
	*) echo "usage: scripts/tls_size.sh [-o OUTDIR]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || { echo "scripts/tls_size.sh: unexpected argument '$1' (accepted: -o OUTDIR)" >&2; exit 2; }
sysroot=${CRYPTOSPEED_SYSROOT:-/opt/cryptospeed-sysroot-arm64}
triplet=aarch64-linux-gnu
cc=$triplet-gcc
command -v "$cc" >/dev/null || { echo "scripts/tls_size.sh: no $cc (scripts/deps.sh --arch arm64 installs it)" >&2; exit 1; }
[ -f "$sysroot/usr/include/stdio.h" ] ||
	{ echo "scripts/tls_size.sh: no arm64 sysroot in $sysroot (scripts/deps.sh --arch arm64 makes it)" >&2; exit 1; }
mkdir -p "$out"
libdir=$sysroot/usr/lib/$triplet
export PKG_CONFIG_LIBDIR=$libdir/pkgconfig:$sysroot/usr/share/pkgconfig
export PKG_CONFIG_SYSROOT_DIR=$sysroot PKG_CONFIG_PATH=
cflags=(--sysroot="$sysroot" -std=c11 -D_GNU_SOURCE -Os -ffunction-sections -fdata-sections -static)

# The sums of a link map: per library (given as "lib archive..." lines in
# $2), the bytes of its archives' input sections in the output .text and
# .rodata, the output sections' sizes and the C library's .text.
sum_map() { # MAP OWNERS -> "lib text rodata" lines, then "= bin_text bin_rodata libc_text"
	awk -v owners="$2" '
		function hex(s,   i, c, v) {
			v = 0; s = tolower(s); sub(/^0x/, "", s)
			for (i = 1; i <= length(s); i++) {
				c = index("0123456789abcdef", substr(s, i, 1)) - 1
				v = v * 16 + c
			}
			return v
		}
		function owner(file,   a) {
			if (match(file, /\/[^\/()]+\.a\(/)) {
				a = substr(file, RSTART + 1, RLENGTH - 2)
				return (a in lib) ? lib[a] : a
			}
			return "-"
		}
		function add(size, file) {
			if (out == ".text") text[owner(file)] += hex(size)
			else if (out == ".rodata" || out == ".rodata1") ro[owner(file)] += hex(size)
		}
		BEGIN {
			n = split(owners, ln, "\n")
			for (i = 1; i <= n; i++) {
				k = split(ln[i], w, " ")
				names[i] = w[1]
				for (j = 2; j <= k; j++) lib[w[j]] = w[1]
			}
		}
		/^Linker script and memory map/ { m = 1; next }
		!m { next }
		/^[^ ]/ {
			out = $1; pending = 0
			if ($1 == ".text" && $3 ~ /^0x/) btext = hex($3)
			if (($1 == ".rodata" || $1 == ".rodata1") && $3 ~ /^0x/) bro += hex($3)
			next
		}
		/^ [^ *]/ {
			if (NF >= 4 && $2 ~ /^0x/ && $3 ~ /^0x/) { add($3, $4); pending = 0 }
			else if (NF == 1) pending = 1
			next
		}
		pending && /^  +0x/ && NF >= 3 && $2 ~ /^0x/ { add($2, $3); pending = 0; next }
		{ pending = 0 }
		END {
			for (i = 1; i <= n; i++) print names[i], text[names[i]] + 0, ro[names[i]] + 0
			print "=", btext + 0, bro + 0, text["libc.a"] + 0
		}' "$1"
}

ver_of() { pkg-config --modversion "$1" 2>/dev/null || echo "?"; }
mbed_ver() { # INCLUDE_DIR
	sed -n 's/^#define MBEDTLS_VERSION_STRING  *"\(.*\)"/\1/p' "$1/mbedtls/build_info.h" \
		"$1/mbedtls/version.h" 2>/dev/null | head -n 1
}

printf 'lib\tversion\ttls\ttext\trodata\tbinary_text\tbinary_rodata\tlibc_text\n' >"$out/sizes.tsv"
: >"$out/missing.tsv"
status=0
# measure NAME VERSION TLS SOURCE "ARCHIVES" LINK-ARGS...
measure() {
	local name=$1 version=$2 tls=$3 src=$4 archives=$5
	shift 5
	if ! "$cc" "${cflags[@]}" -Wl,--gc-sections -Wl,-Map="$out/$name.map" -o "$out/$name" \
		"bench/tls_size/$src" "$@" -lm 2>"$out/$name.log"; then
		echo "scripts/tls_size.sh: $name: the static link failed ($out/$name.log)" >&2
		status=1
		return
	fi
	local sums
	sums=$(sum_map "$out/$name.map" "$name $archives")
	local t r bt br lt
	read -r _ t r <<<"$(sed -n 1p <<<"$sums")"
	read -r _ bt br lt <<<"$(sed -n 2p <<<"$sums")"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$version" "$tls" "$t" "$r" "$bt" "$br" "$lt" \
		>>"$out/sizes.tsv"
}

# shellcheck disable=SC2046 # pkg-config prints several words
measure openssl "$(ver_of openssl)" 1.3 openssl.c "libssl.a libcrypto.a" \
	$(pkg-config --static --cflags --libs libssl libcrypto)
# shellcheck disable=SC2046
measure wolfssl "$(ver_of wolfssl)" 1.3 wolfssl.c "libwolfssl.a" \
	$(pkg-config --static --cflags --libs wolfssl)
measure mbedtls "$(mbed_ver "$sysroot/usr/include")" "1.2 (no 1.3 in 2.28)" mbedtls.c \
	"libmbedtls.a libmbedx509.a libmbedcrypto.a" -lmbedtls -lmbedx509 -lmbedcrypto
m3=$(bash scripts/libs.sh prefix mbedtls@3.6.6 --arch arm64 2>/dev/null || true)
if [ -n "$m3" ] && [ -f "$m3/lib/libmbedtls.a" ]; then
	extra=()
	for a in everest p256m; do [ -f "$m3/lib/lib$a.a" ] && extra+=("-l$a"); done
	measure mbedtls@3.6.6 "$(mbed_ver "$m3/include")" 1.3 mbedtls.c \
		"libmbedtls.a libmbedx509.a libmbedcrypto.a libeverest.a libp256m.a" \
		-I"$m3/include" -L"$m3/lib" -lmbedtls -lmbedx509 -lmbedcrypto "${extra[@]}"
else
	printf 'mbedtls@3.6.6\tnot built for arm64 (scripts/libs.sh build mbedtls@3.6.6 --arch arm64 adds its TLS 1.3 row)\n' \
		>>"$out/missing.tsv"
fi
printf 'gnutls\tno static link: Debian ships libgnutls.a, but its dependency p11-kit has no archive (libp11-kit.so only; docs/arm-boards.md)\n' \
	>>"$out/missing.tsv"

echo "Code linked into a minimal static TLS client for aarch64 (bytes; $out/sizes.tsv)"
awk -F'\t' 'NR == 1 { printf "%-14s %-8s %-22s %10s %10s %12s %12s\n", "lib", "version", "TLS", "text", "rodata", "binary text", "binary ro"; next }
	{ printf "%-14s %-8s %-22s %10d %10d %12d %12d\n", $1, $2, $3, $4, $5, $6, $7 }' "$out/sizes.tsv"
while IFS=$'\t' read -r name why; do
	printf '%-14s %s\n' "$name" "$why"
done <"$out/missing.tsv"
exit "$status"
