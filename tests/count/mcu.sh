#!/usr/bin/env bash
# The MCU lane (docs/mcu.md) on one Cortex-M4 board: run --count --board
# nrf52840 (the M4F board whose 256 KiB of RAM hold the worker images;
# stm32f407's 192 KiB do not: mcu_fit.sh) over the bare-metal workers of
# `make cross ARCH=cortex-m4`. Every
# cell passes its known answers first and is ok with instructions, cycles and
# stack; two runs are identical in every counter, cycle, stack and heap
# figure; workers of another architecture are refused before anything runs.
. "$(dirname "$0")/lib.sh"
need_mcu mbedtls
sel=(--board nrf52840 --worker-dir "$CS_MCU_BIN" --lib mbedtls,wolfssl
	--alg sha256,aes-128-gcm,x25519 --sizes 16,1024)
for r in a b; do
	"$CS" run --count "${sel[@]}" -o "$CS_TMP/$r.json" >"$CS_TMP/$r.txt" 2>"$CS_TMP/$r.err" ||
		fail "run $r exited $?: $(cat "$CS_TMP/$r.err")"
done
grep -q '^nrf52840 at 64 MHz: cycles estimated' "$CS_TMP/a.txt" || fail "no cycles table: $(cat "$CS_TMP/a.txt")"
python3 - "$CS_TMP/a.json" "$CS_TMP/b.json" <<'PY' || fail "result files"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["counting"]["profile"] == "cortex-m4f-64mhz", a["counting"]["profile"]
def key(c):
    return (c["lib"], c["path"], c["alg"], c["op"], c["size"])
def cells(r):
    return {key(c): c for c in r["cells"] if c["lib"] != "noop"}
ca, cb = cells(a), cells(b)
assert ca.keys() == cb.keys(), "the two runs have other cells"
libs = {c["lib"].split("@")[0] for c in ca.values()}
assert libs == {"mbedtls", "wolfssl"}, libs
ok = 0
for k, c in ca.items():
    if c["status"] == "unsupported":
        continue
    assert c["status"] == "ok", (k, c["status"], c.get("detail"))
    assert c["kat"] == "pass", (k, c["kat"])
    n = c["count"]
    assert n["insns"] > 0 and n["cycles"] >= n["insns"] // 2, (k, n)
    assert n["stack"] > 0, (k, n)
    for f in ("insns", "mem", "cycles", "stack", "heap", "classes"):
        assert n.get(f) == cb[k]["count"].get(f), (k, f, n.get(f), cb[k]["count"].get(f))
    ok += 1
assert ok >= 20, f"only {ok} ok cells"
print(f"ok: {ok} cells, identical in both runs")
PY
# workers of another architecture: exit 2 before measuring, naming them
if [ -n "$CS_CROSS_BIN" ] && [ -x "$CS_CROSS_BIN/cryptospeed-worker-noop" ]; then
	"$CS" run --count --board nrf52840 --worker-dir "$CS_CROSS_BIN" --lib noop >/dev/null 2>"$CS_TMP/err"
	[ $? -eq 2 ] && grep -q "is built for aarch64" "$CS_TMP/err" ||
		fail "aarch64 workers on an MCU board: $(cat "$CS_TMP/err")"
fi
echo "ok: the MCU lane counts exactly, twice the same"
