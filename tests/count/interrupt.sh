# SIGINT in a counting run (a worker is started per counted cell): exit 130,
# the file marked interrupted, the cells not counted say "interrupted before
# it was measured", never a worker that "could not be restarted" nor a
# garbage hello it never sent.
. "$(dirname "$0")/lib.sh"
need_qemu qemu-x86_64
host_guest_ok || skip "sanitized workers do not run under qemu-user"
[ "$(uname -m)" = x86_64 ] || skip "the x86-64 profile counts this host's workers"
"$CS" run --count --lib noop --alg sha256,sha512,sha1,aes-128-gcm,chacha20-poly1305 \
	--sizes 16,64,256,1024 -o "$CS_TMP/r.json" >"$CS_TMP/out" 2>"$CS_TMP/err" &
pid=$!
sleep 4
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "SIGINT in a counting run: exit $rc, want 130: $(tail -3 "$CS_TMP/err")"
python3 - "$CS_TMP/r.json" <<'PY' || fail "SIGINT in a counting run: the file"
import json, sys
d = json.load(open(sys.argv[1]))
assert d.get("interrupted") is True, "not marked interrupted"
for c in d["cells"]:
    det = c.get("detail", "")
    assert "restarted" not in det and "garbage" not in det and "hello" not in det, (c["alg"], det)
    if c["status"] != "ok":
        assert c["status"] == "error" and "interrupted" in det, (c["alg"], c["status"], det)
for l in d["libraries"]:
    assert "garbage" not in l.get("error", ""), l
PY
echo ok
