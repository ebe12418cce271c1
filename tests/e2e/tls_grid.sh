# The TLS client x server grid (run --tls-grid, docs/handshake.md): every
# ordered pair of TLS libraries is a cell (never a missing row), each ok or
# unsupported with why; and the bad inputs: the seeded-fault certificate is
# `wrong` in the grid too, a server that answers a ClientHello with garbage
# costs its pairs (error, with what each side ended with), a server that
# stops mid-handshake costs its pairs (`timeout`) and the other pairs are
# still measured. A failing pair makes the run exit 3.
#   tls_grid.sh TLS_DIR   (the build tree's tls/: ca.crt ..., bad/)
# The faulty servers are the worker's test-only CRYPTOSPEED_TLS_PEER_FAULT
# (core/worker/tls.c): a real worker started by the orchestrator's own
# spawn path, over the socketpair it made, so what is tested is what the
# orchestrator does with such a peer.
set -u
. "$(dirname "$0")/lib.sh"
tls=${1:?usage: tls_grid.sh TLS_DIR}
[ -f "$tls/bad/ecdsa-p256.crt" ] || fail "no seeded-fault certificate in $tls/bad"
alg=tls13-x25519-ecdsa-aes128gcm
libs=()
for lib in openssl gnutls wolfssl mbedtls; do
	have_worker "$lib" && libs+=("$lib")
