# OpenSSL providers and engines as rows (docs/providers.md):
#  - a provider's rows are served by that provider (served_by asks OpenSSL),
#    and the bridge provider cryptospeed-nettle computes what everyone computes;
#  - a provider that does not load stops the run (exit 2) with one line
#    quoting OpenSSL;
#  - an engine that cannot start here leaves its cells unsupported, with the
#    engine's reason, and the run goes on (exit 0).
. "$(dirname "$0")/lib.sh"
have_worker openssl || skip "no OpenSSL worker built"
have_worker nettle || skip "no Nettle worker built"
[ -e "$CS_BIN/cryptospeed-nettle.so" ] ||
	skip "no bridge provider built (cryptospeed-nettle.so needs nettle-dev and a shared build)"
d=$(tmpdir)

# 1. default and the bridge, side by side with Nettle itself
"$CS" run --lib openssl,nettle --openssl-provider default,cryptospeed-nettle \
	--alg sha256,aes-128-gcm --sizes 16,8192 --quick -o "$d/r.json" >"$d/out.txt" 2>"$d/err.txt" ||
	fail "run exited $? ($(cat "$d/err.txt"))"
cat "$d/out.txt"
for row in 'nettle/nettle' 'openssl/fetch\[default\]' 'openssl/fetch\[cryptospeed-nettle\]'; do
	grep -q "^$row " "$d/out.txt" || fail "no row $row"
	grep "^$row " "$d/out.txt" | grep -q "n/a" && fail "row $row has a cell that did not run"
done
"$CHECK" "$d/r.json" --agree --min-samples 10 --lib nettle --lib openssl \
	--served-by default=provider=default \
	--served-by cryptospeed-nettle=provider=cryptospeed-nettle || fail "result file"
grep -q '"variant_info": "provider cryptospeed-nettle: cryptospeed Nettle bridge' "$d/r.json" ||
	fail "the bridge worker does not report the provider it loaded"

# 1b. the generic spelling: --variant openssl:NAME is --openssl-provider NAME
"$CS" run --lib =openssl --variant openssl:default --path evp --alg sha256 --sizes 16 --quick \
	--no-evidence >"$d/v.out" 2>"$d/v.err" || fail "--variant openssl:default exited $? ($(cat "$d/v.err"))"
grep -q '^openssl/evp\[default\] ' "$d/v.out" || fail "--variant openssl:default: no row openssl/evp[default]"

# 2. a provider that does not exist: exit 2, one line, OpenSSL's reason
"$CS" run --lib =openssl --openssl-provider nosuchprov --alg sha256 --sizes 16 --quick \
	>"$d/bad.out" 2>"$d/bad.err"
rc=$?
cat "$d/bad.err"
[ $rc -eq 2 ] || fail "an unloadable provider: exit $rc, expected 2"
[ "$(wc -l <"$d/bad.err")" -eq 1 ] || fail "an unloadable provider: not one line on stderr"
grep -q "nosuchprov" "$d/bad.err" && grep -q "error:[0-9A-F]*:" "$d/bad.err" ||
	fail "the message does not name the provider and quote OpenSSL's error"

# 3. afalg needs AF_ALG sockets: where it cannot start, its cells are unsupported
if ! CRYPTOSPEED_OPENSSL_ENGINE=afalg "$CS_BIN/cryptospeed-worker-openssl" --list \
	>"$d/afalg.list" 2>&1; then
	# parts 1 and 2 passed; part 3 did not run: a skip saying so, not a pass
	skip "no afalg engine in this OpenSSL ($(tail -1 "$d/afalg.list")): providers checked, the engine part not run"
fi
"$CS" run --lib =openssl --openssl-engine afalg --alg sha256,aes-128-cbc --sizes 16 --quick \
	--no-evidence -o "$d/e.json" >"$d/e.out" 2>"$d/e.err" || fail "afalg run exited $? ($(cat "$d/e.err"))"
cat "$d/e.out"
grep -q '^openssl/evp\[engine=afalg\] ' "$d/e.out" || fail "no row openssl/evp[engine=afalg]"
if grep -q "cannot start here" "$d/afalg.list"; then
	"$CHECK" "$d/e.json" --others unsupported || fail "afalg cannot start, yet a cell is not unsupported"
	grep -q '"detail": "engine afalg cannot start here: error:' "$d/e.json" ||
		fail "the unsupported cells do not quote the engine's error"
else
	echo "note: afalg starts on this machine: its cells ran"
fi
echo ok
