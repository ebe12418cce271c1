# Conformance beside speed (docs/conformance.md, docs/results-format.md):
#  - run --conform writes a conformance block the loader reads back; the
#    matrix (text, Markdown, HTML, CSV) marks wolfSSL's Ed25519 rows INVALID
#    (its malleable signature, tcId 85) and OpenSSL's as pass, and the run
#    exits 3;
#  - the rank view marks wolfssl/wolfcrypt INVALID wherever it ranks for
#    Ed25519, and never marks OpenSSL;
#  - report --conform joins a `conform -o` file to a run without a block;
#  - compare: a nightly whose nettle turned into nettle@forgetag (its
#    AES-128-GCM open ignores the tag's last byte) is a conformance finding
#    naming the tcIds, exit 1 with --fail-on conformance, 0 without it; the
#    same build on both sides (A/A) exits 0.
# `=wolfssl` and `=openssl`: Debian's builds only, not the root workers a
# build tree may also have (wolfSSL 5.9 refuses tcId 85).
set -u
. "$(dirname "$0")/lib.sh"
FAULTY=${CS_WORK}/faulty
have_worker wolfssl || skip "needs the wolfssl worker"
have_worker openssl || skip "needs the openssl worker"
d=$(tmpdir)

"$CS" run --lib =wolfssl,=openssl --path wolfcrypt,evp --alg ed25519 --op verify --quick \
	--no-evidence --conform -o "$d/r.json" >"$d/out" 2>"$d/err"
rc=$?
cat "$d/out"
[ $rc -eq 3 ] || fail "run --conform exited $rc (want 3: wolfSSL accepts an invalid Ed25519 signature): $(cat "$d/err")"
grep -Eq '^wolfssl/wolfcrypt +[0-9.]+[^ ]* +!INVALID [0-9]+' "$d/out" || fail "the text matrix does not mark wolfssl/wolfcrypt"
grep -Eq '^openssl/evp +[0-9.]+[^ ]* +pass ' "$d/out" || fail "the text matrix does not show openssl/evp as pass"
python3 - "$d/r.json" <<'PY' || fail "the conformance block"
import json, sys
doc = json.load(open(sys.argv[1]))
rows = doc["conformance"]["rows"]
w = [r for r in rows if r["lib"] == "wolfssl" and r["alg"] == "ed25519"]
o = [r for r in rows if r["lib"] == "openssl" and r["alg"] == "ed25519"]
assert len(w) == 1 and len(o) == 1, rows
assert 85 in w[0]["invalid_accepted_ids"], w
assert w[0]["invalid_accepted"] == len(w[0]["invalid_accepted_ids"]), w
assert o[0]["invalid_accepted"] == 0 and o[0]["passed"] > 100, o
assert {r["alg"] for r in rows} == {"ed25519"}, "only the selected algorithm runs"
assert {r["path"] for r in rows} <= {"wolfcrypt", "evp"}, "only the selected paths run"
PY

"$CS" report "$d/r.json" --format markdown >"$d/md" || fail "report markdown"
grep -Eq '^\| wolfssl/wolfcrypt \| [0-9.]+ \| !INVALID [0-9]+ \|' "$d/md" || fail "Markdown: no conform cell for wolfssl: $(grep wolfssl "$d/md")"
"$CS" report "$d/r.json" --format html >"$d/html" || fail "report html"
grep -q '<th>conform</th>' "$d/html" || fail "HTML: no conform column"
grep -q '<b>!INVALID' "$d/html" || fail "HTML: no mark"
"$CS" report "$d/r.json" --format csv >"$d/csv" || fail "report csv"
head -1 "$d/csv" | grep -q ',source,conform,conform_invalid_accepted$' || fail "CSV header: $(head -1 "$d/csv")"
grep -Eq '^wolfssl,.*,!INVALID [0-9]+,[1-9][0-9]*$' "$d/csv" || fail "CSV: wolfssl's line: $(grep ^wolfssl "$d/csv")"

"$CS" report "$d/r.json" --view rank >"$d/rank" || fail "report --view rank"
grep -Eq '^ +[0-9]+ +wolfssl/wolfcrypt !INVALID\([0-9]+\)' "$d/rank" || fail "the rank view does not mark wolfssl: $(cat "$d/rank")"
grep -q 'openssl/evp !INVALID' "$d/rank" && fail "the rank view marks openssl"

