# Conformance catches what a fast row hides (docs/conformance.md):
#  - nettle@forgetag (a seeded fault: its AES-128-GCM open ignores the tag's
#    last byte) passes its known-answer test, yet `conform` reports the
#    Wycheproof cases with a forged last tag byte as INVALID ACCEPTED, with
#    their tcIds, and exits 3; the real nettle conforms on the same file;
#  - a worker that crashes on some vectors costs those vectors (crashed, with
#    their tcIds), never the run: the others pass, exit 4;
#  - a malformed vector file is refused with its name and the first bad
#    place, exit 2, before anything runs.
set -u
. "$(dirname "$0")/lib.sh"
VEC=${1:?the vector folder}
FAULTY=${CS_WORK}/faulty
[ -x "$FAULTY/cryptospeed-worker-nettle@forgetag" ] || skip "no faulty nettle worker built"
have_worker nettle || skip "needs the nettle worker"
d=$(tmpdir)

out=$("$FAULTY/cryptospeed-worker-nettle@forgetag" --kat --alg aes-128-gcm) ||
	fail "the faulty worker's KAT should pass (the fault hides from it): $out"

CRYPTOSPEED_WORKER_PATH=$FAULTY "$CS" conform --lib =nettle,nettle@forgetag \
	--file aes_gcm_test -o "$d/c.json" >"$d/out" 2>"$d/err"
rc=$?
cat "$d/out"
[ $rc -eq 3 ] || fail "conform exited $rc (want 3: an invalid case accepted): $(cat "$d/err")"
grep -q '^nettle@forgetag/nettle .*aes-128-gcm .*INVALID ACCEPTED$' "$d/out" ||
	fail "the text does not mark the faulty row"
python3 - "$d/c.json" "$VEC/aes_gcm_test.json" <<'PY' || fail "result file"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
def row(lib, alg):
    r = [x for x in rows if x["lib"] == lib and x["file"] == "aes_gcm_test" and x["alg"] == alg]
    assert len(r) == 1, (lib, alg, r)
    return r[0]
bad, good = row("nettle@forgetag", "aes-128-gcm"), row("nettle", "aes-128-gcm")
assert bad["invalid_accepted"] >= 1, bad
assert good["invalid_accepted"] == 0 and good["valid_refused"] == 0 and good["passed"] > 50, good
# the accepted cases are exactly the invalid ones whose tag differs from a
# valid tag only in its last byte: look them up in the file itself
cases = {}
for g in json.load(open(sys.argv[2]))["testGroups"]:
    for t in g["tests"]:
        cases[t["tcId"]] = (g, t)
for tc in bad["invalid_accepted_ids"]:
    g, t = cases[tc]
    assert g["keySize"] == 128 and t["result"] == "invalid", t
    assert "tag" in t["comment"].lower(), t["comment"]
assert bad["passed"] + bad["invalid_accepted"] == good["passed"], (bad, good)
assert row("nettle@forgetag", "aes-256-gcm")["invalid_accepted"] == 0
print("invalid accepted:", bad["invalid_accepted_ids"])
PY

CRYPTOSPEED_FAULT=crash-conform:aes-128-gcm "$CS" conform --lib =noop --file aes_gcm_test \
	--format json >"$d/crash.json" 2>"$d/err"
rc=$?
[ $rc -eq 4 ] || fail "a crashing vector: conform exited $rc (want 4): $(cat "$d/err")"
python3 - "$d/crash.json" "$VEC/aes_gcm_test.json" <<'PY' || fail "crashed vectors not recorded"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
assert len(rows) == 1 and rows[0]["alg"] == "aes-128-gcm", rows
r = rows[0]
# every applicable AES-128-GCM case without AAD crashed the worker once; it
# was started again for the next one (the others: the probe has no such call)
want = []
for g in json.load(open(sys.argv[2]))["testGroups"]:
    if (g["keySize"], g["ivSize"], g["tagSize"]) == (128, 96, 128):
        want += [t["tcId"] for t in g["tests"] if t["aad"] == ""]
