#!/usr/bin/env bash
# Planted faults on the MCU lane (docs/mcu.md): the test-only worker of
# make cross ARCH=cortex-m4 (build-cortex-m4/planted/, mcu/planted.c) HardFaults
# in the middle of a counted 1024-byte SHA-256 op and loops forever in a
# 64-byte one. Each of those cells must end on its own, with its status and a
# one-line reason (crashed: the fault; timeout: the loop, killed), the run
# must not hang nor crash, and the cells after them must still run and be ok.
. "$(dirname "$0")/lib.sh"
command -v qemu-system-arm >/dev/null || skip "qemu-system-arm not installed (scripts/deps.sh --arch cortex-m4)"
command -v python3 >/dev/null || skip "no python3"
planted=${CS_MCU_BIN%/}/../planted
ls "$planted"/cryptospeed-worker-mbedtls@*+planted >/dev/null 2>&1 ||
	skip "no planted MCU worker in '$planted' (make cross ARCH=cortex-m4)"
# nrf52840: the board whose RAM holds the worker image (stm32f407's 192 KiB
# does not: mcu_fit.sh)
# --timeout 1: a count request waits 30 s (x10 emulated, x3 for the count)
start=$(date +%s)
timeout 600 "$CS" run --count --board nrf52840 --worker-dir "$planted" --lib mbedtls \
	--alg sha256 --sizes 16,64,1024 --timeout 1 -o "$CS_TMP/r.json" >"$CS_TMP/out" 2>"$CS_TMP/err"
rc=$?
echo "run: exit $rc after $(($(date +%s) - start)) s"
[ $rc -ne 124 ] || fail "the run hung (killed after 600 s): $(tail -5 "$CS_TMP/err")"
[ $rc -ne 0 ] || fail "the run exited 0 with planted faults"
[ $rc -eq 3 ] || [ $rc -eq 4 ] || fail "exit $rc (accepted: 3 or 4, cells failed): $(tail -5 "$CS_TMP/err")"
grep -q 'worker: fault (HardFault) CFSR=0x00010000 .*PC=0x' "$CS_TMP/err" ||
	fail "no fault line (UNDEFINSTR) on stderr: $(tail -5 "$CS_TMP/err")"
python3 - "$CS_TMP/r.json" <<'PY' || fail "result file"
import json, sys
r = json.load(open(sys.argv[1]))
cells = [c for c in r["cells"] if c["alg"] == "sha256"]
want = {16: "ok", 64: "timeout", 1024: "crashed"}
paths = sorted({c["path"] for c in cells})
assert paths == ["legacy", "psa"], paths
seen = 0
for c in cells:
    st, d = c["status"], c.get("detail", "")
    assert st == want[c["size"]], (c["path"], c["size"], st, d)
    if st == "ok":
        assert c["kat"] == "pass" and c["count"]["insns"] > 0, c
    else:
        assert d and "\n" not in d and len(d) < 200, (c["path"], c["size"], d)
        assert ("hung or looped" if st == "timeout" else "MCU fault") in d, d
    seen += 1
assert seen == 6, seen
print("ok: 2 ok, 2 timeout, 2 crashed; the cells after each fault ran")
PY
echo "ok: a planted HardFault and a planted loop each end their cell; the run goes on"
