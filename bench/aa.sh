#!/usr/bin/env bash
# Calibration of `cryptospeed compare` on this machine (docs/nightly.md):
#  A/A: K pairs of identical runs; per pair, cells flagged slower or faster /
#       cells compared, and compare's exit status (1 = a false alarm, 5 =
#       inconclusive because the reference cell drifted: counted apart);
#  planted: each pair's NEW with every non-reference rate x 0.9 (a 10%
#       slowdown on top of the real run-to-run noise): share of cells caught;
#  A/B: one pair whose NEW runs OpenSSL with AES-NI and PCLMUL masked off
#       (OPENSSL_ia32cap, x86-64 only): compare must exit 1 and list the
#       OpenSSL AES-GCM cells with 'aes-ni+pclmul -> scalar';
#  same run (-s N): N runs of openssl under --mask none,no-aes, each compared
#       with --base openssl --new openssl/no-aes: the cells flagged must be
#       exactly the AES ones, every time.
#
#   bench/aa.sh [-k K] [-r R] [-t PCT] [-s N] [-b BUILD_DIR] [-- run options]
#   defaults: K=5, R=5 (--repeat), PCT=5 (--threshold), N=0, BUILD_DIR=build,
#   run options --lib openssl,nettle,wolfssl,mbedtls
#               --alg aes-128-gcm,sha256,chacha20-poly1305 --sizes 16,8192
# Keeps its files in $AA_DIR (default: a temporary directory, removed).
set -euo pipefail
cd "$(dirname "$0")/.."
K=5 R=5 T=5 S=0 build=build
while getopts "k:r:t:s:b:" o; do
	case $o in
	k) K=$OPTARG ;; r) R=$OPTARG ;; t) T=$OPTARG ;; s) S=$OPTARG ;; b) build=$OPTARG ;;
	*) echo "usage: bench/aa.sh [-k K] [-r R] [-t PCT] [-s N] [-b BUILD_DIR] [-- run options]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--lib openssl,nettle,wolfssl,mbedtls
	--alg aes-128-gcm,sha256,chacha20-poly1305 --sizes 16,8192)
cs=$build/bin/cryptospeed
[ -x "$cs" ] || { echo "build first: make build (or -b BUILD_DIR)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench/aa.sh needs python3" >&2; exit 1; }
if [ -n "${AA_DIR:-}" ]; then work=$AA_DIR; mkdir -p "$work"; else
	work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi

run() { # run OUT [env...]
	local out=$1; shift
	local t0=$SECONDS
	env "$@" "$cs" run "${args[@]}" --repeat "$R" -o "$out" >/dev/null 2>"$out.err" || {
		local rc=$?; [ $rc -eq 4 ] || [ $rc -eq 3 ] || { cat "$out.err" >&2; exit 1; }; }
	echo "  $(basename "$out"): $((SECONDS - t0)) s" >&2
}
compare() { # BASE NEW JSON_OUT -> prints the exit status
	local rc=0
	"$cs" compare "$1" "$2" --threshold "$T" --format json >"$3" || rc=$?
	echo $rc
}
summary() { # compare JSON -> "flagged compared"
	python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["counts"]; n=json.load(open(sys.argv[1]))
print(c["slower"] + c["faster"], sum(1 for x in n["cells"] if x["speed"] != "not compared"))' "$1"
}

echo "A/A: $K pairs, --repeat $R, threshold $T%: ${args[*]}" >&2
flagged=0 compared=0 fails=0 inconclusive=0 caught=0 planted=0
for i in $(seq 1 "$K"); do
	run "$work/a$i.json"
	run "$work/b$i.json"
	rc=$(compare "$work/a$i.json" "$work/b$i.json" "$work/c$i.json")
	read -r f n < <(summary "$work/c$i.json")
	flagged=$((flagged + f)) compared=$((compared + n))
	[ "$rc" -eq 1 ] && fails=$((fails + 1))
	[ "$rc" -eq 5 ] && inconclusive=$((inconclusive + 1))
	drift=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["drift"]; print("%+.1f%%" % ((d["ratio"] - 1) * 100) if d else "none")' "$work/c$i.json")
	echo "pair $i: exit $rc, $f of $n cells flagged, drift $drift"
	# the same pair with a 10% slowdown planted in NEW (reference cells untouched)
	python3 - "$work/b$i.json" "$work/p$i.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
