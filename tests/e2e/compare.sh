# compare: each kind of change is flagged in its own section, and --fail-on
# decides which give exit 1. NEW files are BASE with one edit (python3), so
# the verdicts do not depend on this machine's noise; the status change comes
# from a real run with the noop worker's crash fault.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
have_worker openssl || skip "no openssl worker"
d=$(tmpdir)
run() { "$CS" run --quick --lib noop,=openssl --path noop,evp --alg sha256,aes-128-gcm \
	--sizes 16,8192 --repeat 3 --seed 7 "$@"; }
run -o "$d/base.json" >/dev/null 2>&1 || fail "base run exited $?"
# edit IN OUT 'python statements on r (the result file)'
edit() {
	python3 - "$1" "$2" "$3" <<'PY' || fail "edit failed: $3"
import json, sys
r = json.load(open(sys.argv[1]))
def scale(pred, f):
    for c in r["cells"]:
        if c["status"] == "ok" and pred(c):
            c["rate"]["median"] *= f
            if "ns_per_op" in c:  # one measurement: the time follows the rate
                c["ns_per_op"]["median"] /= f
            for x in c.get("repetitions", []):
                x["rate"] *= f
exec(sys.argv[3])
json.dump(r, open(sys.argv[2], "w"))
PY
}
# expect STATUS ARGS...: compare's exit status
expect() {
	want=$1; shift
	"$CS" compare "$@" >"$d/out.txt" 2>"$d/err.txt"
	got=$?
	[ $got -eq "$want" ] || { cat "$d/out.txt" "$d/err.txt"; fail "compare $*: exit $got, want $want"; }
}
has() { grep -q -- "$1" "$d/out.txt" || { cat "$d/out.txt"; fail "output lacks '$1'"; }; }

# identical: nothing flagged, the drift reference found
cp "$d/base.json" "$d/same.json"
expect 0 "$d/base.json" "$d/same.json"
has "^verdict: ok (exit 0)"
has "drift: reference .* NEW/BASE 1.000"

# the speed verdicts are checked on a calm copy of BASE: every cell's
# repetitions at its median +-1% (a --quick run on a busy machine is not)
edit "$d/base.json" "$d/calm.json" '
for c in r["cells"]:
    for x, f in zip(c.get("repetitions", []), (1.0, 1.01, 0.99)):
        if "rate" in x:
            x["rate"] = c["rate"]["median"] * f'
# slower: openssl sha256 at 16 B 70% slower in every repetition
edit "$d/calm.json" "$d/slow.json" 'scale(lambda c: c["lib"] == "openssl" and c["alg"] == "sha256" and c["size"] == 16, 0.3)'
expect 1 "$d/calm.json" "$d/slow.json"
has "^slower (1):"
has "openssl/evp  *sha256 digest 16 .* -70.0%"
expect 0 "$d/calm.json" "$d/slow.json" --fail-on hw,status,missing
has "1 slower not failing"
# one repetition per side: the verdict says it is weak
# (each cell's batch CI set to 2%, so the verdict does not hang on this run's noise)
one='[c.pop("repetitions", None) for c in r["cells"]]; [c.update(ci95_rel=0.02) for c in r["cells"] if "rate" in c]'
edit "$d/calm.json" "$d/base1.json" "$one"
edit "$d/slow.json" "$d/slow1.json" "$one"
expect 1 "$d/base1.json" "$d/slow1.json"
has "WEAK verdicts"
has "(weak)"

# hw: a class lost fails, a class gained is only reported
edit "$d/base.json" "$d/hwbase.json" '
for c in r["cells"]:
    if c["lib"] == "noop" and c["alg"] == "aes-128-gcm" and c["status"] == "ok":
        c["evidence"] = {"available": True, "classes": {"aes-ni": 0.6, "pclmul": 0.3, "scalar": 0.1}}'
edit "$d/hwbase.json" "$d/hwlost.json" '
for c in r["cells"]:
    if c["lib"] == "noop" and "evidence" in c:
        c["evidence"]["classes"] = {"scalar": 1.0}'
expect 1 "$d/hwbase.json" "$d/hwlost.json" --fail-on hw
has "^hw class lost (4):"
has "noop/noop  *aes-128-gcm seal 8192 *aes-ni+pclmul -> scalar"
expect 0 "$d/hwlost.json" "$d/hwbase.json" --fail-on hw
has "^hw class gained (4):"
# a share near the 10% shown in hw that dips (0.12 -> 0.07) is flicker, not a loss
edit "$d/hwbase.json" "$d/hwdip.json" '
for c in r["cells"]:
    if c["lib"] == "noop" and "evidence" in c:
        c["evidence"]["classes"] = {"aes-ni": 0.07, "pclmul": 0.3, "scalar": 0.63}'
edit "$d/hwbase.json" "$d/hwnear.json" '
for c in r["cells"]:
    if c["lib"] == "noop" and "evidence" in c:
        c["evidence"]["classes"]["aes-ni"] = 0.12'
expect 0 "$d/hwnear.json" "$d/hwdip.json" --fail-on hw
has "^hw class lost (0)"

# status: ok -> crashed, from a real run with the crash fault
CRYPTOSPEED_FAULT=crash:sha256 run --timeout 2 -o "$d/crash.json" >/dev/null 2>&1
[ -f "$d/crash.json" ] || fail "fault run wrote no file"
expect 1 "$d/base.json" "$d/crash.json" --fail-on status
has "^status changed (ok -> other) ([0-9]*):"
has "noop/noop  *sha256 digest 16 *ok -> crashed"
has "noop/noop  *sha256 digest 8192 *ok -> crashed"
# (a real second run: the machine may have drifted, so 5 is as good as 0 here)
"$CS" compare "$d/base.json" "$d/crash.json" --fail-on missing,hw >/dev/null
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 5 ] || fail "status not in --fail-on: exit $rc, want 0 (or 5)"

