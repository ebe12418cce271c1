#!/usr/bin/env bash
# scripts/tls_size.sh (the code size of each TLS library in a minimal static
# aarch64 client, docs/handshake.md): its invariants, and that each client it
# measures is a working TLS client.
#  - every library in sizes.tsv has .text and .rodata bytes > 0, and its
#    .text is at most the binary's .text; the library's and the C library's
#    .text together too (the map's input sections are parts of the output);
#  - every library asked for is either measured or in missing.tsv with why;
#  - under qemu-aarch64 each client completes a handshake with a Python ssl
#    server (the host's OpenSSL) over a socketpair, verifying the test
#    certificate, and its one record arrives.
# Skips (77) without the cross compiler, the arm64 sysroot, qemu-aarch64 or
# python3. Usage: tls_size.sh SOURCE_DIR WORK_DIR TLS_DIR
set -u
src=${1:?usage: tls_size.sh SOURCE_DIR WORK_DIR TLS_DIR}
work=${2:?usage}/tls-size
tls=${3:?usage}
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
sysroot=${CRYPTOSPEED_SYSROOT:-/opt/cryptospeed-sysroot-arm64}
command -v aarch64-linux-gnu-gcc >/dev/null || skip "no aarch64-linux-gnu-gcc (scripts/deps.sh --arch arm64)"
[ -f "$sysroot/usr/include/stdio.h" ] || skip "no arm64 sysroot in $sysroot (scripts/deps.sh --arch arm64)"
rm -rf "$work"
bash "$src/scripts/tls_size.sh" -o "$work" || fail "scripts/tls_size.sh exited $?"
tsv=$work/sizes.tsv
[ "$(head -n 1 "$tsv")" = "$(printf 'lib\tversion\ttls\ttext\trodata\tbinary_text\tbinary_rodata\tlibc_text')" ] ||
	fail "sizes.tsv header: $(head -n 1 "$tsv")"
bad=$(awk -F'\t' 'NR > 1 && !($4 > 0 && $5 > 0 && $4 <= $6 && $5 <= $7 && $4 + $8 <= $6) { print $1 }' "$tsv")
[ -z "$bad" ] || fail "sizes out of bounds for: $bad ($(cat "$tsv"))"
for lib in openssl wolfssl mbedtls mbedtls@3.6.6 gnutls; do
	if ! awk -F'\t' -v l="$lib" 'NR > 1 && $1 == l { f = 1 } END { exit !f }' "$tsv" &&
		! awk -F'\t' -v l="$lib" '$1 == l && $2 != "" { f = 1 } END { exit !f }' "$work/missing.tsv"; then
		fail "$lib is neither measured nor said missing with why"
	fi
done
echo "ok: invariants of $(($(wc -l <"$tsv") - 1)) measured libraries"

command -v qemu-aarch64 >/dev/null || skip "qemu-aarch64 is not installed (the clients were not run)"
command -v python3 >/dev/null || skip "no python3 (the clients were not run)"
[ -f "$tls/ca.crt" ] || fail "no test certificates in $tls"
while IFS=$'\t' read -r lib _ version _; do
	[ "$lib" = lib ] && continue
	ver=${version%% *}
	python3 - "$work/$lib" "$tls" "$ver" <<'PY' || fail "$lib: the client did not complete a TLS $ver handshake and record"
import socket, ssl, subprocess, sys, threading
client, tls, ver = sys.argv[1], sys.argv[2], sys.argv[3]
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
v = ssl.TLSVersion.TLSv1_3 if ver == "1.3" else ssl.TLSVersion.TLSv1_2
ctx.minimum_version = ctx.maximum_version = v
ctx.load_cert_chain(tls + "/ecdsa-p256.crt", tls + "/ecdsa-p256.key")
a, b = socket.socketpair()
got, keep = [], []
def serve():
    try:
        s = ctx.wrap_socket(a, server_side=True)
        keep.append(s)  # open until the client has closed (its close_notify)
        got.append(s.recv(64))
    except Exception as e:
        got.append(repr(e).encode())
t = threading.Thread(target=serve)
t.start()
p = subprocess.run(["qemu-aarch64", client, str(b.fileno()), tls + "/ca.crt"],
                   pass_fds=[b.fileno()], timeout=120)
b.close()
t.join(60)
for s in keep:
    s.close()
print(client, "exit", p.returncode, "server got", got)
sys.exit(0 if p.returncode == 0 and got == [b"hello\n"] else 1)
PY
done <"$tsv"
echo "ok: every measured client completed its handshake and sent its record"
