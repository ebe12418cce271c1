#!/usr/bin/env bash
# compare, report, history and the exports on counting runs (issue 19, item
# 5): two counting runs of the same build are identical, so compare exits 0
# on an A/A pair; a copy with one cell's count raised by 1 % is a finding
# ("count changed") naming exactly that cell, exit 1; a class gone to zero is
# "hw class lost"; same-run --base/--new works on counts; report shows the
# count block and never a rate. The A/A pair is two real runs where qemu-user
# runs the host's workers, else the shipped counting file twice.
. "$(dirname "$0")/lib.sh"
fixture=$(dirname "$0")/../data/count-x86-64.json
# shellcheck disable=SC2054 # the commas are the options' lists
sel=(--cpu x86-64 --lib nettle,sodium --alg sha256,aes-128-gcm --sizes 16,8192)
if command -v qemu-x86_64 >/dev/null && host_guest_ok; then
	for i in 1 2; do
		"$CS" run --count "${sel[@]}" -o "$CS_TMP/a$i.json" >"$CS_TMP/run$i.txt" 2>"$CS_TMP/run$i.err"
		rc=$?
		[ $rc -eq 0 ] || [ $rc -eq 4 ] || fail "run --count $i exited $rc: $(tail -3 "$CS_TMP/run$i.err")"
		[ -s "$CS_TMP/a$i.json" ] || fail "run --count $i wrote no file"
	done
	echo "A/A: two counting runs"
else
	cp "$fixture" "$CS_TMP/a1.json"
	cp "$fixture" "$CS_TMP/a2.json"
	echo "A/A: the shipped counting file twice (no qemu-user run here)"
fi
a1=$CS_TMP/a1.json a2=$CS_TMP/a2.json
# every subcommand loads a counting run's file
"$CS" report "$a1" >"$CS_TMP/report.txt" 2>"$CS_TMP/err" || fail "report: $(cat "$CS_TMP/err")"
grep -q '^instruction counts: x86-64' "$CS_TMP/report.txt" || fail "report: no count block"
grep -q 'MB/s' "$CS_TMP/report.txt" && fail "report shows a rate for a counting run"
grep -Eq '^nettle/nettle +aes-128-gcm +seal +8192 +[0-9]+ +[0-9.]+ +[0-9.]+ +aes-ni [0-9.]+%\+pclmul' \
	"$CS_TMP/report.txt" || fail "report: nettle's AES-GCM row without its exact classes: $(grep aes-128-gcm "$CS_TMP/report.txt" | head -2)"
"$CS" report "$a1" --view rank >"$CS_TMP/rank.txt" || fail "report --view rank"
grep -q '^instruction counts' "$CS_TMP/rank.txt" || fail "rank view of a counting run is not its count block"
"$CS" history "$a1" "$a2" >/dev/null 2>"$CS_TMP/err" || fail "history: $(cat "$CS_TMP/err")"
"$CS" report "$a1" --format bmf >"$CS_TMP/bmf.json" || fail "report --format bmf"
python3 - "$CS_TMP/bmf.json" <<'PY' || fail "BMF has no instructions measure"
import json, sys
b = json.load(open(sys.argv[1]))
k = [n for n in b if "nettle/nettle sha256 digest 8192" in n]
assert k and b[k[0]]["instructions"]["value"] > 0, b
PY

# A/A: identical counts, exit 0
"$CS" compare "$a1" "$a2" >"$CS_TMP/aa.txt" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "A/A compare exited $rc: $(cat "$CS_TMP/aa.txt")"
grep -q '^count changed (0)' "$CS_TMP/aa.txt" || fail "A/A: $(cat "$CS_TMP/aa.txt")"
grep -q 'drift: ' "$CS_TMP/aa.txt" && fail "a count comparison has a drift reference"

# +1 % on one cell (its total and every class): exit 1 naming exactly it
python3 - "$a2" "$CS_TMP/b.json" <<'PY' || fail "edit"
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    if (c["lib"], c["alg"], c["op"], c["size"]) == ("nettle", "sha256", "digest", 8192):
        k = c["count"]
        k["insns"] = round(k["insns"] * 1.01)
        k["insns_per_op"] = k["insns"] / k["ops"]
        k["insns_per_byte"] = k["insns_per_op"] / c["size"]
        for n in k["classes"]:
            k["classes"][n] = round(k["classes"][n] * 1.01)
            k["classes_per_op"][n] = k["classes"][n] / k["ops"]
json.dump(d, open(sys.argv[2], "w"))
PY
"$CS" compare "$a1" "$CS_TMP/b.json" >"$CS_TMP/ab.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "+1 % compare exited $rc (want 1): $(cat "$CS_TMP/ab.txt")"
grep -q '^count changed (1):' "$CS_TMP/ab.txt" || fail "+1 %: $(cat "$CS_TMP/ab.txt")"
found=$(sed -n '/^count changed/,/^$/p' "$CS_TMP/ab.txt" | grep '^  ')
echo "$found" | grep -Eq '^  nettle/nettle +sha256 digest 8192 +insns/op .*\(\+1\.00%\)' ||
	fail "the finding does not name nettle/nettle sha256 digest 8192: $found"
