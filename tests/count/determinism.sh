# Two counting runs of the same selection give identical counts in every
# cell: ARCH is x86-64 (the host's workers under qemu-x86_64), aarch64 (the
# cross build's workers under qemu-aarch64 -cpu cortex-a53) or armhf (the
# armhf build's workers, --board rpi2: qemu-arm -cpu cortex-a7, where no cell
# may run an ARMv8 crypto instruction: the CPU has none). Cells whose op
# draws fresh randomness by design (keygen, sign, a blinded derive) are
# reported as a mean marked exact=false; every other ok cell must be exact.
. "$(dirname "$0")/lib.sh"
arch=${1:?x86-64, aarch64 or armhf}
# shellcheck disable=SC2054 # the commas are the options' lists
sel=(--lib openssl,nettle,wolfssl,mbedtls,sodium --alg aes-128-gcm,sha256,chacha20-poly1305,x25519
	--sizes 16,8192)
case $arch in
x86-64)
	need_qemu qemu-x86_64
	host_guest_ok || skip "ASan/UBSan workers do not run under qemu-user (counted in the plain build)"
	cpu=(--cpu x86-64)
	;;
aarch64) need_qemu qemu-aarch64; need_cross; cpu=(--cpu cortex-a53 --worker-dir "$CS_CROSS_BIN") ;;
armhf) need_qemu qemu-arm; need_armhf; cpu=(--board rpi2 --worker-dir "$CS_ARMHF_BIN") ;;
*) fail "unknown arch $arch" ;;
esac
for i in 1 2; do
	start=$(date +%s.%N)
	"$CS" run --count "${cpu[@]}" "${sel[@]}" -o "$CS_TMP/r$i.json" >"$CS_TMP/r$i.txt" 2>"$CS_TMP/r$i.err"
	rc=$?
	end=$(date +%s.%N)
	# 0, or 4 when a cell is not ok: said below
	[ $rc -eq 0 ] || [ $rc -eq 4 ] || fail "run $i exited $rc: $(tail -3 "$CS_TMP/r$i.err")"
	echo "run $i: $(python3 -c "print(round($end - $start, 1))") s, load $(cut -d' ' -f1-3 /proc/loadavg)"
done
counts "$CS_TMP/r1.json" >"$CS_TMP/c1"
counts "$CS_TMP/r2.json" >"$CS_TMP/c2"
n=$(wc -l <"$CS_TMP/c1")
ok=$(grep -c ' ok {' "$CS_TMP/c1")
[ "$ok" -ge 40 ] || fail "only $ok of $n cells counted: $(grep -v ' ok {' "$CS_TMP/c1" | grep -v unsupported | head -5)"
# every cell that is not ok is unsupported: a count not stable within its
# process (error) fails the test too
for c in "$CS_TMP/c1" "$CS_TMP/c2"; do
	bad=$(grep -v ' ok {' "$c" | grep -v ' unsupported ')
	[ -z "$bad" ] || fail "cells neither ok nor unsupported: $bad"
done
inexact=$(grep -c '"exact": false' "$CS_TMP/c1")
grep '"exact": false' "$CS_TMP/c1" | grep -Ev ' (keygen|sign|derive) ' &&
	fail "an op that must be exact is not"
# Identical, cell by cell and counter by counter (instructions, memory
# accesses, every class), but the means of random-by-design cells
python3 - "$CS_TMP/r1.json" "$CS_TMP/r2.json" <<'PY' || fail "two counting runs differ"
import json, sys
runs = [json.load(open(p)) for p in sys.argv[1:3]]
def key(c):
    return (c["lib"], c["path"], c["alg"], c["op"], c["size"])
a, b = ({key(c): c.get("count") for c in r["cells"]} for r in runs)
same = 0
bad = []
for k in sorted(set(a) | set(b)):
    x, y = a.get(k), b.get(k)
    if x is None and y is None:
        continue
    if x is None or y is None:
        bad.append("%s: counted in one run only" % " ".join(map(str, k)))
    elif not x["exact"] or not y["exact"]:
        continue
    elif x == y:
        same += 1
    else:
        bad.append("%s: %d vs %d instructions, %d vs %d memory accesses, classes %s vs %s"
                   % (" ".join(map(str, k)), x["insns"], y["insns"], x["mem"], y["mem"],
                      x["classes"], y["classes"]))
for l in bad:
    print("differs:", l)
print("identical: %d exact cells, %d differ" % (same, len(bad)))
sys.exit(1 if bad else 0)
PY
if [ "$arch" = armhf ]; then
	# a Cortex-A7 has no ARMv8 crypto instruction: none ran, none was flagged
	python3 - "$CS_TMP/r1.json" <<'PY' || fail "rpi2"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["counting"]["profile"] == "cortex-a7", r["counting"]
crypto = ("armv8-aes", "armv8-sha1", "armv8-sha2", "armv8-sha512", "pmull")
n = 0
for c in r["cells"]:
    k = c.get("count")
    if not k:
        continue
    n += 1
    ran = [x for x in crypto if k["classes"].get(x, 0)]
    if ran:
        raise SystemExit("rpi2: %s/%s %s %d ran %s" % (c["lib"], c["path"], c["alg"], c["size"], ran))
print("ok: %d cells on rpi2 without an armv8 crypto instruction" % n)
PY
fi
echo "ok: $arch ($n cells, $inexact random by design)"
