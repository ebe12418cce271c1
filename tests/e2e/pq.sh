# ML-KEM-768 and ML-DSA-65 (docs/post-quantum.md) in every built worker whose
# library has them: OpenSSL 3.5 or later, libsodium 1.0.22 or later (ML-KEM),
# wolfSSL 5.8 or later built with ML-DSA. Debian 12's own libraries have
# neither, so without such a root worker (scripts/libs.sh) this skips.
#  - each worker's known answers pass (seeds, m, rnd, implicit rejection, the
#    flipped ciphertext and signature), none fails;
#  - one run over them: every cell ok, the decaps secrets agree (one
#    fingerprint) and each library's ML-DSA signature verifies in the others.
set -u
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
# a worker without them says so of its own version (never another release's)
if [ -x "$CS_BIN/cryptospeed-worker-mbedtls" ]; then
	v=$("$CS_BIN/cryptospeed-worker-mbedtls" --list | sed -n 's/.*unsupported: mbedTLS \([0-9.]*\) has no ML-KEM.*/\1/p' | head -n1)
	[ -n "$v" ] || fail "mbedtls: no 'mbedTLS VERSION has no ML-KEM' reason"
	h=$(cat /usr/include/mbedtls/version.h /usr/include/mbedtls/build_info.h 2>/dev/null |
		sed -n 's/^#define MBEDTLS_VERSION_STRING *"\(.*\)"/\1/p' | head -n1)
	[ -z "$h" ] || [ "$h" = "$v" ] || fail "mbedtls: the ML-KEM reason names $v, the library is $h"
fi
libs=()
for w in "$CS_BIN"/cryptospeed-worker-*@*; do
	[ -x "$w" ] || continue
	name=${w##*/cryptospeed-worker-}
	version=${name#*@}
	version=${version%%+*}
	IFS=. read -r major minor patch <<<"$version"
	case ${name%%@*} in
	openssl) [ "${major:-0}" -gt 3 ] || { [ "${major:-0}" -eq 3 ] && [ "${minor:-0}" -ge 5 ]; } ;;
	sodium) [ "${major:-0}" -ge 1 ] && [ "${minor:-0}" -ge 0 ] && [ "${patch:-0}" -ge 22 ] ;;
	wolfssl) [ "${major:-0}" -gt 5 ] || { [ "${major:-0}" -eq 5 ] && [ "${minor:-0}" -ge 8 ]; } ;;
	*) false ;;
	esac || continue
	libs+=("$name")
done
[ ${#libs[@]} -gt 0 ] || skip "no worker of a library with ML-KEM or ML-DSA (build openssl@3.5.7, sodium@1.0.22 or wolfssl@5.9.2+pq with scripts/libs.sh and configure with them as roots: docs/post-quantum.md)"

for name in "${libs[@]}"; do
	for alg in ml-kem-768 ml-dsa-65; do
		out=$("$CS_BIN/cryptospeed-worker-$name" --kat --alg "$alg" 2>&1)
		rc=$?
		[ $rc -eq 0 ] || [ $rc -eq 77 ] || fail "$name --kat --alg $alg: exit $rc: $out"
		! grep -q '^FAIL' <<<"$out" || fail "$name $alg: $out"
		echo "$out" | grep '^PASS' || true
	done
	# what each library has must pass: ML-KEM everywhere here, ML-DSA but in libsodium
	for op in keygen encaps decaps; do
		"$CS_BIN/cryptospeed-worker-$name" --kat --alg ml-kem-768 | grep -q "^PASS .* ml-kem-768 $op: pass" ||
			fail "$name: ml-kem-768 $op did not pass"
	done
	case $name in sodium@*) continue ;; esac
	for op in keygen sign verify; do
		"$CS_BIN/cryptospeed-worker-$name" --kat --alg ml-dsa-65 | grep -q "^PASS .* ml-dsa-65 $op: pass" ||
			fail "$name: ml-dsa-65 $op did not pass"
	done
done

sel=$(IFS=,; echo "${libs[*]/#/=}")
"$CS" run --lib "$sel" --alg ml-kem-768,ml-dsa-65 --quick --no-evidence -o "$d/r.json" >"$d/out" 2>"$d/err"
rc=$?
[ $rc -eq 0 ] || fail "run exit $rc: $(cat "$d/err")"
python3 - "$d/r.json" "${#libs[@]}" <<'PY' || exit 1
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
n_libs = int(sys.argv[2])
problems = []
ran = [c for c in cells if c["status"] != "unsupported"]
for c in ran:
    if c["status"] != "ok":
        problems.append("%s/%s %s %s: %s %s" % (c["lib"], c["path"], c["alg"], c["op"], c["status"], c.get("detail", "")))
dec = [c for c in ran if c["alg"] == "ml-kem-768" and c["op"] == "decaps"]
if len(dec) != n_libs:
    problems.append("expected %d decaps cells, got %d" % (n_libs, len(dec)))
if len(set(c.get("fingerprint") for c in dec)) != 1:
    problems.append("decaps secrets disagree: %s" % [(c["lib"], c.get("fingerprint")) for c in dec])
signs = [c for c in ran if c["alg"] == "ml-dsa-65" and c["op"] == "sign"]
for c in signs:
    i = c.get("interop", {})
    if len(signs) > 1 and (not i.get("all_verify") or i.get("rejected_by")):
        problems.append("%s/%s ml-dsa-65 sign interop: %s" % (c["lib"], c["path"], i))
if problems:
    print("FAIL:", "\n".join(problems))
    sys.exit(1)
print("ok: %d cells over %d libraries, decaps agree, ML-DSA signatures verify across %d" % (len(ran), n_libs, len(signs)))
PY
echo "ok: ${libs[*]}"
