# report TIMED COUNTED: the timed file's hw column comes from the exact class
# counts of the same cells (every class that ran, with its share) when the
# counting run's CPU is the timed host's (same architecture, no feature the
# emulated CPU lacks); otherwise it stays the sampled one.
. "$(dirname "$0")/lib.sh"
need_qemu qemu-x86_64
host_guest_ok || skip "ASan/UBSan workers do not run under qemu-user"
# shellcheck disable=SC2054 # the commas are the options' lists
sel=(--lib nettle --alg aes-128-gcm --sizes 16)
"$CS" run --count "${sel[@]}" -o "$CS_TMP/counted.json" >/dev/null 2>&1 || fail "count run exited $?"
"$CS" run --quick "${sel[@]}" -o "$CS_TMP/timed.json" >/dev/null 2>&1 || fail "timed run exited $?"
# the same host as qemu's 'max' CPU sees it, and one with SHA-NI
python3 - "$CS_TMP" <<'PY'
import json, sys
d = sys.argv[1]
r = json.load(open(d + "/timed.json"))
r["host"]["cpu"]["arch"] = "x86_64"
r["host"]["cpu"]["features"] = "sse2 ssse3 sse4_1 aes pclmul avx avx2 bmi2 adx vaes"
json.dump(r, open(d + "/plain.json", "w"))
r["host"]["cpu"]["features"] += " sha_ni"
json.dump(r, open(d + "/shani.json", "w"))
PY
row() { "$CS" report "$@" | awk '/^aes-128-gcm seal/ { s = 1 } s && /^nettle\/nettle/ { print; exit }'; }
got=$(row "$CS_TMP/plain.json" "$CS_TMP/counted.json")
echo "$got" | grep -Eq 'aes-ni [0-9.]+%\+pclmul [0-9.]+%' || fail "hw not from the counts: '$got'"
got=$(row "$CS_TMP/shani.json" "$CS_TMP/counted.json")
echo "$got" | grep -Eq '(aes-ni|pclmul) [0-9.]+%' && fail "hw from counts of another CPU (the timed host has SHA-NI): '$got'"
got=$(row "$CS_TMP/plain.json")
echo "$got" | grep -Eq '(aes-ni|pclmul) [0-9.]+%' && fail "hw with a share without a counting file: '$got'"
echo "ok: hw from exact counts"
