# Every library agrees with every other on every common (alg, op, size).
. "$(dirname "$0")/lib.sh"
libs=""
for l in openssl mbedtls wolfssl sodium nettle; do have_worker $l && libs="$libs,$l"; done
libs=${libs#,}
[ -n "$libs" ] || skip "no library workers built"
d=$(tmpdir)
"$CS" run --quick --lib "$libs" --sizes 16,1024 --no-evidence -o "$d/r.json" >"$d/out.txt"
rc=$?
[ $rc -eq 0 ] || { cat "$d/out.txt"; fail "run exited $rc"; }
args=""
for l in ${libs//,/ }; do args="$args --lib $l"; done
# 3: the runner stops an extremely slow op (RSA sign under ASan) at 3 samples
"$CHECK" "$d/r.json" --agree --min-samples 3 $args || fail "libraries disagree"
echo "ok: $libs"