ref = {("noop", "noop"), ("openssl", "evp")}
for c in r["cells"]:
    if c["status"] != "ok" or ((c["lib"], c["path"]) in ref and c["alg"] == "sha256" and c["size"] == 8192):
        continue
    c["rate"]["median"] *= 0.9
    for x in c.get("repetitions", []):
        if "rate" in x:
            x["rate"] *= 0.9
json.dump(r, open(sys.argv[2], "w"))
PY
	compare "$work/a$i.json" "$work/p$i.json" "$work/q$i.json" >/dev/null
	read -r s n2 < <(python3 -c 'import json,sys; n=json.load(open(sys.argv[1]))
ref = {("noop/noop", "sha256 digest 8192"), ("openssl/evp", "sha256 digest 8192")}
print(n["counts"]["slower"], sum(1 for x in n["cells"] if x["speed"] != "not compared" and (x["label"], x["what"]) not in ref))' "$work/q$i.json")
	caught=$((caught + s)) planted=$((planted + n2))
	echo "pair $i planted -10%: $s of $n2 cells caught"
done
pct() { python3 -c "import sys; a,b=int(sys.argv[1]),int(sys.argv[2]); print('%.2f%%' % (100.0*a/b) if b else 'n/a')" "$1" "$2"; }
echo "A/A: $flagged of $compared cells flagged ($(pct "$flagged" "$compared")); pairs exiting 1: $fails of $K; inconclusive (5): $inconclusive of $K"
echo "planted 10% slowdown: $caught of $planted cells caught ($(pct "$caught" "$planted"))"

if [ "$(uname -m)" = x86_64 ]; then
	echo "A/B: NEW with OPENSSL_ia32cap=~0x200000200000000:~0x60000000000 (AES-NI, PCLMUL off)" >&2
	run "$work/ab-a.json"
	run "$work/ab-b.json" "OPENSSL_ia32cap=~0x200000200000000:~0x60000000000"
	rc=0
	"$cs" compare "$work/ab-a.json" "$work/ab-b.json" --threshold "$T" >"$work/ab.txt" || rc=$?
	lost=$(grep -c "^  openssl/.* aes-128-gcm .*aes-ni+pclmul -> scalar" "$work/ab.txt" || true)
	want=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))
print(sum(1 for c in r["cells"] if c["lib"] == "openssl" and c["alg"] == "aes-128-gcm" and c["status"] == "ok"))' "$work/ab-a.json")
	echo "A/B: exit $rc; openssl aes-128-gcm cells listed 'aes-ni+pclmul -> scalar': $lost of $want"
	sed -n '/^slower/,/^faster/p' "$work/ab.txt" | grep -c "openssl/.*aes-128-gcm" |
		sed 's/^/A\/B: openssl aes-128-gcm cells flagged slower: /'
	[ "$rc" -eq 1 ] && [ "$lost" -eq "$want" ] && echo "A/B: caught" || echo "A/B: NOT caught"
fi

# same run: openssl against itself under --mask no-aes, in one interleaved run
exact=0
for i in $(seq 1 "$S"); do
	"$cs" run --lib openssl --mask none,no-aes --alg aes-128-gcm,sha256,chacha20-poly1305 \
		--sizes 16,8192 --repeat "$R" -o "$work/s$i.json" >/dev/null 2>&1 || true
	"$cs" compare "$work/s$i.json" --base openssl --new openssl/no-aes --threshold "$T" \
		--format json >"$work/sc$i.json" || true
	verdict=$(python3 - "$work/sc$i.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
flagged = {(x["label"], x["what"]) for x in c["cells"] if x["speed"] == "slower"}
aes = {(x["label"], x["what"]) for x in c["cells"] if x["what"].startswith("aes-") and x["speed"] != "not compared"}
others = {(x["label"], x["what"]) for x in c["cells"] if x["speed"] == "slower" and not x["what"].startswith("aes-")}
print("exact" if flagged == aes and aes else "%d of %d aes cells flagged, %d others" % (len(flagged & aes), len(aes), len(others)))
PY
)
	[ "$verdict" = exact ] && exact=$((exact + 1))
	echo "same run $i: $verdict"
done
[ "$S" -gt 0 ] && echo "same run: exactly the AES cells flagged in $exact of $S runs"
exit 0
