#!/usr/bin/env bash
# The Cortex-M7 table (data/costs/mcu/cortex-m7.tsv, docs/mcu.md): --board
# stm32h7 estimates with it, dual issue included. The same image counted on
# nrf52840 (the M4 table) and on stm32h7 must give the same instructions per
# cell; the M7 estimate is below the M4's (two issue slots, one-cycle loads)
# and never below half the instructions (at most two per cycle).
. "$(dirname "$0")/lib.sh"
need_mcu wolfssl
sel=(--worker-dir "$CS_MCU_BIN" --lib wolfssl --alg sha256,chacha20-poly1305 --sizes 1024)
for b in nrf52840 stm32h7; do
	"$CS" run --count --board "$b" "${sel[@]}" -o "$CS_TMP/$b.json" >"$CS_TMP/$b.txt" 2>"$CS_TMP/$b.err" ||
		fail "run on $b exited $?: $(cat "$CS_TMP/$b.err")"
done
grep -q '^stm32h7 at 480 MHz: cycles estimated from the counts (data/costs/mcu/cortex-m7.tsv' \
	"$CS_TMP/stm32h7.txt" || fail "stm32h7 does not use the M7 table: $(grep estimated "$CS_TMP/stm32h7.txt")"
python3 - "$CS_TMP/nrf52840.json" "$CS_TMP/stm32h7.json" <<'PY' || fail "result files"
import json, sys
m4, m7 = (json.load(open(p)) for p in sys.argv[1:3])
def cells(r):
    return {(c["lib"], c["path"], c["alg"], c["op"], c["size"]): c["count"]
            for c in r["cells"] if c["status"] == "ok"}
a, b = cells(m4), cells(m7)
# a row per wolfSSL build and cell: 3 with the one build .ci/run makes
assert a.keys() == b.keys() and len(a) >= 3, (sorted(a), sorted(b))
for k in a:
    assert a[k]["insns"] == b[k]["insns"], (k, a[k]["insns"], b[k]["insns"])
    n, c4, c7 = b[k]["insns"], a[k]["cycles"], b[k]["cycles"]
    assert (n + 1) // 2 <= c7 < c4, (k, n, c4, c7)
    print("%s %s %s %s: %d insns, M4 %d cycles, M7 %d (%.2f of M4, %.2f insns/cycle)"
          % (k[0], k[2], k[3], k[4], n, c4, c7, c7 / c4, n / c7))
PY
echo "ok: stm32h7 counts the same instructions, estimated with the M7 table"
