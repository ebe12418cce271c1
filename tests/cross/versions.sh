# A library build made by scripts/libs.sh (docs/versions.md), under the
# emulator: its known answers pass (label kat does that), and the hardware
# evidence shows the ARMv8 crypto instructions its configuration should use,
# and none of them where the configuration has no such code.
# Usage: versions.sh LIB@VERSION+CONFIG (the worker's name).
. "$(dirname "$0")/lib.sh"
name=${1:?usage: versions.sh LIB@VERSION+CONFIG}
have_worker "$name" || skip "no worker $name built"
lib=${name%%@*}
config=${name##*+}
all="sha256=armv8-sha2 aes-128-gcm=armv8-aes aes-128-gcm=pmull"
present=""	# sampled while the cell runs
incode=""	# in the worker's code (disassembly; static builds)
absent=""	# neither sampled nor anywhere in the code
# What each configuration has (the manifest's options, scripts/libs.manifest):
case "$lib+$config/$CS_ARCH" in
# OpenSSL's assembly has the ARMv8 AES, PMULL and SHA-256 paths on both
# aarch64 and 32-bit ARM (linux-armv4), chosen at run time
openssl+default/aarch64 | openssl+default/arm) present=$all ;;
openssl+noasm/*) absent=$all ;;
# wolfSSL: --enable-armasm; upstream's defaults are C only. Only GHASH's
# PMULL is asserted sampled: wolfSSL's AES and SHA-256 assembly run a block
# or two per call, and qemu-user delivers the timer signal between
# translated blocks, so most samples land in the C caller (as with Nettle,
# evidence.sh); the instructions are asserted in the code instead
wolfssl+asm/aarch64) present="aes-128-gcm=pmull" incode=$all ;;
wolfssl+default/*) absent=$all ;;
# mbedTLS 3.6: AESCE (AES and the GCM multiply) by default; SHA-256's
# instructions only with the asm configuration; noasm has neither. Its AESCE
# code runs one 16-byte block per call: asserted in the code, not sampled
mbedtls+default/aarch64) incode="aes-128-gcm=armv8-aes aes-128-gcm=pmull" absent="sha256=armv8-sha2" ;;
mbedtls+asm/aarch64) present="sha256=armv8-sha2" incode=$all ;;
mbedtls+noasm/*) absent=$all ;;
*) skip "no expected instruction classes written for $lib+$config on $CS_ARCH" ;;
esac
d=$(tmpdir)
# A static worker holds its library and nothing else with crypto
# instructions (Capstone and the C library have none).
case "$CS_ARCH" in
aarch64) objdump=aarch64-linux-gnu-objdump ;;
arm) objdump=arm-linux-gnueabihf-objdump ;;
esac
if [ "$CS_STATIC" = ON ] && command -v "$objdump" >/dev/null; then
	"$objdump" -d "$CS_BIN/cryptospeed-worker-$name" >"$d/dis.txt" || fail "$objdump failed"
	count() {
		case "$1" in
		armv8-aes) grep -cE '\s(aese|aesd|aesmc|aesimc)(\.8)?\s' "$d/dis.txt" ;;
		armv8-sha2) grep -cE '\s(sha256h|sha256h2|sha256su0|sha256su1)(\.32)?\s' "$d/dis.txt" ;;
		pmull) grep -cE '\s(pmull|pmull2|vmull\.p64)\s' "$d/dis.txt" ;;
		esac
	}
	for e in $absent; do
		n=$(count "${e#*=}" || true)
		[ "$n" -eq 0 ] || fail "$name: ${e#*=} is absent by configuration, but its code has $n such instructions"
	done
	for e in $incode; do
		n=$(count "${e#*=}" || true)
		[ "$n" -gt 0 ] || fail "$name: no ${e#*=} instruction in its code"
	done
	echo "disassembly: in the code [${incode}], nowhere [${absent}]"
elif [ -n "$incode" ]; then
	skip "$name: not a static build, or no $objdump: cannot look at its code"
fi
# sampled while running: the present classes show, the absent ones do not
cs_run "$d/r.json" --lib "$name" --alg sha256,aes-128-gcm --sizes 8192
args=(--lib "$name")
for e in $present; do args+=(--evidence "$e"); done
for e in $absent; do args+=(--no-evidence-class "$e"); done
check "$d/r.json" "${args[@]}" || { cat "$d/r.json.txt"; fail "evidence of $name on $CS_ARCH"; }
cat "$d/r.json.txt"
pass "$name: sampled [${present}] in code [${incode}] absent [${absent}]"
