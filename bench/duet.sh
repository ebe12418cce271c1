#!/usr/bin/env bash
# The wall-time duet's power (docs/nightly.md): N same-run comparisons of a
# library build against a planted build of it that is slower on one
# primitive. Each run measures both builds in one interleaved run with
# --repeat R; compare --base/--new then flags cells (the margin sign rule on
# the paired ratios). Prints the load, per run and in all the share of the
# planted primitive's cells flagged slower and the share of the other cells
# flagged (either way), and a last line PASS or FAIL against the acceptance
# thresholds: planted cells flagged in >= 95 %, others in <= 1 % (exit 0 on
# PASS, 1 on FAIL or when a run fails).
#
#   bench/duet.sh [-n N] [-r R] [-t PCT] [-b BUILD_DIR] BASE NEW ALG [-- run options]
#   e.g. bench/duet.sh -b build-duet nettle@3.10.2+default nettle@3.10.2+slow10 sha256
#   defaults: N=10, R=5, PCT=5 (--threshold), BUILD_DIR=build; run options
#   --alg sha256,sha512,aes-128-gcm,chacha20-poly1305 --sizes 16,1024,8192
# The build directory must have both workers (CRYPTOSPEED_<LIB>_ROOTS with
# both prefixes from scripts/libs.sh prefix).
set -euo pipefail
cd "$(dirname "$0")/.."
N=10 R=5 T=5 build=build
usage="usage: bench/duet.sh [-n N] [-r R] [-t PCT] [-b BUILD_DIR] BASE NEW ALG [-- run options]"
while getopts "n:r:t:b:" o; do
	case $o in
	n) N=$OPTARG ;; r) R=$OPTARG ;; t) T=$OPTARG ;; b) build=$OPTARG ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { echo "$usage" >&2; exit 2; }
base=$1 new=$2 alg=$3
shift 3
[ "${1:-}" = -- ] && shift
args=("$@")
# shellcheck disable=SC2054 # the commas are in option values
[ ${#args[@]} -eq 0 ] && args=(--alg sha256,sha512,aes-128-gcm,chacha20-poly1305 --sizes 16,1024,8192)
cs=$build/bin/cryptospeed
[ -x "$cs" ] || { echo "build first (or -b BUILD_DIR)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench/duet.sh needs python3" >&2; exit 1; }
# DUET_DIR keeps the run and compare files (default: a temporary directory, removed)
if [ -n "${DUET_DIR:-}" ]; then
	work=$DUET_DIR
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi
echo "duet: $base vs $new, $N runs, --repeat $R, threshold $T%, planted in $alg; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
tot_hit=0 tot_planted=0 tot_other=0 tot_others=0
for i in $(seq 1 "$N"); do
	t0=$SECONDS rc=0
	"$cs" run --lib "$base,$new" "${args[@]}" --repeat "$R" -o "$work/r$i.json" >/dev/null 2>"$work/r$i.err" || rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 3 ] || { cat "$work/r$i.err" >&2; exit 1; }
	"$cs" compare "$work/r$i.json" --base "$base" --new "$new" --threshold "$T" --format json >"$work/c$i.json" || true
	read -r hit planted other others < <(python3 - "$work/c$i.json" "$alg" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
alg = sys.argv[2]
cells = [x for x in c["cells"] if x["speed"] != "not compared"]
mine = [x for x in cells if x["what"].split()[0] == alg]
rest = [x for x in cells if x["what"].split()[0] != alg]
print(sum(1 for x in mine if x["speed"] == "slower"), len(mine),
      sum(1 for x in rest if x["speed"] in ("slower", "faster")), len(rest))
PY
)
	echo "run $i: $alg cells flagged slower $hit of $planted; other cells flagged $other of $others; $((SECONDS - t0)) s; load $(cut -d' ' -f1 /proc/loadavg)"
	# the cells that went the wrong way: their paired ratios (NEW / BASE per repetition)
	python3 - "$work/r$i.json" "$work/c$i.json" "$alg" "$base" "$new" <<'PY'
import json, sys
run, cmp, alg, base, new = sys.argv[1:]
rows = {}
for x in json.load(open(run))["cells"]:
    if x["lib"] in (base, new) and x.get("status") == "ok":
        key = "%s %s %s" % (x["alg"], x["op"], x["size"])
        rows.setdefault((x["path"], key), {})[x["lib"]] = [r.get("rate") for r in x.get("repetitions", [])]
for x in json.load(open(cmp))["cells"]:
    planted = x["what"].split()[0] == alg
    wrong = (x["speed"] != "slower") if planted else x["speed"] in ("slower", "faster")
    pair = rows.get((x["label"].split(" ")[0], x["what"]), {})
    if wrong and base in pair and new in pair:
        r = " ".join("%.3f" % (n / b) for b, n in zip(pair[base], pair[new]) if b and n)
        print("  %s %s: %s, paired ratios %s" % (x["label"], x["what"], x["speed"], r))
PY
	tot_hit=$((tot_hit + hit)) tot_planted=$((tot_planted + planted))
	tot_other=$((tot_other + other)) tot_others=$((tot_others + others))
done
pct() { python3 -c "import sys; a,b=int(sys.argv[1]),int(sys.argv[2]); print('%.1f%%' % (100.0*a/b) if b else 'n/a')" "$1" "$2"; }
echo "all: $alg cells flagged $tot_hit of $tot_planted ($(pct "$tot_hit" "$tot_planted")); other cells flagged $tot_other of $tot_others ($(pct "$tot_other" "$tot_others")); $SECONDS s; load: $(cut -d' ' -f1-3 /proc/loadavg)"
# the acceptance: planted >= 95 %, others <= 1 % (integers: 100 a >= 95 b)
if [ "$tot_planted" -gt 0 ] && [ $((100 * tot_hit)) -ge $((95 * tot_planted)) ] &&
	[ $((100 * tot_other)) -le "$tot_others" ]; then
	echo "PASS: $alg cells flagged in $(pct "$tot_hit" "$tot_planted") (>= 95 %), others in $(pct "$tot_other" "$tot_others") (<= 1 %), $N runs at --repeat $R"
else
	echo "FAIL: $alg cells flagged in $(pct "$tot_hit" "$tot_planted") (needs >= 95 %), others in $(pct "$tot_other" "$tot_others") (needs <= 1 %), $N runs at --repeat $R"
	exit 1
fi
