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
present=""
absent=""
# What each configuration has (the manifest's options, scripts/libs.manifest):
case "$lib+$config/$CS_ARCH" in
# OpenSSL's assembly has the ARMv8 AES, PMULL and SHA-256 paths on both
# aarch64 and 32-bit ARM (linux-armv4), chosen at run time
openssl+default/aarch64 | openssl+default/arm) present=$all ;;
openssl+noasm/*) absent=$all ;;
# wolfSSL: --enable-armasm; upstream's defaults are C only
wolfssl+asm/aarch64) present=$all ;;
wolfssl+default/*) absent=$all ;;
# mbedTLS 3.6: AESCE (AES and the GCM multiply) by default; SHA-256's
# instructions only with the asm configuration; noasm has neither
mbedtls+default/aarch64) present="aes-128-gcm=armv8-aes" absent="sha256=armv8-sha2" ;;
mbedtls+asm/aarch64) present="aes-128-gcm=armv8-aes sha256=armv8-sha2" ;;
mbedtls+noasm/*) absent=$all ;;
*) skip "no expected instruction classes written for $lib+$config on $CS_ARCH" ;;
esac
d=$(tmpdir)
cs_run "$d/r.json" --quick --lib "$name" --alg sha256,aes-128-gcm --sizes 8192
args=(--lib "$name")
for e in $present; do args+=(--evidence "$e"); done
for e in $absent; do args+=(--no-evidence-class "$e"); done
check "$d/r.json" "${args[@]}" || { cat "$d/r.json.txt"; fail "evidence of $name on $CS_ARCH"; }
cat "$d/r.json.txt"
pass "$name: present [${present}] absent [${absent}]"
