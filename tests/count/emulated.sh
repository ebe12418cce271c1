# A timed run under an emulating launcher is marked in the result file (the
# "emulation" object: emulated, launcher, emulator, emulated_cpu), the loader
# reads it back (report), and a native run has none.
. "$(dirname "$0")/lib.sh"
need_qemu qemu-x86_64
host_guest_ok || skip "ASan/UBSan workers do not run under qemu-user"
# shellcheck disable=SC2054 # the commas are the options' lists
sel=(--lib noop --alg sha256 --sizes 16 --quick --no-evidence)
"$CS" run --launcher "qemu-x86_64 -cpu max" "${sel[@]}" -o "$CS_TMP/emu.json" >/dev/null 2>&1 ||
	fail "emulated run exited $?"
"$CS" run "${sel[@]}" -o "$CS_TMP/native.json" >/dev/null 2>&1 || fail "native run exited $?"
python3 - "$CS_TMP/emu.json" "$CS_TMP/native.json" <<'PY' || fail "emulation object"
import json, sys
emu, native = (json.load(open(p)) for p in sys.argv[1:3])
e = emu.get("emulation")
assert e == {"emulated": True, "launcher": "qemu-x86_64 -cpu max", "emulator": "qemu-x86_64",
             "emulated_cpu": "max"}, e
assert "emulation" not in native, native.get("emulation")
PY
# the loader accepts it (and refuses a malformed one)
"$CS" report "$CS_TMP/emu.json" >/dev/null || fail "report refused the emulated file"
python3 - "$CS_TMP/emu.json" "$CS_TMP/bad.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["emulation"]["emulated"] = "yes"
json.dump(r, open(sys.argv[2], "w"))
PY
"$CS" report "$CS_TMP/bad.json" >/dev/null 2>"$CS_TMP/err" && fail "report accepted emulated: \"yes\""
grep -q "emulation" "$CS_TMP/err" || fail "the refusal does not name the object: $(cat "$CS_TMP/err")"
echo "ok: emulated timed run marked"
