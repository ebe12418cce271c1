# history: a planted 20% step in one cell of twelve nightly files is found at
# the file where it was planted, and nowhere else; files of another host are
# refused with exit 2 naming both.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
d=$(tmpdir)
"$CS" run --quick --lib noop --alg sha256,x25519 --sizes 16,64 --no-evidence -o "$d/r.json" \
	>/dev/null || fail "run exited $?"
# twelve nights: every rate times 1 +- 2% noise (fixed seed); sha256 64 B drops
# 20% from night 7 (index 7) on; files named out of time order on purpose
python3 - "$d" <<'PY' || fail "could not craft the series"
import json, random, sys
d = sys.argv[1]
base = json.load(open(d + "/r.json"))
rng = random.Random(7)
for night in range(12):
    r = json.loads(json.dumps(base))
    r["started"] = "2026-11-%02dT02:00:00Z" % (night + 1)
    for c in r["cells"]:
        if c["status"] != "ok":
            continue
        f = 1 + rng.gauss(0, 0.02)
        if c["alg"] == "sha256" and c["size"] == 64 and night >= 7:
            f *= 0.8
        c["rate"]["median"] *= f
    json.dump(r, open("%s/night-%02d.json" % (d, 11 - night), "w"))
other = json.loads(json.dumps(base))
other["host"]["hostname"] = "elsewhere"
json.dump(other, open(d + "/other.json", "w"))
PY
"$CS" history "$d"/night-*.json --svg "$d/svg" >"$d/h.txt" || fail "history exited $?"
cat "$d/h.txt"
grep -q "^12 result files\|^history of 12 result files" "$d/h.txt" || fail "not 12 files"
grep -q "4 cells, 1 with a change point" "$d/h.txt" || fail "want exactly one changed cell"
grep -A3 "^noop/noop sha256 digest 64 " "$d/h.txt" | grep -q "change at #7 (2026-11-08" ||
	fail "the step is not found at night 7 (2026-11-08)"
grep -A3 "^noop/noop sha256 digest 64 " "$d/h.txt" | grep -Eq "\(-(1[89]|2[01])\.[0-9]%\)" ||
	fail "the step is not about -20%"
[ "$(ls "$d/svg" | wc -l)" -eq 1 ] || fail "want one SVG (the changed cell)"
grep -q "<polyline" "$d"/svg/*sha256*64*.svg || fail "SVG has no series"
# dates on x: the first night, the night of the step, the last night
for day in 2026-11-01 2026-11-08 2026-11-12; do
	grep -q ">$day</text>" "$d"/svg/*sha256*64*.svg || fail "SVG has no date $day on x"
done
python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$d"/svg/*.svg ||
	fail "SVG is not well-formed XML"
"$CS" history "$d"/night-*.json --format json >"$d/h.json" || fail "json exited $?"
python3 - "$d/h.json" <<'PY' || fail "JSON output"
import json, sys
h = json.load(open(sys.argv[1]))
assert h["schema"] == "cryptospeed-history/1"
assert len(h["files"]) == 12 and h["files"][0]["started"] < h["files"][-1]["started"]
changed = [c for c in h["cells"] if c["change_points"]]
assert len(changed) == 1, changed
c = changed[0]
assert (c["alg"], c["size"]) == ("sha256", 64)
assert [p["index"] for p in c["change_points"]] == [7]
assert abs(c["change_points"][0]["change"] + 0.2) < 0.03
assert all(len(c["rates"]) == 12 for c in h["cells"])
PY
"$CS" history "$d"/night-01.json "$d/other.json" >/dev/null 2>"$d/err.txt"
rc=$?
[ $rc -eq 2 ] || fail "different hosts: exit $rc, want 2"
grep -q "night-01.json" "$d/err.txt" && grep -q "other.json" "$d/err.txt" ||
	fail "the message does not name both files: $(cat "$d/err.txt")"
"$CS" history "$d"/night-01.json "$d/other.json" --same-cpu >/dev/null ||
	fail "--same-cpu: another hostname with the same CPU is refused"
python3 - "$d" <<'PY' || fail "could not craft another CPU"
import json, sys
r = json.load(open(sys.argv[1] + "/other.json"))
r["host"]["cpu"]["model"] = "Another CPU"
json.dump(r, open(sys.argv[1] + "/othercpu.json", "w"))
PY
"$CS" history "$d"/night-01.json "$d/othercpu.json" --same-cpu >/dev/null 2>&1
[ $? -eq 2 ] || fail "--same-cpu: another CPU model is not exit 2"
echo '{"schema":"other"}' >"$d/bad.json"
"$CS" history "$d/bad.json" 2>/dev/null; [ $? -eq 2 ] || fail "a foreign file is not exit 2"
"$CS" history "$d"/night-01.json --threshold x 2>/dev/null; [ $? -eq 2 ] || fail "bad threshold"
echo ok
