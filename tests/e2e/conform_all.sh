# Conformance of every library x path x vector file found (CI runs it): the
# failures `cryptospeed conform` reports must be exactly the known findings
# in the expected file (docs/conformance.md explains each), for the
# libraries this build has. A new failure (a library update, an adapter
# change) or a finding that went away fails the test: update the file and the
# doc together. The wall time is printed.
set -u
. "$(dirname "$0")/lib.sh"
EXPECTED=${1:?the expected findings file}
have_worker openssl || skip "needs at least the openssl worker"
d=$(tmpdir)
start=$(date +%s.%N)
"$CS" conform -o "$d/c.json" >"$d/out" 2>"$d/err"
rc=$?
end=$(date +%s.%N)
cat "$d/out"
[ -s "$d/c.json" ] || fail "no result (exit $rc): $(cat "$d/err")"
python3 - "$d/c.json" "$EXPECTED" "$rc" "$CS_BIN" <<'PY' || fail "conformance differs from the known findings"
import json, os, sys
doc = json.load(open(sys.argv[1]))
rows, rc = doc["rows"], int(sys.argv[3])
kinds = ["invalid_accepted", "valid_refused", "wrong_output", "crashed", "errors"]
got = set()
for r in rows:
    for k in kinds:
        if r[k]:
            got.add("%s/%s %s %s %s %s" % (r["lib"], r["path"], r["file"], r["alg"], k,
                                            ",".join(str(i) for i in r[k + "_ids"])))
ran = {r["lib"] for r in rows}
want = set()
for line in open(sys.argv[2]):
    line = line.split("#")[0].strip()
    if line and line.split("/")[0] in ran:
        want.add(" ".join(line.split()))
ok = True
for x in sorted(got - want):
    print("NEW FAILURE (a new library or a change: check it, then add it to "
          "tests/e2e/conform_expected.txt and docs/conformance.md):", x); ok = False
for x in sorted(want - got):
    print("GONE (update the expected file and docs/conformance.md):", x); ok = False
# every library worker found ran something (the harness probe excepted)
for f in os.listdir(sys.argv[4]):
    if f.startswith("cryptospeed-worker-") and "@" not in f and f != "cryptospeed-worker-noop":
        if f[len("cryptospeed-worker-"):] not in ran:
            print("NO ROWS for", f); ok = False
want_rc = 3 if any(r["invalid_accepted"] for r in rows) else 4 if got else 0
if rc != want_rc:
    print("exit status %d, want %d" % (rc, want_rc)); ok = False
print("%d rows, %d known findings, %.1f s of conformance" % (len(rows), len(got), doc["elapsed_s"]))
sys.exit(0 if ok else 1)
PY
echo "wall time: $(echo "$end - $start" | bc) s; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo ok
