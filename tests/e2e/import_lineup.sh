# Issue 23's acceptance check: a measured run beside an imported openssl
# speed table (3.x, written from speed.c's formats) with RSA-2048, ECDSA
# P-256, X25519 and HMAC-SHA256: the report shows one block per operation
# with both sources in it, and compare matches the cells.
# Usage: import_lineup.sh MEASURED.json TABLE.txt
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
measured=${1:?usage: import_lineup.sh MEASURED.json TABLE.txt}
table=${2:?}
d=$(tmpdir)
"$CS" import openssl-speed "$table" -o "$d/imported.json" 2>"$d/err.txt" ||
	{ cat "$d/err.txt"; fail "import exited $?"; }
"$CS" report "$measured" "$d/imported.json" >"$d/report.txt" || fail "report exited $?"
# block HEADER: the lines of that block
block() { awk -v h="$1" '$0 ~ "^"h"  \\(" {on=1; print; next} on && /^$/ {exit} on {print}' "$d/report.txt"; }
for op in "rsa-2048 sign" "rsa-2048 verify" "ecdsa-p256 sign" "ecdsa-p256 verify" \
	"x25519 derive" "hmac-sha256 mac"; do
	n=$(grep -c "^$op  (" "$d/report.txt")
	[ "$n" -eq 1 ] || fail "report: $n blocks '$op', want 1"
	b=$(block "$op")
	grep -q '^\[1\] openssl/evp ' <<<"$b" || { echo "$b"; fail "'$op': no measured row"; }
	grep -q '^\[2\] openssl/evp .*imported' <<<"$b" || { echo "$b"; fail "'$op': no imported row"; }
done
# none of OpenSSL's own spellings is left as a block of its own
for old in rsa2048 ecdsap256 ecdhx25519 'hmac(sha256)'; do
	! grep -qF "$old " "$d/report.txt" || fail "report has a block '$old'"
done
# compare: the imported cells pair with the measured ones (exit 0 or 1: faster
# or slower, never 2 'nothing in common')
"$CS" compare "$measured" "$d/imported.json" --across-hosts --format json >"$d/cmp.json"
rc=$?
[ $rc -le 1 ] || fail "compare exited $rc"
python3 - "$d/cmp.json" <<'PY' || fail "compare did not match the four algorithms"
import json, sys
d = json.load(open(sys.argv[1]))
paired = {c["what"].rsplit(" ", 1)[0] for c in d["cells"]
          if c["label"] == "openssl/evp" and c["status_base"] == "ok" and c["status_new"] == "ok"}
want = {"rsa-2048 sign", "rsa-2048 verify", "ecdsa-p256 sign", "ecdsa-p256 verify",
        "x25519 derive", "hmac-sha256 mac"}
missing = want - paired
if missing:
    print("not paired:", sorted(missing), "paired:", sorted(paired))
    sys.exit(1)
PY
echo "ok: one block per operation with both sources, compare pairs $(grep -o '"status_new": "ok"' "$d/cmp.json" | wc -l) cells"
