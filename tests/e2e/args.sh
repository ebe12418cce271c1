# Bad input: one line on stderr naming the value and what is accepted, exit 2,
# nothing measured (no result file).
set -u
CS=$1/cryptospeed
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
failures=0
expect() { # expect REGEX ARGS...
	local re=$1; shift
	"$CS" "$@" -o "$d/r.json" >"$d/out" 2>"$d/err"
	local rc=$? lines
	lines=$(wc -l <"$d/err")
	if [ $rc -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -qE -- "$re" "$d/err" || [ -e "$d/r.json" ]; then
		echo "FAIL: cryptospeed $* -> exit $rc, $lines stderr line(s): $(cat "$d/err")"
		failures=$((failures + 1))
	fi
}
expect "unknown library 'nosuchlib' \(built: .*noop" run --lib nosuchlib
expect "unknown algorithm 'sha3' \(known: aes-128-gcm, .*hmac-sha256\)" run --alg sha3
expect "unknown operation 'encapsulate' \(known: seal, open.*sign, verify, mac\)" run --op encapsulate
expect "operation 'sign' is not defined for sha256 \(accepted: digest\)" run --alg sha256 --op sign
expect "unknown format 'xml' \(known: text, json, csv, openssl\)" run --format xml
expect "unknown mask 'no-avx' \(known: none, no-sha, no-aes, scalar\)" run --mask no-avx
expect "size '0' is not valid" run --sizes 0
expect "size '-16' is not valid" run --sizes 16,-16
expect "size 'abc' is not valid" run --sizes abc
expect "--precision '0' is not valid \(accepted: a percentage in \(0, 100\)\)" run --precision 0
expect "--precision '100' is not valid" run --precision 100
expect "--precision '-1' is not valid" run --precision -1
expect "--budget 'x' is not valid" run --budget x
expect "unknown path 'nopath' \(paths of the selected libraries: noop\)" run --lib noop --path nopath
expect "unknown option '--bogus'" run --bogus
expect "unknown command 'frobnicate'" frobnicate
# unwritable -o: the message names the path
"$CS" run --lib noop -o /nonexistent-dir/r.json >"$d/out" 2>"$d/err"
rc=$?
if [ $rc -ne 2 ] || ! grep -q "cannot write '/nonexistent-dir/r.json'" "$d/err"; then
	echo "FAIL: unwritable -o -> exit $rc: $(cat "$d/err")"
	failures=$((failures + 1))
fi
echo "$((17 - failures)) passed, $failures failed"
[ $failures -eq 0 ]
