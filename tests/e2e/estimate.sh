# report --view estimate (docs/estimates.md) on two small counting files of
# OpenSSL on aarch64 (tests/data/count-nanopi-r2s.json: Cortex-A53 with the
# crypto extension; count-rpi3.json: without it): every cycles/op is the
# cost table's arithmetic on the file's exact counts; a table imported with
# them gets estimate/table per row and the nearest counting run; bad input
# exits 2 with one line.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
d=$(tmpdir)
r2s=$root/tests/data/count-nanopi-r2s.json
# counting files with per-block counts (the pipeline model's input)
a53=$root/docs/data/estimate/a53.json
pi3=$root/docs/data/estimate/rpi3.json
costs=$root/data/costs

"$CS" report "$r2s" --view estimate >"$d/r2s.txt" 2>"$d/err" || fail "estimate exited $?: $(cat "$d/err")"
[ -s "$d/err" ] && fail "estimate wrote to stderr: $(cat "$d/err")"
grep -q "^estimate from counts: cortex-a53 (.*NanoPi R2S.*), core cortex-a53 at 1296 MHz" "$d/r2s.txt" ||
	fail "no header: $(head -2 "$d/r2s.txt")"
grep -q "^An estimate from counts, not a measurement" "$d/r2s.txt" || fail "not labelled an estimate"

# the class table (the labelled fallback column "class c/B"): every byte-op
# row's value is the table's arithmetic on the file's exact counts; these
# files name no per-block counts, so no row has a model estimate
python3 - "$r2s" "$costs/cortex-a53.tsv" "$d/r2s.txt" <<'EOF' || fail "class table arithmetic"
import json, sys
doc = json.load(open(sys.argv[1]))
cost = {}
for line in open(sys.argv[2]):
    if line.strip() and not line.startswith("#"):
        k, v, _ = line.rstrip("\n").split("\t", 2)
        cost[k] = float(v)
rows = [l.split() for l in open(sys.argv[3])]
seen = 0
for c in doc["cells"]:
    if c["lib"] == "noop" or "count" not in c or c["size"] <= 0:
        continue
    k = c["count"]
    cyc = (sum(n * cost[name] for name, n in k["classes"].items()) +
           k["mem"] * cost.get("memory-access", 0)) / k["ops"]
    label = c["lib"] + "/" + c["path"]
    got = [r for r in rows if len(r) > 9 and r[0] == label and r[1] == c["alg"]
           and r[2] == c["op"] and r[3] == str(c["size"])]
    assert got, ("no row", label, c["alg"], c["size"])
    assert got[0][9] == "%.2f" % (cyc / c["size"]), (label, c["alg"], got[0][9], cyc / c["size"])
    assert "no estimate: the counting file names no per-block counts" in " ".join(got[0]), got[0]
    seen += 1
assert seen >= 2, seen
print("ok: %d rows" % seen)
EOF

# a table imported beside both counting runs: per row both estimates, the
# ratio to the table, the nearest; --board sets one clock for both
cat >"$d/board.txt" <<'EOF'
OpenSSL 3.0.0 7 sep 2021
The 'numbers' are in 1000s of bytes per second processed.
type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes
aes-128-gcm      35875.57k    47015.41k    51967.57k    53470.27k    53924.73k    53995.97k
EOF
"$CS" import openssl-speed "$d/board.txt" -o "$d/board.json" --machine "test board" >/dev/null 2>&1 ||
	fail "import"
"$CS" report "$a53" "$pi3" "$d/board.json" --view estimate --board nanopi-r2s >"$d/cmp.txt" 2>"$d/err" ||
	fail "estimate with a table exited $?: $(cat "$d/err")"
[ -s "$d/err" ] && fail "estimate with a table wrote to stderr: $(cat "$d/err")"
grep -q "^clock: 1296 MHz for every estimate (--board nanopi-r2s)" "$d/cmp.txt" || fail "no clock line"
grep -q "core cortex-a53 at 1296 MHz (.*rpi3.json)" "$d/cmp.txt" || fail "rpi3 not at --board's clock"
row=$(grep -E "^aes-128-gcm +seal +8192 " "$d/cmp.txt") || fail "no aes-128-gcm 8192 row: $(cat "$d/cmp.txt")"
python3 - "$row" <<'EOF' || fail "comparison row: $row"
import sys
f = sys.argv[1].split()
table, crypto, rc, plain, rp, nearest = float(f[3]), float(f[4]), f[5], float(f[6]), f[7], f[8]
assert abs(table - 53.92473) < 0.01, table
assert abs(crypto / table - float(rc.rstrip("x"))) < 0.01 * crypto / table, (crypto, rc)
assert abs(plain / table - float(rp.rstrip("x"))) < 0.01 * plain / table, (plain, rp)
# 54 MB/s is far from the crypto extension's estimate and near the plain one
want = "cortex-a53-nocrypto" if abs(plain / table - 1) < abs(crypto / table - 1) else "cortex-a53"
assert nearest == want and crypto > 4 * plain, (nearest, crypto, plain)
print("ok:", " ".join(f))
EOF

