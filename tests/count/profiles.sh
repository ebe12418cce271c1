# Board profiles on aarch64: with the crypto extension (NanoPi R2S) OpenSSL's
# SHA-256 and AES-GCM run armv8-sha2 / armv8-aes / pmull; without it (Raspberry
# Pi 3: getauxval masked for the worker) no cell of any library runs a single
# armv8 crypto instruction, and none is flagged as a fault. The Raspberry Pi
# 5's Cortex-A76 has AES, PMULL, SHA-1 and SHA-256 but no SHA-512
# instructions: OpenSSL runs the first and not the last.
. "$(dirname "$0")/lib.sh"
need_qemu qemu-aarch64
need_cross
# shellcheck disable=SC2054 # the commas are the options' lists
sel=(--lib openssl,nettle,wolfssl,mbedtls,sodium --alg aes-128-gcm,sha256 --sizes 16,1024
	--worker-dir "$CS_CROSS_BIN")
"$CS" run --count --board nanopi-r2s "${sel[@]}" -o "$CS_TMP/r2s.json" >"$CS_TMP/r2s.txt" 2>&1
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 4 ] || fail "r2s run exited $rc"
"$CS" run --count --board rpi3 "${sel[@]}" -o "$CS_TMP/pi3.json" >"$CS_TMP/pi3.txt" 2>&1
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 4 ] || fail "pi3 run exited $rc"
"$CS" run --count --board rpi5 --lib =openssl --path evp --alg aes-128-gcm,sha256,sha512 \
	--sizes 1024 --worker-dir "$CS_CROSS_BIN" -o "$CS_TMP/pi5.json" >"$CS_TMP/pi5.txt" 2>&1 ||
	fail "pi5 run exited $?: $(tail -3 "$CS_TMP/pi5.txt")"
python3 - "$CS_TMP/pi5.json" <<'PY' || fail "rpi5 profile"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["counting"]["profile"] == "cortex-a76", r["counting"]
k = {c["alg"]: c["count"]["classes"] for c in r["cells"] if c["lib"] == "openssl" and "count" in c}
assert k["sha256"].get("armv8-sha2", 0) > 0, k["sha256"]
assert k["aes-128-gcm"].get("armv8-aes", 0) > 0 and k["aes-128-gcm"].get("pmull", 0) > 0
assert k["sha512"].get("armv8-sha512", 0) == 0, k["sha512"]
print("ok: rpi5 runs armv8-aes, pmull, armv8-sha2 and no armv8-sha512")
PY
python3 - "$CS_TMP/r2s.json" "$CS_TMP/pi3.json" <<'PY' || fail "profiles"
import json, sys
crypto = ("armv8-aes", "armv8-sha1", "armv8-sha2", "armv8-sha512", "pmull")
r2s, pi3 = (json.load(open(p)) for p in sys.argv[1:3])
assert r2s["counting"]["profile"] == "cortex-a53", r2s["counting"]
assert pi3["counting"]["profile"] == "cortex-a53-nocrypto", pi3["counting"]
def cls(r, lib, path, alg, size):
    for c in r["cells"]:
        if (c["lib"], c["path"], c["alg"], c["size"]) == (lib, path, alg, size) and "count" in c:
            return c["count"]["classes"]
    raise SystemExit("no count for %s/%s %s %d" % (lib, path, alg, size))
assert cls(r2s, "openssl", "evp", "sha256", 16).get("armv8-sha2", 0) > 0
assert cls(r2s, "openssl", "evp", "aes-128-gcm", 1024).get("armv8-aes", 0) > 0
assert cls(r2s, "openssl", "evp", "aes-128-gcm", 1024).get("pmull", 0) > 0
n = 0
for c in pi3["cells"]:
    if c["status"] == "error":
        raise SystemExit("pi3: %s/%s %s: %s" % (c["lib"], c["path"], c["alg"], c.get("detail")))
    k = c.get("count")
    if not k:
        continue
    n += 1
    ran = [x for x in crypto if k["classes"].get(x, 0)]
    if ran:
        raise SystemExit("pi3: %s/%s %s %d ran %s" % (c["lib"], c["path"], c["alg"], c["size"], ran))
assert n >= 20, n
print("ok: %d cells on rpi3 without an armv8 crypto instruction" % n)
PY
