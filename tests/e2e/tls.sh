# The TLS family (docs/handshake.md): every library with a TLS stack
# completes its handshakes, verifies the server against the test CA and
# round-trips records byte-exact; the seeded fault (the server certificate
# with one bit of its signature flipped, made by scripts/tls_certs.sh) fails
# every handshake: wrong, never timed.
#   tls.sh TLS_DIR   (the build tree's tls/: ca.crt ..., bad/)
set -u
. "$(dirname "$0")/lib.sh"
tls=${1:?usage: tls.sh TLS_DIR}
[ -f "$tls/bad/ecdsa-p256.crt" ] || fail "no seeded-fault certificate in $tls/bad"
failures=0
check() { # check DESCRIPTION CONDITION-RESULT
	if [ "$2" != ok ]; then echo "FAIL: $1 ($2)"; failures=$((failures + 1)); fi
}
libs=()
for lib in openssl gnutls wolfssl mbedtls; do
	have_worker "$lib" && libs+=("$lib")
done
[ ${#libs[@]} -gt 0 ] || skip "no worker with a TLS stack built"
tls12="tls12-p256-ecdsa-aes128gcm"
tls13="tls13-x25519-ecdsa-aes128gcm"

# known answers: the connection, per library; the seeded fault fails them
for lib in "${libs[@]}"; do
	w=$CS_BIN/cryptospeed-worker-$lib
	out=$("$w" --kat --alg "$tls12")
	rc=$?
	check "$lib $tls12 passes" "$([ $rc -eq 0 ] && echo ok || echo "$out")"
	out=$("$w" --kat --alg "$tls13")
	rc=$?
	check "$lib $tls13 passes or says why not" \
		"$([[ $rc == 0 || ($rc == 77 && $out == *"TLS 1.3"*) ]] && echo ok || echo "exit $rc: $out")"
	out=$(CRYPTOSPEED_TLS_CERTS=$tls/bad "$w" --kat --alg "$tls12")
	rc=$?
	check "$lib: the flipped certificate fails the handshake" \
		"$([[ $rc == 1 && $out == *"FAIL "*"handshake: the connection failed"* ]] && echo ok || echo "exit $rc: $out")"
	out=$(CRYPTOSPEED_TLS_CERTS=$tls "$w" --kat --alg "$tls12")
	rc=$?
	check "$lib: the same files unflipped pass" "$([ $rc -eq 0 ] && echo ok || echo "$out")"
done
for lib in sodium nettle; do
	have_worker "$lib" || continue
	out=$("$CS_BIN/cryptospeed-worker-$lib" --kat --alg "$tls13")
	rc=$?
	check "$lib has no TLS stack, and says so" \
		"$([[ $rc == 77 && $out == *"no TLS stack"* ]] && echo ok || echo "$out")"
done

# a run: every cell ok, records at both sizes, receivers agree on the bytes
d=$(tmpdir)
sel=$(
	IFS=,
	echo "${libs[*]}"
)
"$CS" run --lib "$sel" --alg "$tls12,$tls13" --sizes 1350,16384 --quick --no-evidence \
	-o "$d/r.json" >"$d/out" 2>"$d/err"
rc=$?
check "the run exits 0" "$([ $rc -eq 0 ] && echo ok || echo "exit $rc: $(cat "$d/err")")"
verdict=$(python3 - "$d/r.json" "$sel" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
libs = sys.argv[2].split(",")
problems = []
for lib in libs:
    mine = [c for c in cells if c["lib"] == lib and c["alg"].startswith("tls12-")]
    ops = sorted((c["op"], c["size"]) for c in mine if c["status"] == "ok")
    want = [("handshake", 0), ("recv", 1350), ("recv", 16384), ("resume", 0),
            ("send", 1350), ("send", 16384)]
    if ops != want:
        problems.append("%s tls12 ok cells %s, want %s" % (lib, ops, want))
    for c in cells:
        if c["lib"] == lib and c["status"] not in ("ok", "unsupported"):
            problems.append("%s %s %s: %s" % (lib, c["alg"], c["op"], c["status"]))
for op in ("send", "recv"):
    for size in (1350, 16384):
        fps = {c["fingerprint"] for c in cells
               if c["op"] == op and c["size"] == size and c["status"] == "ok"}
        if len(fps) != 1:
            problems.append("%s %d: receivers disagree %s" % (op, size, fps))
print("; ".join(problems) or "ok")
PY
)
check "every library's TLS 1.2 cells ok, records byte-exact" "$verdict"
verdict=$(python3 - "$d/r.json" <<'PY'
import json, os, sys
cells = [c for c in json.load(open(sys.argv[1]))["cells"] if c["status"] == "ok"]
hs = [c for c in cells if c["op"] == "handshake"]
rec = [c for c in cells if c["op"] in ("send", "recv")]
# heap figures: on every ok handshake and record cell, or (a sanitizer or
# static build: no interposer, CS_HEAP=OFF from CTest) on none
have = [c for c in hs + rec if "heap_peak" in c or "heap_idle" in c]
problems = []
if os.environ.get("CS_HEAP") == "ON" and (hs or rec) and not have:
    problems.append("a build with the heap interposer gave no heap figure")
if os.environ.get("CS_HEAP") == "OFF" and have:
    problems.append("heap figures from a build without the interposer")
if have and (any(c.get("heap_peak", 0) <= 0 for c in hs) or
             any(c.get("heap_idle", 0) <= 0 for c in rec)):
    problems.append("heap figures on some cells only: %s" %
                    [(c["lib"], c["op"], c.get("heap_peak"), c.get("heap_idle")) for c in hs + rec])
print("; ".join(problems) or "ok")
PY
)
check "heap per connection on every TLS cell or on none" "$verdict"
# the interposer never sits in a process that times: no worker defines
# malloc (it lives in cryptospeed-heap.so, preloaded into the heap probe
# and the grid's heap pair only), and the figures above came from there
for lib in "${libs[@]}"; do
	defs=$(nm -D --defined-only "$CS_BIN/cryptospeed-worker-$lib" 2>/dev/null | awk '$3 == "malloc" || $3 == "free"')
	check "$lib worker defines no malloc/free (the timed process has no interposer)" \
		"$([ -z "$defs" ] && echo ok || echo "$defs")"
done
if [ "${CS_HEAP:-}" = ON ]; then
	check "cryptospeed-heap.so beside the workers" \
		"$([ -f "$CS_BIN/cryptospeed-heap.so" ] && echo ok || echo "missing in $CS_BIN")"
fi
"$CS" report "$d/r.json" --view tls >"$d/view" 2>&1
missing=""
for lib in "${libs[@]}"; do
	grep -q "^$lib/tls " "$d/view" || missing+=" $lib"
done
check "report --view tls: a row per library" "$([ -z "$missing" ] && echo ok || echo "no row for$missing")"
# every word that is not a number has its reason under the table
verdict=$(python3 - "$d/r.json" "$d/view" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
view = open(sys.argv[2]).read()
missing = []
for c in r["cells"]:
    if c.get("kind") != "tls" or c["path"].startswith("tls>") or c["status"] == "ok":
        continue
    line = "  %s/%s %s" % (c["lib"], c["path"], c["op"])
    if not any(l.startswith(line) and c.get("detail", "(no reason") in l for l in view.splitlines()):
        missing.append(line.strip())
print("; ".join(missing[:5]) or "ok")
PY
)
check "report --view tls: a reason for every n/a" "$verdict"
"$CS" report "$d/r.json" --view handshake >"$d/hs" 2>&1
# (mbedTLS 2.28 alone has no TLS 1.3 handshake to show)
if grep -q "^measured $tls13" "$d/hs" || [[ ${libs[*]} == mbedtls ]]; then r=ok; else r=$(cat "$d/hs"); fi
check "report --view handshake: the measured handshakes" "$r"

# the seeded fault in a run: wrong, never timed, exit 4
CRYPTOSPEED_TLS_CERTS=$tls/bad "$CS" run --lib "${libs[0]}" --alg "$tls12" --op handshake \
	--quick --no-evidence -o "$d/bad.json" >"$d/out" 2>"$d/err"
rc=$?
check "a run with the flipped certificate exits 4" "$([ $rc -eq 4 ] && echo ok || echo "exit $rc")"
verdict=$(python3 - "$d/bad.json" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
bad = [c for c in cells if c["status"] != "wrong" or "rate" in c or "samples" in c]
print("ok" if cells and not bad else "cells: %s" % cells)
PY
)
check "the handshake cell is wrong and untimed" "$verdict"

[ $failures -eq 0 ] || exit 1
echo "ok: ${libs[*]}"