assert sorted(r["crashed_ids"]) == sorted(want) and len(want) > 5, (r, want)
print("crashed:", len(want), "vectors, each costing only itself")
PY

# compare: the same file conformed by the real and the faulty build (renamed
# as one library, as two nightly builds would be): a finding of its own kind
python3 - "$d/c.json" "$d/base.json" "$d/new.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
rows = doc["rows"]
for name, keep in ((sys.argv[2], "nettle"), (sys.argv[3], "nettle@forgetag")):
    doc["rows"] = [dict(r, lib="nettle") for r in rows if r["lib"] == keep]
    json.dump(doc, open(name, "w"))
PY
"$CS" compare "$d/base.json" "$d/new.json" >"$d/cmp" 2>&1
rc=$?
cat "$d/cmp"
[ $rc -eq 1 ] || fail "compare of conform files exited $rc (want 1)"
grep -q 'nettle/nettle aes_gcm_test aes-128-gcm  invalid_accepted  tcId 56' "$d/cmp" ||
	fail "compare does not name the new failure"
"$CS" compare "$d/base.json" "$d/new.json" --fail-on slower >/dev/null 2>&1 ||
	fail "conformance outside --fail-on still failed"
"$CS" compare "$d/new.json" "$d/base.json" --format json >"$d/cmp.json" ||
	fail "fixed vectors alone should not fail"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["fixed"]) >= 1 and not d["conformance"], d' "$d/cmp.json" ||
	fail "compare json: fixed"

# the rank view marks the row that accepted invalid vectors, wherever it ranks
"$CS" report "$VEC/../../results/measured/vm-xeon-x86_64.json" --view rank \
	--conform "$d/new.json" >"$d/rank" || fail "report --conform failed"
grep -A30 '^aes-128-gcm open' "$d/rank" | grep -q 'nettle/nettle !INVALID(4)' ||
	fail "the rank view does not mark nettle/nettle"
grep -A30 '^aes-256-gcm open' "$d/rank" | grep -q 'INVALID' &&
	fail "the rank view marks an algorithm that conformed"

# malformed files: each refused with its name and the first bad place, exit 2,
# before anything runs
mkdir -p "$d/v"
src=$VEC/aes_gcm_test.json
bad() { # bad SED-EXPRESSION EXPECTED-MESSAGE-REGEX
	sed "$1" "$src" >"$d/v/aes_gcm_test.json"
	"$CS" conform --lib =nettle --file aes_gcm_test --vectors "$d/v" >"$d/out" 2>"$d/err"
	rc=$?
	[ $rc -eq 2 ] || fail "malformed ($1): exit $rc (want 2)"
	grep -Eq "$2" "$d/err" || fail "malformed ($1): the error does not name the place: $(cat "$d/err")"
	[ ! -s "$d/out" ] || fail "malformed ($1): something ran before the refusal"
}
bad 's/"tcId": 7,/"tcId": "seven",/' 'aes_gcm_test.json: testGroups\[[0-9]+\].tests\[6\].tcId: must be an integer'
bad '0,/"result": "valid"/s//"result": "maybe"/' 'aes_gcm_test.json: testGroups\[0\].tests\[0\].result: must be valid, invalid or acceptable'
bad '0,/"tag": "/s//"tag": "zz/' 'aes_gcm_test.json: testGroups\[0\].tests\[0\].tag: must be a hex string'
bad 's/"ivSize": 96,/"ivSize": "96",/' 'aes_gcm_test.json: testGroups\[[0-9]+\].ivSize: must be an integer'
bad 's/"schema": "aead_test_schema_v1.json"/"schema": "mac_test_schema_v1.json"/' 'aes_gcm_test.json: schema: must be "aead_test_schema_v1.json"'
bad 's/"testGroups"/"groups"/' 'aes_gcm_test.json: testGroups: must be a non-empty array'
bad "\$d" 'aes_gcm_test.json: line [0-9]+'
echo ok
