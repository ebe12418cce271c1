# report --format openssl and openssl-mr of a default-size run (the committed
# results/measured file) import back: every ok cell openssl speed has a name
# for (its byte tables, hmac(sha256), ecdh, the sign/verify table of rsa,
# ecdsa and EdDSA) comes back with its rate; -mr has no line openssl speed
# never prints (no +F5 for a cell that is no ecdh). $1: the source tree.
. "$(dirname "$0")/lib.sh"
src=${1:?source tree}
res=$src/results/measured/vm-xeon-x86_64.json
[ -f "$res" ] || skip "no committed default run ($res)"
command -v python3 >/dev/null || skip "no python3"
d=$(tmpdir)
for fmt in openssl openssl-mr; do
	"$CS" report "$res" --format $fmt >"$d/$fmt.txt" || fail "report --format $fmt"
	"$CS" import openssl-speed "$d/$fmt.txt" -o "$d/$fmt.json" 2>"$d/$fmt.err"
	rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 4 ] || fail "import of our $fmt output exited $rc: $(tail -3 "$d/$fmt.err")"
	python3 - "$res" "$d/$fmt.json" "$fmt" <<'PY' || fail "$fmt round trip (above)"
import json, sys
from collections import defaultdict
ours, back, fmt = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
# what openssl speed has a name for: the byte algorithms' own op, ecdh, sign/verify
named = {("aes-128-gcm", "seal"), ("aes-256-gcm", "seal"), ("chacha20-poly1305", "seal"),
         ("aes-128-cbc", "encrypt"), ("sha1", "digest"), ("sha256", "digest"),
         ("sha512", "digest"), ("hmac-sha256", "mac"), ("x25519", "derive"), ("p256", "derive"),
         ("rsa-2048", "sign"), ("rsa-2048", "verify"), ("ecdsa-p256", "sign"),
         ("ecdsa-p256", "verify"), ("ed25519", "sign"), ("ed25519", "verify")}
def rates(cells):
    r = defaultdict(list)
    for c in cells:
        if c.get("status") == "ok" and (c["alg"], c["op"]) in named:
            r[(c["alg"], c["op"], c["size"])].append(c["rate"]["median"])
    return r
a, b = rates(ours["cells"]), rates(back["cells"])
bad, n = 0, 0
for k in sorted(a):
    x, y = sorted(a[k]), sorted(b.get(k, []))
    # a sign/verify pair is printed when both halves are ok: the other half stays out
    if len(x) != len(y) and k[1] not in ("sign", "verify"):
        print("%s: %d ok cells, %d imported back" % (k, len(x), len(y)))
        bad += 1
        continue
    for u in y:
        n += 1
        if not any(abs(u - v) <= 1e-3 * v + 0.06 for v in x):
            print("%s: imported %g, none of ours is near" % (k, u))
            bad += 1
            break
want = sum(len(v) for k, v in a.items())
print("%s: %d of %d named ok cells back" % (fmt, n, want))
sys.exit(1 if bad or n < want * 0.98 else 0)
PY
done
# -mr: +F5 only for ecdh (x25519 at 253 bits, p256 at curve index 3, 256 bits)
if grep '^+F5:' "$d/openssl-mr.txt" | grep -v '^+F5:16:253:\|^+F5:3:256:'; then
	fail "openssl-mr prints +F5 lines that are no ecdh (above)"
fi
grep -q '^+F6:0:253:Ed25519:' "$d/openssl-mr.txt" || fail "openssl-mr: no EdDSA line"
echo ok