# below the threshold: no finding
"$CS" compare "$a1" "$CS_TMP/b.json" --count-threshold 2 >/dev/null 2>&1 ||
	fail "a 1 % change under --count-threshold 2 is a finding"
"$CS" compare "$a1" "$CS_TMP/b.json" --format json >"$CS_TMP/ab.json"
python3 - "$CS_TMP/ab.json" <<'PY' || fail "compare --format json on counts"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["status"] == 1 and r["counts"]["count"] == 1, r["counts"]
changed = [c["label"] + " " + c["what"] for c in r["cells"] if c.get("count", {}).get("changed")]
assert changed == ["nettle/nettle sha256 digest 8192"], changed
PY

# the other formats and history on counts
"$CS" compare "$a1" "$CS_TMP/b.json" --format junit >"$CS_TMP/ab.xml"
grep -q '<failure type="count" message="count changed: insns/op' "$CS_TMP/ab.xml" ||
	fail "JUnit: no count failure"
[ "$(grep -c '<failure' "$CS_TMP/ab.xml")" -eq 1 ] || fail "JUnit: not exactly one failure"
"$CS" compare "$a1" "$CS_TMP/b.json" --format markdown >"$CS_TMP/ab.md"
grep -q '^#### Count changed (1)' "$CS_TMP/ab.md" || fail "Markdown: no count section"
"$CS" report "$a1" --format gbench >"$CS_TMP/gb.json" || fail "report --format gbench"
python3 - "$CS_TMP/gb.json" <<'PY' || fail "gbench has no instructions counter"
import json, sys
b = json.load(open(sys.argv[1]))["benchmarks"]
k = [e for e in b if e["name"].startswith("nettle/nettle/sha256/digest/8192")]
assert k and k[0]["instructions"] > 0 and "instructions_scalar" in k[0], k
PY
python3 - "$CS_TMP/b.json" "$CS_TMP/later.json" <<'PY' || fail "edit"
import json, sys
d = json.load(open(sys.argv[1]))
d["started"] = "2099-01-01T00:00:00Z"
json.dump(d, open(sys.argv[2], "w"))
PY
"$CS" history "$a1" "$CS_TMP/later.json" >"$CS_TMP/hist.txt" 2>"$CS_TMP/err" ||
	fail "history on counts: $(cat "$CS_TMP/err")"
grep -q '^nettle/nettle sha256 digest 8192 count (insns/op)$' "$CS_TMP/hist.txt" ||
	fail "history: the changed count is not a change point: $(head -20 "$CS_TMP/hist.txt")"
n=$(grep -o '[0-9]* with a change point' "$CS_TMP/hist.txt" | cut -d' ' -f1)
[ "$n" = 1 ] || fail "history: $n cells with a change point (want 1)"

# a class gone to zero: hw class lost
python3 - "$a2" "$CS_TMP/c.json" <<'PY' || fail "edit"
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cells"]:
    if (c["lib"], c["alg"], c["op"], c["size"]) == ("nettle", "aes-128-gcm", "seal", 8192):
        k = c["count"]
        k["classes"]["scalar"] += k["classes"].pop("aes-ni")
        k["classes_per_op"].pop("aes-ni")
        k["classes_per_op"]["scalar"] = k["classes"]["scalar"] / k["ops"]
json.dump(d, open(sys.argv[2], "w"))
PY
"$CS" compare "$a1" "$CS_TMP/c.json" >"$CS_TMP/ac.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "class lost: compare exited $rc: $(cat "$CS_TMP/ac.txt")"
sed -n '/^hw class lost/,/^$/p' "$CS_TMP/ac.txt" | grep -q '^  nettle/nettle .*aes-128-gcm seal 8192' ||
	fail "class lost not named: $(cat "$CS_TMP/ac.txt")"

# same run: a copy of nettle's cells as another build, one of them +1 %
python3 - "$a1" "$CS_TMP/b.json" "$CS_TMP/same.json" <<'PY' || fail "edit"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
extra = [dict(c, lib="nettle@planted") for c in b["cells"] if c["lib"] == "nettle"]
a["cells"] += extra
a["libraries"].append({"name": "nettle@planted"})
json.dump(a, open(sys.argv[3], "w"))
PY
"$CS" compare "$CS_TMP/same.json" --base nettle --new nettle@planted >"$CS_TMP/same.txt" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "same-run compare exited $rc: $(cat "$CS_TMP/same.txt")"
n=$(sed -n '/^count changed/,/^$/p' "$CS_TMP/same.txt" | grep -c '^  ')
[ "$n" -eq 1 ] || fail "same run: $n cells changed (want 1): $(cat "$CS_TMP/same.txt")"
"$CS" compare "$CS_TMP/same.json" --base nettle --new nettle >/dev/null 2>&1 ||
	fail "same-run A/A on counts is not exit 0"
echo "ok: A/A exit 0; +1 % on one cell exit 1 naming it; class lost; same run; report, history, BMF"
