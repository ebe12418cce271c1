#!/usr/bin/env bash
# report --view mcu (issue 31): an MCU board's counting run as one table per
# library build (cycles/op, cycles/B, us/op at the board's clock, stack,
# heap) and a verdict line per question, in text, markdown, csv and html;
# json refuses (exit 2). The file is a real run (docs/data/mcu-stm32f407.json,
# docs/mcu.md). Checked against the file itself: every verdict names the
# build with the fewest cycles per op at the largest size of its question,
# every CSV row's cycles/op is the count's cycles / ops, names from the file
# are escaped per language, and a timed file beside it is named as left out.
. "$(dirname "$0")/lib.sh"
src=${1:?source dir}
f=$src/docs/data/mcu-stm32f407.json
t=$CS_TMP
command -v python3 >/dev/null || skip "no python3"
for fmt in text markdown csv html; do
	"$CS" report "$f" --view mcu --format "$fmt" >"$t/v.$fmt" || fail "--format $fmt exited $?"
done
"$CS" report "$f" --view mcu --format json >/dev/null 2>"$t/err"
rc=$?
[ $rc -eq 2 ] || fail "--view mcu --format json: exit $rc, not 2"
grep -q "not available" "$t/err" || fail "json refusal says: $(cat "$t/err")"
python3 - "$f" "$t" <<'PY' || fail "the view disagrees with the file"
import csv, json, re, sys
f, t = sys.argv[1], sys.argv[2]
cells = json.load(open(f))["cells"]
def label(c):
    return c["lib"] + "/" + c["path"]
def cpo(c):
    return c["count"]["cycles"] / c["count"]["ops"]
rows = list(csv.DictReader(open(t + "/v.csv")))
assert len(rows) == len(cells), (len(rows), len(cells))
for r, c in zip(rows, cells):
    assert r["lib/path"] == label(c) and r["alg"] == c["alg"], (r, c)
    if c["status"] == "ok":
        got = float(r["cycles/op"])
        assert abs(got - cpo(c)) <= max(0.5, 0.001 * cpo(c)), (r, cpo(c))
        assert int(r["stack B"]) == c["count"]["stack"], r
        assert int(r["heap B"]) == c["count"].get("heap", 0), r
        us = float(r["us/op"])
        assert abs(us - cpo(c) / 168) <= 0.01 * us + 0.01, (us, cpo(c) / 168)
text = open(t + "/v.text").read()
verdicts = re.findall(r"^On STM32F407-class Cortex-M4F at 168 MHz: (\S+) (\S+)(?: (\d+) B)?: "
                      r"fastest of (\d+) builds?: (\S+),", text, re.M)
questions = {(c["alg"], c["op"]) for c in cells if c["status"] == "ok"}
assert len(verdicts) == len(questions), (len(verdicts), questions)
for alg, op, size, n, best in verdicts:
    same = [c for c in cells if c["alg"] == alg and c["op"] == op and c["status"] == "ok"]
    big = max(c["size"] for c in same)
    at = [c for c in same if c["size"] == big]
    assert int(size or 0) == big, (alg, op, size, big)
    assert int(n) == len(at), (alg, op, n, len(at))
    want = min(at, key=cpo)
    assert best == label(want), (alg, op, best, label(want))
print("ok: %d rows, %d verdicts" % (len(rows), len(verdicts)))
PY
# names from the file, escaped per language
python3 - "$f" "$t/evil.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for c in r["cells"]:
    if c["lib"].startswith("wolfssl@5.9.2+cortexm"):
        c["lib"] = "<img src=x onerror=alert(1)>|=cmd"
for l in r["libraries"]:
    if l["name"].startswith("wolfssl@5.9.2+cortexm"):
        l["name"] = "<img src=x onerror=alert(1)>|=cmd"
        l["worker"] = "cryptospeed-worker-evil"
json.dump(r, open(sys.argv[2], "w"))
PY
"$CS" report "$t/evil.json" --view mcu --format html >"$t/e.html" || fail "html of a hostile name exited $?"
grep -q "<img" "$t/e.html" && fail "a raw <img reached the html"
grep -q "&lt;img" "$t/e.html" || fail "the hostile name is not in the html, escaped"
"$CS" report "$t/evil.json" --view mcu --format markdown >"$t/e.md" || fail "markdown exited $?"
grep -q '\\|=cmd' "$t/e.md" || fail "markdown did not escape '|'"
"$CS" report "$t/evil.json" --view mcu --format csv >"$t/e.csv" || fail "csv exited $?"
# a timed file beside it: named as left out, never a row
"$CS" report "$f" "$src/tests/data/lava-qemu-a57.json" --view mcu >"$t/mixed" || fail "mixed exited $?"
grep -q "^Not an MCU board's counting run, left out: " "$t/mixed" || fail "the timed file is not named as left out"
echo "ok"