# a malformed vector file is refused before anything is measured (exit 2)
mkdir -p "$d/vec"
cp "$(dirname "$0")/../../data/wycheproof/"*.json "$d/vec/"
sed -i 's/"tcId" *: *1,/"tcId": "one",/' "$d/vec/ed25519_test.json"
CRYPTOSPEED_VECTORS=$d/vec "$CS" run --lib =wolfssl --alg ed25519 --quick --no-evidence --conform \
	-o "$d/bad.json" >/dev/null 2>"$d/err"
rc=$?
[ $rc -eq 2 ] || fail "run --conform with a malformed vector file exited $rc (want 2)"
grep -q 'ed25519_test.json: .*tcId' "$d/err" || fail "the malformed file is not named: $(cat "$d/err")"
[ ! -e "$d/bad.json" ] || fail "run --conform measured and wrote before refusing the vectors"

# a run without --conform has no column; report --conform joins a conform file
"$CS" run --lib =wolfssl --path wolfcrypt --alg ed25519 --op verify --quick --no-evidence \
	-o "$d/plain.json" >"$d/plain" 2>&1 || fail "run without --conform: $(tail -3 "$d/plain")"
grep -q conform "$d/plain" && fail "a run without --conform shows a conform column"
"$CS" conform --lib =wolfssl --file ed25519_test -o "$d/c.json" >/dev/null 2>&1
"$CS" report "$d/plain.json" --conform "$d/c.json" >"$d/joined" || fail "report --conform"
grep -Eq '^wolfssl/wolfcrypt +[0-9.]+[^ ]* +!INVALID [0-9]+' "$d/joined" || fail "report --conform: no mark: $(cat "$d/joined")"
echo '{"schema": "cryptospeed/1"}' >"$d/notconform.json"
"$CS" report "$d/plain.json" --conform "$d/notconform.json" >/dev/null 2>"$d/err"
rc=$?
[ $rc -eq 2 ] || fail "a wrong --conform file: exit $rc (want 2)"
grep -q 'cryptospeed-conform/1' "$d/err" || fail "a wrong --conform file: $(cat "$d/err")"

# compare: a conformance change is a finding of its own kind
[ -x "$FAULTY/cryptospeed-worker-nettle@forgetag" ] ||
	skip "no faulty worker (nettle@forgetag): run --conform checked, compare's conformance finding not"
have_worker nettle || skip "needs the nettle worker"
export CRYPTOSPEED_WORKER_PATH=$FAULTY:$CS_BIN
for name in base aa; do
	"$CS" run --lib =nettle --alg aes-128-gcm --op open --sizes 16 --quick --no-evidence \
		--conform -o "$d/$name.json" >/dev/null 2>"$d/err" || fail "run nettle --conform: $(cat "$d/err")"
done
"$CS" run --lib nettle@forgetag --alg aes-128-gcm --op open --sizes 16 --quick --no-evidence \
	--conform -o "$d/forgetag.json" >/dev/null 2>&1
[ $? -eq 3 ] || fail "nettle@forgetag --conform should exit 3"
# the nightly's NEW build is the broken one, under the same name
sed 's/nettle@forgetag/nettle/g' "$d/forgetag.json" >"$d/new.json"
"$CS" compare "$d/base.json" "$d/new.json" --fail-on conformance >"$d/cmp" 2>&1
rc=$?
cat "$d/cmp"
[ $rc -eq 1 ] || fail "compare --fail-on conformance exited $rc (want 1)"
grep -Eq '^  nettle/nettle aes_gcm_test aes-128-gcm +invalid_accepted tcId 5[6-9]$' "$d/cmp" || fail "the finding does not name the tcIds"
grep -q 'verdict: FAIL (exit 1): [0-9]* conformance' "$d/cmp" || fail "the verdict does not name the conformance kind"
"$CS" compare "$d/base.json" "$d/new.json" --fail-on missing >/dev/null 2>&1
[ $? -ne 1 ] || fail "compare --fail-on missing failed on a conformance change"
"$CS" compare "$d/base.json" "$d/new.json" --fail-on conformance --format json >"$d/cmp.json"
python3 - "$d/cmp.json" <<'PY' || fail "compare json"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["counts"]["conformance"] >= 1 and c["status"] == 1, c["counts"]
assert {f["tcId"] for f in c["conformance"]["failing"]} >= {56, 57, 58, 59}, c["conformance"]
PY
"$CS" compare "$d/base.json" "$d/aa.json" --fail-on conformance >"$d/aa" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "A/A compare --fail-on conformance exited $rc: $(tail -5 "$d/aa")"
grep -q 'failing in NEW, not in BASE (0)' "$d/aa" || fail "A/A: $(cat "$d/aa")"
echo ok
