# The AT_HWCAP2 mask on 32-bit ARM (core/worker/hwcap.c): qemu's "max" CPU
# has the crypto extension in AArch32, and OpenSSL's armcap reads it from
# getauxval(AT_HWCAP2). Unmasked (--cpu armv8-a32) OpenSSL's SHA-256 and
# AES-GCM run armv8-sha2 / armv8-aes / pmull; masked (armv8-a32-nocrypto,
# the mask --board rpi2 uses) no cell of any library runs one, and none is
# flagged as a fault.
. "$(dirname "$0")/lib.sh"
need_qemu qemu-arm
need_armhf
# shellcheck disable=SC2054 # the commas are the options' lists
sel=(--lib openssl,nettle,wolfssl,mbedtls,sodium --alg aes-128-gcm,sha256 --sizes 1024
	--worker-dir "$CS_ARMHF_BIN")
for cpu in armv8-a32 armv8-a32-nocrypto; do
	"$CS" run --count --cpu $cpu "${sel[@]}" -o "$CS_TMP/$cpu.json" >"$CS_TMP/$cpu.txt" 2>&1
	rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 4 ] || fail "$cpu run exited $rc: $(tail -3 "$CS_TMP/$cpu.txt")"
done
python3 - "$CS_TMP/armv8-a32.json" "$CS_TMP/armv8-a32-nocrypto.json" <<'PY' || fail "armv8-a32 profiles"
import json, sys
crypto = ("armv8-aes", "armv8-sha1", "armv8-sha2", "armv8-sha512", "pmull")
full, masked = (json.load(open(p)) for p in sys.argv[1:3])
def cls(r, lib, path, alg):
    for c in r["cells"]:
        if (c["lib"], c["path"], c["alg"]) == (lib, path, alg) and "count" in c:
            return c["count"]["classes"]
    raise SystemExit("no count for %s/%s %s" % (lib, path, alg))
assert cls(full, "openssl", "evp", "sha256").get("armv8-sha2", 0) > 0
assert cls(full, "openssl", "evp", "aes-128-gcm").get("armv8-aes", 0) > 0
assert cls(full, "openssl", "evp", "aes-128-gcm").get("pmull", 0) > 0
n = 0
for c in masked["cells"]:
    if c["status"] == "error":
        raise SystemExit("masked: %s/%s %s: %s" % (c["lib"], c["path"], c["alg"], c.get("detail")))
    k = c.get("count")
    if not k:
        continue
    n += 1
    ran = [x for x in crypto if k["classes"].get(x, 0)]
    if ran:
        raise SystemExit("masked: %s/%s %s ran %s" % (c["lib"], c["path"], c["alg"], ran))
assert n >= 10, n
print("ok: OpenSSL runs the crypto extension on armv8-a32, and %d cells none with AT_HWCAP2 masked" % n)
PY
