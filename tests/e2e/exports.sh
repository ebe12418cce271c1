# report --format bmf and --format gbench, checked against their owners'
# documented shapes: Bencher's BMF JSON schema, and Google Benchmark JSON read
# the way its tools/compare.py reads it (same fields, same partitioning).
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
d=$(tmpdir)
"$CS" run --quick --lib noop --alg sha256,x25519 --sizes 16,8192 --no-evidence -o "$d/r.json" \
	>/dev/null || fail "run exited $?"
# the same cells with five repetitions each (as run --repeat 5 writes them)
python3 - "$d" <<'PY' || fail "could not craft repetitions"
import json, sys
d = sys.argv[1]
r = json.load(open(d + "/r.json"))
for c in r["cells"]:
    if c["status"] == "ok":
        m = c["ns_per_op"]["median"]
        c["repetitions"] = [{"seed": s, "status": "ok", "ns_per_op": m * f,
                             "rate": 1e9 / (m * f), "n_samples": 10}
                            for s, f in enumerate([1.0, 1.02, 0.98, 1.01, 0.99])]
json.dump(r, open(d + "/rep.json", "w"))
PY
for f in r rep; do
	"$CS" report "$d/$f.json" --format bmf >"$d/$f.bmf" || fail "bmf exited $?"
	"$CS" report "$d/$f.json" --format gbench >"$d/$f.gb" || fail "gbench exited $?"
done
python3 - "$d" <<'PY' || fail "BMF does not follow Bencher's documented shape"
import json, sys
d = sys.argv[1]
r = json.load(open(d + "/r.json"))
# Bencher's BMF schema (bencher.dev/docs/reference/bencher-metric-format): an object
# of benchmark names -> object of measures -> {value (required), lower_value, upper_value}
schema = {"type": "object", "patternProperties": {".+": {"type": "object", "patternProperties": {
    ".+": {"type": "object", "properties": {"value": {"type": "number"},
           "lower_value": {"type": "number"}, "upper_value": {"type": "number"}},
           "required": ["value"]}}}}}
for f in ("r.bmf", "rep.bmf"):
    bmf = json.load(open(d + "/" + f))
    try:
        import jsonschema
        jsonschema.validate(bmf, schema)
    except ImportError:
        pass
    ok = [c for c in r["cells"] if c["status"] == "ok"]
    assert len(bmf) == len(ok) == 4, (len(bmf), len(ok))
    for name, measures in bmf.items():
        assert 0 < len(name) <= 1024
        assert set(measures) >= {"latency", "throughput"}, measures
        for slug, m in measures.items():
            assert len(slug) <= 64 and isinstance(m["value"], (int, float))
            assert m["lower_value"] <= m["value"] <= m["upper_value"], (name, slug, m)
        # throughput (op/s) and latency (ns) describe the same median
        t, l = measures["throughput"]["value"], measures["latency"]["value"]
        assert abs(t * l / 1e9 - 1) < 1e-9, (t, l)
    c = next(c for c in ok if c["size"] == 8192)
    key = "noop/noop %s %s 8192" % (c["alg"], c["op"])
    assert abs(bmf[key]["mb-per-second"]["value"] - c["rate"]["median"] / 1e6) < 1e-6 * c["rate"]["median"]
PY
python3 - "$d" <<'PY' || fail "gbench is not readable the way compare.py reads it"
import json, sys
d = sys.argv[1]
# what tools/gbench/report.py uses: benchmarks[].name, time_unit, real_time,
# cpu_time (is_potentially_comparable_benchmark), run_type, aggregate_name;
# partition by name keeping the first entry's time_unit; change = (new-old)/|old|
def partition(j1, j2):
    names = []
    for b in j1["benchmarks"]:
        if b["name"] not in names:
            names.append(b["name"])
    out = []
    for n in names:
        first = next((b for b in j1["benchmarks"] if b["name"] == n and
                      all(k in b for k in ("time_unit", "real_time", "cpu_time"))), None)
        if first is None:
            continue
        lhs = [b for b in j1["benchmarks"] if b["name"] == n and b["time_unit"] == first["time_unit"]]
        rhs = [b for b in j2["benchmarks"] if b["name"] == n and b["time_unit"] == first["time_unit"]]
        if rhs:
            out.append((lhs, rhs))
    return out
one = json.load(open(d + "/r.gb"))
rep = json.load(open(d + "/rep.gb"))
for j in (one, rep):
    ctx = j["context"]
    for k in ("date", "host_name", "executable", "num_cpus", "library_build_type"):
        assert k in ctx, k
    for b in j["benchmarks"]:
        assert b["time_unit"] == "ns" and b["real_time"] > 0 and b["cpu_time"] > 0
        assert b["run_type"] in ("iteration", "aggregate")
        assert isinstance(b["iterations"], int) and b["iterations"] >= 1
        assert b["threads"] == 1 and "run_name" in b and "repetitions" in b
        if b["run_type"] == "iteration" or b["aggregate_name"] in ("mean", "median"):
            assert b["items_per_second"] > 0
            assert abs(b["items_per_second"] * b["real_time"] - 1e9) < 1e-3
assert len(one["benchmarks"]) == 4 and all(b["repetitions"] == 1 for b in one["benchmarks"])
assert not any(b["run_type"] == "aggregate" for b in one["benchmarks"])
sized = [b for b in one["benchmarks"] if b["name"].endswith("/8192")]
assert sized and all(abs(b["bytes_per_second"] / b["items_per_second"] - 8192) < 1e-6 for b in sized)
# 4 cells x (5 repetitions + mean, median, stddev, cv)
assert len(rep["benchmarks"]) == 4 * 9, len(rep["benchmarks"])
for p in partition(one, rep):
    lhs, rhs = p
    assert len(lhs) == 1 and len(rhs) == 5, (lhs[0]["name"], len(rhs))
    for a, b in zip(lhs, rhs):
        change = (b["real_time"] - a["real_time"]) / abs(a["real_time"])
        assert abs(change) < 0.05, change
aggs = [b for b in rep["benchmarks"] if b["run_type"] == "aggregate"]
assert sorted({b["aggregate_name"] for b in aggs}) == ["cv", "mean", "median", "stddev"]
for b in aggs:
    base = b["name"].rsplit("_", 1)[0]
    assert b["run_name"] == base and b["repetitions"] == 5
    reps = [x["real_time"] for x in rep["benchmarks"] if x["name"] == base]
    if b["aggregate_name"] == "median":
        assert abs(b["real_time"] - sorted(reps)[2]) < 1e-9 * reps[0]
    if b["aggregate_name"] == "cv":
        assert b["aggregate_unit"] == "percentage" and 0 < b["real_time"] < 0.05
PY
echo ok
