# run --repeat R: every cell keeps R repetitions, each with its own seed; the
# cell's rate is the median of the repetition medians, its CI within their range.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
d=$(tmpdir)
t0=$(date +%s.%N)
"$CS" run --quick --lib noop --alg sha256,x25519 --sizes 16,64 --no-evidence --repeat 3 \
	--seed 100 -o "$d/r.json" >"$d/out.txt" 2>"$d/err.txt" || fail "run exited $?: $(cat "$d/err.txt")"
t1=$(date +%s.%N)
# elapsed_s is the run's wall time: never more than the wall clock around it
python3 -c 'import json, sys
e = json.load(open(sys.argv[1]))["elapsed_s"]
assert 0 < e <= float(sys.argv[3]) - float(sys.argv[2]), (e, float(sys.argv[3]) - float(sys.argv[2]))
' "$d/r.json" "$t0" "$t1" || fail "--repeat: elapsed_s is more than the wall time"
grep -q "repetition 3 of 3" "$d/err.txt" || fail "no progress line for repetition 3"
python3 - "$d/r.json" <<'PY' || fail "repetitions not folded as documented"
import json, statistics, sys
r = json.load(open(sys.argv[1]))
assert r["config"]["repeat"] == 3 and r["config"]["seeds"] == [100, 101, 102], r["config"]
assert len(r["cells"]) == 4
for c in r["cells"]:
    assert c["status"] == "ok", c
    reps = c["repetitions"]
    assert [x["seed"] for x in reps] == [100, 101, 102]
    rates = [x["rate"] for x in reps]
    assert all(x["status"] == "ok" and x["n_samples"] >= 1 and "samples" not in x for x in reps)
    assert abs(c["rate"]["median"] - statistics.median(rates)) <= 1e-9 * c["rate"]["median"]
    lo, hi = c["rate"]["ci95"]
    assert min(rates) <= lo <= c["rate"]["median"] <= hi <= max(rates), (lo, hi, rates)
    assert c["n_samples"] == sum(x["n_samples"] for x in reps) == len(c["samples"])
    ns = [x["ns_per_op"] for x in reps]
    assert abs(c["ns_per_op"]["median"] - statistics.median(ns)) <= 1e-9 * c["ns_per_op"]["median"]
PY
# a cell that crashes (in every repetition) is crashed, the others ok; exit 4
CRYPTOSPEED_FAULT=crash:sha256 "$CS" run --quick --lib noop --alg sha256,x25519 --sizes 16 \
	--no-evidence --repeat 2 --timeout 2 -o "$d/f.json" >/dev/null 2>&1
rc=$?
[ $rc -eq 4 ] || fail "a crashed cell with --repeat 2: exit $rc, want 4"
python3 - "$d/f.json" <<'PY' || fail "crashed cell not kept as crashed"
import json, sys
r = json.load(open(sys.argv[1]))
st = {c["alg"] + " " + c["op"]: c["status"] for c in r["cells"]}
assert st == {"sha256 digest": "crashed", "x25519 derive": "ok", "x25519 keygen": "ok"}, st
c = next(c for c in r["cells"] if c["alg"] == "sha256")
assert [x["status"] for x in c["repetitions"]] == ["crashed", "crashed"]
PY
for bad in 0 -1 x 1.5; do
	"$CS" run --lib noop --repeat "$bad" >/dev/null 2>"$d/err.txt"
	rc=$?
	[ $rc -eq 2 ] || fail "--repeat $bad: exit $rc, want 2"
	[ "$(wc -l <"$d/err.txt")" -eq 1 ] && grep -q -- "--repeat '$bad'" "$d/err.txt" ||
		fail "--repeat $bad: want one line naming the value: $(cat "$d/err.txt")"
done
echo ok