# the path: at the largest size, the table is far from the crypto
# extension's estimate and nearest the plain one, outside the window of
# the nearest run's core (cortex-a53.pipe.tsv's error 1.08, rounded up to
# 1.10x)
grep -Eq "^path: aes-128-gcm seal at 16384 B \(54 MB/s\) is nearest to cortex-a53-nocrypto \(0\.[0-9]+x\); cortex-a53 [0-9.]+x; off by more than 1.10x$" "$d/cmp.txt" ||
	fail "path line: $(grep '^path' "$d/cmp.txt")"
# the window is the core's: the same table against the Cortex-A57 runs
# (error 1.11: 1.15x); a table without an error record gets 1.25x
"$CS" report "$root/docs/data/estimate/a57.json" "$root/docs/data/estimate/a57-nocrypto.json" "$d/board.json" \
	--view estimate --board jetson-nano >"$d/a57.txt" 2>"$d/err" || fail "a57 comparison exited $?: $(cat "$d/err")"
grep -Eq "^path: aes-128-gcm seal .* off by more than 1.15x$" "$d/a57.txt" ||
	fail "a57 path line: $(grep '^path' "$d/a57.txt")"
mkdir -p "$d/noerror"
cp "$costs"/cortex-a53.tsv "$d/noerror/"
grep -v '^error' "$costs/cortex-a53.pipe.tsv" >"$d/noerror/cortex-a53.pipe.tsv"
CRYPTOSPEED_COSTS_DIR="$d/noerror" "$CS" report "$a53" "$pi3" "$d/board.json" --view estimate --board nanopi-r2s >"$d/noerr.txt" 2>"$d/err" ||
	fail "comparison without an error record exited $?: $(cat "$d/err")"
grep -Eq "^path: aes-128-gcm seal .* off by more than 1.25x$" "$d/noerr.txt" ||
	fail "no error record: $(grep '^path' "$d/noerr.txt")"

# bad input: one line, exit 2
bad() { # want-pattern command...
	local want=$1
	shift
	"$@" >"$d/out" 2>"$d/err"
	local rc=$?
	[ $rc -eq 2 ] || fail "$*: exit $rc, want 2"
	[ "$(wc -l <"$d/err")" -eq 1 ] || fail "$*: not one line: $(cat "$d/err")"
	grep -q "$want" "$d/err" || fail "$*: $(cat "$d/err")"
}
bad "unknown board 'pi9' (known: " "$CS" report "$r2s" --view estimate --board pi9
bad "none of the 1 file has counts" "$CS" report "$d/board.json" --view estimate
bad "profile 'x86-64', which is no board" "$CS" report "$root/tests/data/count-x86-64.json" --view estimate
bad "needs --view estimate" "$CS" report "$r2s" --board rpi3
bad "not on --board nanopi-r2s's core cortex-a53" "$CS" report "$root/docs/data/estimate/a72.json" --view estimate --board nanopi-r2s
mkdir -p "$d/nocosts"
bad "no cost table for core 'cortex-a53'" env CRYPTOSPEED_COSTS_DIR="$d/nocosts" "$CS" report "$r2s" --view estimate
printf 'scalar\t0.5\n' >"$d/nocosts/cortex-a53.tsv"
bad "cortex-a53.tsv line 1: want 'class<TAB>cycles<TAB>source'" env CRYPTOSPEED_COSTS_DIR="$d/nocosts" "$CS" report "$r2s" --view estimate
# the cost table under hostile edits (issue 28): each is refused with the
# file, the line and the value, or (a class the counts need and the table
# lacks) said on each cell it concerns
t=$d/edit
mkdir -p "$t"
a53tsv=$costs/cortex-a53.tsv
printf '\xef\xbb\xbf' >"$t/cortex-a53.tsv" && cat "$a53tsv" >>"$t/cortex-a53.tsv"
bad "cortex-a53.tsv line 1: starts with a UTF-8 byte-order mark" env CRYPTOSPEED_COSTS_DIR="$t" "$CS" report "$r2s" --view estimate
sed 's/$/\r/' "$a53tsv" >"$t/cortex-a53.tsv"
bad "cortex-a53.tsv line 1: a carriage return (a CRLF line end); accepted: LF line ends only" env CRYPTOSPEED_COSTS_DIR="$t" "$CS" report "$r2s" --view estimate
grep -v '^memory-access' "$a53tsv" >"$t/cortex-a53.tsv"
bad "cortex-a53.tsv: no 'memory-access' row" env CRYPTOSPEED_COSTS_DIR="$t" "$CS" report "$r2s" --view estimate
line=$(grep -n '^neon	' "$a53tsv" | cut -d: -f1)
sed 's/^neon\t[0-9.]*\t/neon\t0\t/' "$a53tsv" >"$t/cortex-a53.tsv"
bad "cortex-a53.tsv line $line: cycles '0' of 'neon' (want a number above 0, at most 1000)" env CRYPTOSPEED_COSTS_DIR="$t" "$CS" report "$r2s" --view estimate
sed 's/^neon\t[0-9.]*\t/neon\t-2\t/' "$a53tsv" >"$t/cortex-a53.tsv"
bad "cortex-a53.tsv line $line: cycles '-2' of 'neon'" env CRYPTOSPEED_COSTS_DIR="$t" "$CS" report "$r2s" --view estimate
# every value zero: the first class row names it
awk -F'\t' 'BEGIN { OFS = "\t" } /^#/ || !NF { print; next } { $2 = 0; print }' "$a53tsv" >"$t/cortex-a53.tsv"
bad "cortex-a53.tsv line [0-9]*: cycles '0' of 'scalar'" env CRYPTOSPEED_COSTS_DIR="$t" "$CS" report "$r2s" --view estimate
# no armv8-sha2 row: the sha256 cell says so, the others keep their class c/B
grep -v '^armv8-sha2' "$a53tsv" >"$t/cortex-a53.tsv"
CRYPTOSPEED_COSTS_DIR="$t" "$CS" report "$r2s" --view estimate >"$d/nosha.txt" 2>"$d/err" ||
	fail "estimate without an armv8-sha2 row exited $?: $(cat "$d/err")"
