#!/usr/bin/env bash
# Loading a large result file (issue 17: a 20,000-cell file in <= 0.5 s).
# Generates a file from a real run's cells (results/measured/*.json, copied
# with distinct library names until there are N cells), each ok cell with
# samples as a normal run writes them (one number per batch, written at
# full precision), then times, best of 5 by CPU seconds (user + sys):
#   report: cryptospeed report FILE --format csv >/dev/null
#   load:   results-load FILE (the loader alone: tests/results_load.c)
# and prints the load average from uptime (the machine is shared: numbers
# are noisy, hence best of 5).
#
#   bench/load.sh [-n CELLS] [-s SAMPLES|run] [-b BUILD_DIR] [-k FILE | -f FILE]
#   defaults: N=20000; SAMPLES=30 per ok cell (a --quick run's count: 21 to
#   36 in tests/fuzz/corpus/results/run.json); "run": each cell's own count
#   from the source run, per repetition (about 450, a default run's; the
#   file is then about 180 MB); BUILD_DIR=build.
#   -k FILE keeps the generated file there (else a temporary file, removed);
#   -f FILE times FILE (made by -k before, or any result file) instead.
set -euo pipefail
cd "$(dirname "$0")/.."
N=20000 S=30 build=build keep='' given=''
while getopts "n:s:b:k:f:" o; do
	case $o in
	n) N=$OPTARG ;; s) S=$OPTARG ;; b) build=$OPTARG ;; k) keep=$OPTARG ;; f) given=$OPTARG ;;
	*) echo "usage: bench/load.sh [-n CELLS] [-s SAMPLES|run] [-b BUILD_DIR] [-k FILE | -f FILE]" >&2; exit 2 ;;
	esac
done
if ! [[ $N =~ ^[0-9]+$ ]] || [ "$N" -lt 1 ]; then echo "bench/load.sh: -n '$N' (accepted: an integer >= 1)" >&2; exit 2; fi
[[ $S =~ ^[0-9]+$ || $S == run ]] || { echo "bench/load.sh: -s '$S' (accepted: an integer >= 0, or run)" >&2; exit 2; }
cs=$build/bin/cryptospeed load=$build/bin/results-load
for x in "$cs" "$load"; do
	[ -x "$x" ] || { echo "build first: make build (or -b BUILD_DIR): $x is missing" >&2; exit 1; }
done
command -v python3 >/dev/null || { echo "bench/load.sh needs python3" >&2; exit 1; }
src=$(find results/measured -name '*.json' | sort | head -n 1)
[ -n "$src" ] || { echo "bench/load.sh: no results/measured/*.json to take cells from" >&2; exit 1; }
if [ -n "$given" ]; then
	[ -z "$keep" ] || { echo "bench/load.sh: -k and -f together (accepted: one of them)" >&2; exit 2; }
	[ -r "$given" ] || { echo "bench/load.sh: -f '$given': cannot read it" >&2; exit 2; }
	file=$given S="(as in $given)"
else
	if [ -n "$keep" ]; then file=$keep; else
		file=$(mktemp --suffix=.json); trap 'rm -f "$file"' EXIT; fi
	python3 - "$src" "$N" "$S" >"$file" <<'PY'
import json, random, sys
src, n, per = sys.argv[1], int(sys.argv[2]), sys.argv[3]
d = json.load(open(src))
rep = d.get("config", {}).get("repeat", 1) or 1
rng = random.Random(1)
cells, copy = [], 0
while len(cells) < n:
    for c in d["cells"]:
        if len(cells) >= n:
            break
        c = json.loads(json.dumps(c))
        if copy:  # a distinct identity: another build of the library
            c["lib"] = "%s+copy%d" % (c["lib"], copy)
        if c["status"] == "ok":
            k = max(10, c.get("n_samples", 10) // rep) if per == "run" else int(per)
            m = c["ns_per_op"]["median"]
            c["samples"] = [m * rng.lognormvariate(0, 0.05) for _ in range(k)]
            c["n_samples"] = k
        cells.append(c)
    copy += 1
d["cells"] = cells
d.setdefault("config", {})["samples_kept"] = True
json.dump(d, sys.stdout)
PY
fi

# best CPU seconds (user + sys) of 5 runs of a command, its output discarded
best() {
	local b='' t _
	for _ in 1 2 3 4 5; do
		t=$( { TIMEFORMAT='%U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.3f", $1 + $2 }')
		if [ -z "$b" ] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b=$t; fi
	done
	echo "$b"
}
"$load" "$file" >/dev/null || { echo "bench/load.sh: the generated file does not load" >&2; exit 1; }
cells=$("$load" "$file" | awk '{ print $1 }')
echo "file: $cells cells, $(( $(stat -c %s "$file") / 1000000 )) MB, samples per ok cell: $S"
echo "load:   $(best "$load" "$file") s CPU (best of 5)"
echo "report: $(best "$cs" report "$file" --format csv) s CPU (best of 5, --format csv)"
echo "uptime: $(uptime)"
