# One result file, every format: report re-reads it.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
"$CS" run --quick --lib noop --alg sha256,x25519 --sizes 16,64 --no-evidence -o "$d/r.json" \
	>/dev/null || fail "run exited $?"
"$CS" report "$d/r.json" --format csv >"$d/r.csv" || fail "csv"
[ "$(wc -l <"$d/r.csv")" -eq 5 ] || fail "csv: want header + 4 cells, got $(wc -l <"$d/r.csv")"
head -1 "$d/r.csv" | grep -q "^lib,lib_version,path" || fail "csv header"
"$CS" report "$d/r.json" --format openssl >"$d/r.ossl" || fail "openssl"
grep -q "1000s of bytes per second" "$d/r.ossl" || fail "openssl: no header"
# one line per row: label, then a rate in thousands of bytes per second per size
grep -Eq "^noop/noop sha256 digest +[0-9.]+k +[0-9.]+k$" "$d/r.ossl" || fail "openssl: row layout"
grep -Eq "^noop/noop x25519 derive +[0-9.]+$" "$d/r.ossl" || fail "openssl: op/s layout"
"$CS" report "$d/r.json" --format text | grep -q "^sha256 digest" || fail "text"
"$CS" report "$d/r.json" --format json >"$d/again.json" || fail "json"
"$CHECK" "$d/again.json" --others ok || fail "json round trip"
echo '{"schema":"other"}' >"$d/bad.json"
"$CS" report "$d/bad.json" 2>/dev/null; [ $? -eq 2 ] || fail "a foreign file is not exit 2"
echo ok
