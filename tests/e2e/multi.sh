# Honest --multi N: the N workers run through common wall-clock windows, and
# each x N sample is a window's length over all the operations its workers
# completed in it (checked here from the result file's per-window numbers).
# With more workers than CPUs a warning says so, the result file records it,
# and the aggregate cannot pass what the CPUs do: on 2 CPUs, x8 is at most
# 2.5 times the single worker's rate of the same run (a wide margin over 2).
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "no python3 to check the windows"
command -v taskset >/dev/null || skip "no taskset to choose the CPUs"
d=$(tmpdir)
lib=noop size=64
have_worker nettle && lib=nettle size=8192
[ "$(nproc)" -ge 2 ] || skip "one CPU: nothing runs in parallel"
cpus=0,1 n_cpus=2

# the windows add up, N <= CPUs: pinned
taskset -c $cpus "$CS" run --quick --lib =$lib --alg sha256 --sizes $size --no-evidence \
	--multi $n_cpus -o "$d/pinned.json" >"$d/pinned.txt" 2>"$d/pinned.err" || fail "exited $?"
grep -q "warning" "$d/pinned.err" && fail "a warning with N <= CPUs: $(cat "$d/pinned.err")"
# N > CPUs: shared, with a warning naming both
taskset -c $cpus "$CS" run --quick --lib =$lib --alg sha256 --sizes $size --no-evidence \
	--multi 8 -o "$d/shared.json" >"$d/shared.txt" 2>"$d/shared.err" || fail "exited $?"
cat "$d/shared.txt" "$d/shared.err"
grep -qF "cryptospeed: warning: --multi 8 is more than the $n_cpus CPUs this process may use" \
	"$d/shared.err" || fail "no warning"

python3 - "$d/pinned.json" "$d/shared.json" "$n_cpus" <<'PY' || fail "result files"
import json, sys

def check(path, n, shared, cpus):
    r = json.load(open(path))
    cfg = r["config"]
    assert cfg["multi"] == n and cfg["multi_cpus_allowed"] == cpus, cfg
    assert cfg["multi_shared"] is shared, cfg
    group = [l for l in r["libraries"] if "pinned_cpu" in l]
    assert len(group) == (0 if shared else n), f"{len(group)} pinned workers"
    if not shared:
        assert sorted(l["pinned_cpu"] for l in group) == list(range(n)), group
    single = [c for c in r["cells"] if "multi" not in c]
    multi = [c for c in r["cells"] if c.get("multi") == n]
    assert len(single) == 1 and len(multi) == 1, "one single and one xN cell"
    s, m = single[0], multi[0]
    assert s["status"] == "ok" and m["status"] == "ok", (s["status"], m["status"])
    wins = m["multi_windows"]
    assert len(wins) == m["n_samples"] == len(m["samples"]) >= 10, len(wins)
    scale = m["size"] * 1e9 if m["op"] != "keygen" and m["size"] else 1e9
    total_ns, per_worker = 0.0, [0] * n
    for i, w in enumerate(wins):
        assert len(w["ops"]) == n and all(o >= 0 for o in w["ops"]) and sum(w["ops"]) > 0, w
        assert w["ns"] >= 20e6, w  # a window is at least 20 ms
        # the sample is the window over all the ops counted in it
        want = w["ns"] / sum(w["ops"])
        assert abs(m["samples"][i] - want) <= 1e-9 * want, (i, m["samples"][i], want)
        total_ns += w["ns"]
        per_worker = [a + b for a, b in zip(per_worker, w["ops"])]
    rates = m["multi_worker_rates"]
    assert len(rates) == n
    for k in range(n):
        want = per_worker[k] / total_ns * scale
        assert abs(rates[k] - want) <= 1e-6 * want + 1e-9, (k, rates[k], want)
    ratio = m["rate"]["median"] / s["rate"]["median"]
    print(f"{path}: x{n} / single = {ratio:.2f} ({len(wins)} windows)")
    return ratio

check(sys.argv[1], int(sys.argv[3]), False, int(sys.argv[3]))
ratio = check(sys.argv[2], 8, True, int(sys.argv[3]))
assert ratio <= 2.5, f"x8 is {ratio:.2f} times the single rate"
PY
echo ok