# missing library: NEW without openssl
edit "$d/base.json" "$d/noossl.json" '
r["cells"] = [c for c in r["cells"] if c["lib"] != "openssl"]
r["libraries"] = [l for l in r["libraries"] if l["name"] != "openssl"]'
expect 1 "$d/base.json" "$d/noossl.json" --fail-on missing
has "^missing in NEW (6):"
has "^  openssl .*'(absent)'"
expect 0 "$d/base.json" "$d/noossl.json" --fail-on slower,hw,status
expect 0 "$d/noossl.json" "$d/base.json"
has "^new in NEW (6):"

# library version or build changed: reported, not a failing kind
edit "$d/base.json" "$d/ver.json" '
for l in r["libraries"]:
    if l["name"] == "openssl": l["version"] = "OpenSSL 3.9.9"'
expect 0 "$d/base.json" "$d/ver.json"
has "^library version or build changed (1):"
has "-> 'OpenSSL 3.9.9"

# host: another hostname and kernel are reported; another CPU model is exit 2
edit "$d/base.json" "$d/host.json" 'r["host"]["hostname"] = "other"; r["host"]["kernel"] = "9.9"'
expect 0 "$d/base.json" "$d/host.json"
has "hostname '.*' -> 'other'; kernel"
edit "$d/base.json" "$d/cpu.json" 'r["host"]["cpu"]["model"] = "Another CPU"'
expect 2 "$d/base.json" "$d/cpu.json"
[ "$(wc -l <"$d/err.txt")" -eq 1 ] && grep -q "different CPUs.*--across-hosts" "$d/err.txt" ||
	fail "different CPU: want one line naming --across-hosts: $(cat "$d/err.txt")"
expect 0 "$d/base.json" "$d/cpu.json" --across-hosts
has "CPU .* -> .* Another CPU"

# drift: everything 20% slower is inconclusive (5); a cell far beyond it is 1
edit "$d/calm.json" "$d/drift.json" 'scale(lambda c: True, 0.8)'
expect 5 "$d/calm.json" "$d/drift.json"
has "INCONCLUSIVE (exit 5)"
edit "$d/drift.json" "$d/drift2.json" 'scale(lambda c: c["lib"] == "openssl" and c["alg"] == "aes-128-gcm" and c["op"] == "seal" and c["size"] == 16, 0.3)'
expect 1 "$d/calm.json" "$d/drift2.json" --fail-on slower
has "^slower (1):"

# same run: two selections of one file; only the changed cells are flagged
edit "$d/calm.json" "$d/same_run.json" '
import copy
extra = []
for c in r["cells"]:
    if c["lib"] == "openssl":
        m = copy.deepcopy(c); m["mask"] = "no-aes"; extra.append(m)
r["cells"] += extra
scale(lambda c: c.get("mask") == "no-aes" and c["alg"] == "aes-128-gcm", 0.1)'
expect 1 "$d/same_run.json" --base openssl --new openssl/no-aes --fail-on slower
has "in one run of"
has "^slower (4):"
[ "$(grep -c "sha256" "$d/out.txt")" -eq 0 ] || fail "same run: sha256 flagged"

# formats: JUnit one testcase per cell and the failures; Markdown tables
"$CS" compare "$d/calm.json" "$d/slow.json" --format junit >"$d/j.xml"
[ $? -eq 1 ] || fail "junit: exit status not 1"
python3 - "$d/j.xml" <<'PY' || fail "JUnit output"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites"
suite = root.find("testsuite")
cases = suite.findall("testcase")
assert len(cases) == 12 == int(suite.get("tests"))
failed = [c for c in cases if c.find("failure") is not None]
assert len(failed) == 1 == int(suite.get("failures"))
assert failed[0].get("classname") == "openssl/evp" and failed[0].get("name") == "sha256 digest 16"
assert failed[0].find("failure").get("type") == "slower"
PY
"$CS" compare "$d/base.json" "$d/noossl.json" --format markdown >"$d/out.txt"
has "^### cryptospeed compare: \*\*FAIL\*\*"
has "^| missing | 6 | yes |"
has "^#### Missing in NEW (6)"
"$CS" compare "$d/calm.json" "$d/slow.json" --format json >"$d/c.json"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); assert c["status"]==1 and c["counts"]["slower"]==1' "$d/c.json" ||
	fail "JSON output"

# bad input: one line, exit 2
expect 2 "$d/base.json" "$d/same.json" --fail-on slower,bogus
grep -q "unknown kind 'bogus' (known: slower,hw,status,missing,conformance,count)" "$d/err.txt" || fail "--fail-on message"
echo '{"schema":"cryptospeed/0"}' >"$d/old.json"
expect 2 "$d/base.json" "$d/old.json"
expect 2 "$d/base.json" --base openssl
edit "$d/base.json" "$d/badrep.json" 'r["cells"][0]["repetitions"][1]["rate"] = -1'
expect 2 "$d/base.json" "$d/badrep.json"
grep -q "cells\[0\].repetitions\[1\].rate" "$d/err.txt" || fail "a bad repetition is not named: $(cat "$d/err.txt")"
expect 2 "$d/base.json" --base nosuch --new openssl
grep -q "'nosuch' matches no cell" "$d/err.txt" || fail "unknown selection message"
echo ok