grep -E "^openssl/.* sha256 +digest +8192 .* - +.*\(class c/B: no cost for class 'armv8-sha2' in cortex-a53.tsv\)$" "$d/nosha.txt" >/dev/null ||
	fail "the sha256 row does not say its class has no cost: $(grep sha256 "$d/nosha.txt")"
[ "$(grep -c "no cost for class" "$d/nosha.txt")" -eq 1 ] || fail "other rows lost their class c/B: $(cat "$d/nosha.txt")"
CRYPTOSPEED_COSTS_DIR="$t" "$CS" report "$r2s" --view estimate --format csv >"$d/nosha.csv" 2>"$d/err" ||
	fail "csv estimate without an armv8-sha2 row exited $?: $(cat "$d/err")"
grep -q "^openssl,.*,sha256,.*class c/B: no cost for class 'armv8-sha2' in cortex-a53.tsv" "$d/nosha.csv" ||
	fail "the csv note does not say it: $(grep sha256 "$d/nosha.csv")"
# a profile of no board without --board (the issue's acceptance: report
# a72.json --view estimate --format csv): the issue's columns, cycles per op
# and per byte on every counted row, no MB/s and no clock without one
"$CS" report "$root/docs/data/estimate/a72.json" --view estimate --format csv >"$d/a72.csv" 2>"$d/err" ||
	fail "a72 csv exited $?: $(cat "$d/err")"
python3 - "$d/a72.csv" <<'EOF' || fail "a72 csv"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
want = "lib,path,alg,op,size,profile,core,model,cycles_per_op,cycles_per_byte,mb_s,clock_mhz"
assert ",".join(open(sys.argv[1]).readline().strip().split(",")[:12]) == want
assert len(rows) >= 20, len(rows)
for r in rows:
    assert r["core"] == "cortex-a72" and r["model"] == "cortex-a72.pipe.tsv v1", r
    assert float(r["cycles_per_op"]) > 0 and float(r["cycles_per_byte"]) > 0, r
    assert abs(float(r["cycles_per_byte"]) - float(r["cycles_per_op"]) / int(r["size"])) < 0.006, r
    assert r["mb_s"] == "" and r["clock_mhz"] == "", r
print("ok: %d rows" % len(rows))
EOF
"$CS" report "$root/docs/data/estimate/a72.json" --view estimate --board rpi4 --format csv >"$d/a72b.csv" ||
	fail "a72 csv --board rpi4"
grep -Eq '^openssl,evp,aes-128-gcm,seal,8192,cortex-a72,cortex-a72,cortex-a72.pipe.tsv v1,[0-9]+,[0-9.]+,[0-9.]+,1500,' "$d/a72b.csv" ||
	fail "a72 csv at rpi4's clock: $(grep 'aes-128-gcm,seal,8192' "$d/a72b.csv")"
echo "ok: estimate rows, the comparison with a table, bad input"

# docs/estimates.md's comparisons are what its commands print from docs/data
cd "$root" || fail "cd $root"
for b in nanopi-r2s rpi3; do
	"$CS" report docs/data/estimate-nanopi-r2s.json docs/data/estimate-rpi3.json \
		"docs/data/estimate-table-$b.json" --view estimate --board "$b" |
		awk '/^against (NanoPi|Raspberry)/ { on = 1 } /^(against Intel|An estimate)/ { on = 0 } on && NF' \
			>"$d/doc-$b.txt"
	[ "$(wc -l <"$d/doc-$b.txt")" -gt 10 ] || fail "$b: no comparison printed"
	while IFS= read -r line; do
		grep -qxF -- "$line" docs/estimates.md || fail "docs/estimates.md lacks the $b line: $line"
	done <"$d/doc-$b.txt"
done
echo "ok: docs/estimates.md's comparisons are its commands' output"
