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
# a section per lib/path with openssl's preamble; rows named as openssl speed
# names them, a rate in thousands of bytes per second per size; ecdh in op/s
grep -Eq "^noop/noop  \[" "$d/r.ossl" || fail "openssl: no section"
for k in version "built on" options compiler CPUINFO; do
	grep -q "^$k: " "$d/r.ossl" || fail "openssl: no '$k:' preamble line"
done
grep -Eq "^type +16 bytes +64 bytes$" "$d/r.ossl" || fail "openssl: header"
grep -Eq "^sha256 +[0-9.]+k +[0-9.]+k$" "$d/r.ossl" || fail "openssl: row layout"
grep -Eq "^ 253 bits ecdh \(X25519\) +[0-9.]+s +[0-9.]+$" "$d/r.ossl" || fail "openssl: ecdh layout"
# -mr: +H with the sizes, +F with bytes per second, +F5 for ecdh
"$CS" report "$d/r.json" --format openssl-mr >"$d/r.mr" || fail "openssl-mr"
grep -qx "+H:16:64" "$d/r.mr" || fail "openssl-mr: +H"
grep -Eqx "\+F:[0-9]+:sha256:[0-9]+\.[0-9]{2}:[0-9]+\.[0-9]{2}" "$d/r.mr" || fail "openssl-mr: +F"
grep -Eqx "\+F5:[0-9]+:253:[0-9.]+:[0-9.]+" "$d/r.mr" || fail "openssl-mr: +F5"
# the same number both ways: the 16-byte sha256 rate in k (text) and in B/s (-mr)
k=$(awk '$1 == "sha256" { sub("k", "", $2); print $2 }' "$d/r.ossl")
b=$(awk -F: '$3 == "sha256" { print $4 }' "$d/r.mr")
awk -v k="$k" -v b="$b" 'BEGIN { d = k * 1000 - b; exit !(d < 10 && d > -10) }' ||
	fail "openssl: $k k and $b B/s differ"
"$CS" report "$d/r.json" --format text | grep -q "^sha256 digest" || fail "text"
"$CS" report "$d/r.json" --format json >"$d/again.json" || fail "json"
"$CHECK" "$d/again.json" --others ok || fail "json round trip"
echo '{"schema":"other"}' >"$d/bad.json"
"$CS" report "$d/bad.json" 2>/dev/null; [ $? -eq 2 ] || fail "a foreign file is not exit 2"
echo ok
