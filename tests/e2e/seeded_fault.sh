# A seeded fault: the libsodium worker built with CS_FAULT_FLIP_SIG signs
# Ed25519 with one bit of every signature flipped. Both checks must catch it
# on their own:
#  - its known-answer test fails (RFC 8032 vectors);
#  - in a run, the signature it hands out is refused by every other library
#    (interop), while theirs verify everywhere; the run exits non-zero.
set -u
. "$(dirname "$0")/lib.sh"
failures=0
check() { # check DESCRIPTION CONDITION-RESULT
	if [ "$2" != ok ]; then echo "FAIL: $1 ($2)"; failures=$((failures + 1)); fi
}
FAULTY=${CS_WORK}/faulty
[ -x "$FAULTY/cryptospeed-worker-sodium@flipsig" ] || skip "no faulty sodium worker built"
[ -x "$CS_BIN/cryptospeed-worker-openssl" ] && [ -x "$CS_BIN/cryptospeed-worker-nettle" ] ||
	skip "needs the openssl and nettle workers"

out=$("$FAULTY/cryptospeed-worker-sodium@flipsig" --kat --alg ed25519)
rc=$?
check "the KAT fails (exit 1)" "$([ $rc -eq 1 ] && echo ok || echo "exit $rc")"
check "the KAT names the sign vector" "$(grep -q 'FAIL .*sodium/combined ed25519 sign: RFC 8032' <<<"$out" && echo ok || echo "$out")"
check "verify still passes" "$(grep -q 'PASS .*sodium/combined ed25519 verify' <<<"$out" && echo ok || echo "$out")"

d=$(tmpdir)
CRYPTOSPEED_WORKER_PATH=$FAULTY "$CS" run --lib =openssl,=nettle,sodium@flipsig --alg ed25519 \
	--op sign --quick --no-evidence -o "$d/r.json" >"$d/out" 2>"$d/err"
rc=$?
check "the run exits non-zero (3 or 4)" "$([[ $rc == 3 || $rc == 4 ]] && echo ok || echo "exit $rc: $(cat "$d/err")")"
check "stderr names the refused signature" "$(grep -q 'interop: ed25519 sign by sodium@flipsig/combined' "$d/err" && echo ok || cat "$d/err")"
verdict=$(python3 - "$d/r.json" <<'PY'
import json, sys
cells = [c for c in json.load(open(sys.argv[1]))["cells"] if c["op"] == "sign"]
bad = [c for c in cells if c["lib"] == "sodium@flipsig"]
good = [c for c in cells if c["lib"] != "sodium@flipsig" and c["status"] != "unsupported"]
problems = []
if len(bad) != 1 or bad[0]["status"] != "wrong":
    problems.append("faulty cell not 'wrong': %s" % [c["status"] for c in bad])
else:
    i = bad[0].get("interop", {})
    libs = sorted(set(v.split("/")[0] for v in i.get("rejected_by", [])))
    if libs != ["nettle", "openssl"] or i.get("verified_by") or i.get("all_verify"):
        problems.append("faulty interop: %s" % i)
if len(good) < 2:
    problems.append("expected openssl and nettle sign cells, got %d" % len(good))
for c in good:
    i = c.get("interop", {})
    if c["status"] != "ok" or not i.get("all_verify") or i.get("rejected_by"):
        problems.append("%s/%s: %s %s" % (c["lib"], c["path"], c["status"], i))
    # the faulty worker is a verifier too, and its verify is intact
    if not any(v.startswith("sodium@flipsig/") for v in i.get("verified_by", [])):
        problems.append("%s/%s not verified by sodium@flipsig: %s" % (c["lib"], c["path"], i))
print("; ".join(problems) or "ok")
PY
)
check "result file: faulty cell wrong + refused, the others verified everywhere" "$verdict"
[ $failures -eq 0 ] || fail "$failures check(s) failed"
echo "ok: the flipped bit is caught by the KAT and by interop"
