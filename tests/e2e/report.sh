# One result file, every format: report re-reads it.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
"$CS" run --quick --lib noop --alg sha256,x25519 --sizes 16,64 --no-evidence -o "$d/r.json" \
	>/dev/null || fail "run exited $?"
"$CS" report "$d/r.json" --format csv >"$d/r.csv" || fail "csv"
[ "$(wc -l <"$d/r.csv")" -eq 5 ] || fail "csv: want header + 4 cells, got $(wc -l <"$d/r.csv")"
head -1 "$d/r.csv" | grep -q "^lib,lib_version,path" || fail "csv header"
"$CS" report "$d/r.json" --format openssl | grep -q "1000s of bytes per second" || fail "openssl"
"$CS" report "$d/r.json" --format text | grep -q "^sha256 digest" || fail "text"
"$CS" report "$d/r.json" --format json >"$d/again.json" || fail "json"
"$CHECK" "$d/again.json" --others ok || fail "json round trip"
echo '{"schema":"other"}' >"$d/bad.json"
"$CS" report "$d/bad.json" 2>/dev/null; [ $? -eq 2 ] || fail "a foreign file is not exit 2"
echo ok