done
[ ${#libs[@]} -ge 2 ] || skip "fewer than two workers with a TLS stack built"
sel=$(printf '=%s,' "${libs[@]}")
sel=${sel%,}
d=$(tmpdir)

# check FILE RC WANT_RC PYTHON-ASSERTIONS (cells: the grid's, by (client, server))
check() {
	local file=$1 rc=$2 want=$3 what=$4
	[ "$rc" -eq "$want" ] || fail "$what: exit $rc, want $want: $(tail -3 "$d/err")"
	python3 - "$file" "$sel" <<PY || fail "$what"
import json, os, sys
d = json.load(open(sys.argv[1]))
libs = [x[1:] for x in sys.argv[2].split(",")]
grid = {(c["lib"], c["path"][4:]): c for c in d["cells"] if c["path"].startswith("tls>")}
for a in libs:
    for b in libs:
        assert (a, b) in grid, "no cell for client %s x server %s" % (a, b)
assert len(grid) == len(libs) ** 2, sorted(grid)
$5
PY
}

# every pair: ok, or unsupported saying which side lacks what
"$CS" run --lib "$sel" --alg $alg --op handshake --quick --no-evidence --tls-grid \
	-o "$d/r.json" >"$d/out" 2>"$d/err"
check "$d/r.json" $? 0 "the grid" '
heap = any(c.get("heap_peak", 0) > 0 for c in grid.values())
# a build with the heap interposer (CS_HEAP=ON from CTest) must give figures
assert heap or os.environ.get("CS_HEAP") != "ON", "CS_HEAP=ON and no heap figure on any tls cell"
for (a, b), c in grid.items():
    if c["status"] == "unsupported":
        assert "TLS 1.3" in c["detail"] and c["detail"].split(" ")[1].rstrip(":") in (a, b), c["detail"]
        continue
    assert c["status"] == "ok", (a, b, c["status"], c.get("detail"))
    assert c["n_samples"] >= 10 and c["rate"]["median"] > 0, c
    assert c["client_cpu_ns"] > 0 and c["server_cpu_ns"] > 0, c
    if heap:
        for k in ("heap_peak", "heap_idle", "server_heap_peak", "server_heap_idle"):
            assert c.get(k, 0) > 0, (a, b, k)
        assert c["heap_peak"] >= c["heap_idle"] and c["server_heap_peak"] >= c["server_heap_idle"]
ok = [k for k, c in grid.items() if c["status"] == "ok"]
assert len(ok) >= 4, ok
'
for fmt in text markdown html; do
	"$CS" report "$d/r.json" --view tls-grid --format "$fmt" >"$d/view.$fmt" ||
		fail "report --view tls-grid --format $fmt"
	for lib in "${libs[@]}"; do
		grep -q "$lib" "$d/view.$fmt" || fail "tls-grid $fmt: no $lib"
	done
done
grep -q "client\\\\server" "$d/view.text" || fail "tls-grid text: no grid header"
grep -q '<table class="tls-grid">' "$d/view.html" || fail "tls-grid html: no grid table"
"$CS" report "$d/r.json" --view tls | grep -q "client peak/idle" || fail "tls view: no per-side heap"
echo "ok: ${#libs[@]} x ${#libs[@]} grid, every pair a cell"

# the next runs use two libraries with TLS 1.3 (the faults are the server's)
two="=openssl,=gnutls"
if ! have_worker openssl || ! have_worker gnutls; then
	skip "no openssl and gnutls workers for the fault runs"
fi
sel=$two

# the seeded fault: the client refuses the certificate, every pair is wrong
CRYPTOSPEED_TLS_CERTS=$tls/bad "$CS" run --lib "$two" --alg $alg --op handshake --quick \
	--no-evidence --tls-grid -o "$d/bad.json" >"$d/out" 2>"$d/err"
check "$d/bad.json" $? 3 "the flipped certificate" '
for k, c in grid.items():
    assert c["status"] == "wrong" and "client:" in c["detail"], (k, c["status"], c.get("detail"))
    assert "rate" not in c, c
'
echo "ok: the flipped certificate is wrong in every pair"

# a server that answers with garbage: its pairs are errors, the others ok
CRYPTOSPEED_TLS_PEER_FAULT=garbage:gnutls "$CS" run --lib "$two" --alg $alg --op handshake \
	--quick --no-evidence --tls-grid -o "$d/garbage.json" >"$d/out" 2>"$d/err"
check "$d/garbage.json" $? 3 "the garbage server" '
for (a, b), c in grid.items():
    if b == "gnutls":
        assert c["status"] == "error" and "garbage" in c["detail"], (a, b, c)
    else:
        assert c["status"] == "ok", (a, b, c["status"], c.get("detail"))
'
# the line says what happened: failed pairs, never cells marked '!' (none is)
grep -q "pair(s) of the TLS grid failed" "$d/err" || fail "no failed-pairs line: $(cat "$d/err")"
grep -q "marked '!'" "$d/err" && fail "failed pairs called disagreeing cells: $(cat "$d/err")"
echo "ok: a garbage-sending server costs its pairs only"

# a server that stops mid-handshake: its pairs time out, the others ok
CRYPTOSPEED_TLS_PEER_FAULT=stall:gnutls "$CS" run --lib "$two" --alg $alg --op handshake \
	--quick --no-evidence --tls-grid --timeout 2 -o "$d/stall.json" >"$d/out" 2>"$d/err"
check "$d/stall.json" $? 3 "the stalled server" '
for (a, b), c in grid.items():
    if b == "gnutls":
        assert c["status"] == "timeout", (a, b, c)
    else:
        assert c["status"] == "ok", (a, b, c["status"], c.get("detail"))
'
"$CS" report "$d/stall.json" --view tls-grid | grep -q "gnutls server: timeout" ||
	fail "tls-grid: the timeout and its reason not shown"
echo "ok: a stalled server costs its pairs (timeout), the others measured"

# SIGINT while a pair runs (a stalled server, --timeout 30): exit 130, the
# file marked interrupted, the pair "interrupted before it was measured",
# never a timeout that did not happen
cat >"$d/mark.sh" <<'SH'
#!/bin/sh
case " $* " in *" --tls-peer "*) touch "$PEER_MARK" ;; esac
exec "$@"
SH
chmod +x "$d/mark.sh"
rm -f "$d/peer"
PEER_MARK=$d/peer CRYPTOSPEED_TLS_PEER_FAULT=stall:openssl "$CS" run --lib =openssl \
	--alg $alg --op handshake --quick --no-evidence --tls-grid --timeout 30 \
	--launcher "$d/mark.sh" -o "$d/intr.json" >"$d/out" 2>"$d/err" &
pid=$!
for _ in $(seq 600); do [ -e "$d/peer" ] && break; sleep 0.1; done
[ -e "$d/peer" ] || fail "the grid never started a peer: $(tail -3 "$d/err")"
sleep 1
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "SIGINT in the grid: exit $rc, want 130: $(tail -3 "$d/err")"
grep -q "disagree" "$d/err" && fail "SIGINT in the grid: $(grep disagree "$d/err")"
python3 - "$d/intr.json" <<'PY' || fail "SIGINT in the grid: the file"
import json, sys
d = json.load(open(sys.argv[1]))
assert d.get("interrupted") is True, "not marked interrupted"
grid = [c for c in d["cells"] if c["path"].startswith("tls>")]
assert len(grid) == 1, grid
for c in d["cells"]:
    assert c["status"] != "timeout", c
assert grid[0]["status"] == "error" and "interrupted" in grid[0]["detail"], grid[0]
PY
echo "ok: SIGINT in the grid is interrupted, never a timeout"
