# Bad input: one line on stderr naming the value and what is accepted, exit 2,
# nothing measured (no result file).
set -u
CS=$1/cryptospeed
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
failures=0
expect() { # expect REGEX ARGS...
	local re=$1; shift
	if [ "${raw:-0}" = 1 ]; then
		"$CS" "$@" >"$d/out" 2>"$d/err"
	else
		"$CS" "$@" -o "$d/r.json" >"$d/out" 2>"$d/err"
	fi
	local rc=$? lines
	lines=$(wc -l <"$d/err")
	if [ $rc -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -qE -- "$re" "$d/err" || [ -e "$d/r.json" ]; then
		echo "FAIL: cryptospeed $* -> exit $rc, $lines stderr line(s): $(cat "$d/err")"
		failures=$((failures + 1))
	fi
}
expect "unknown library 'nosuchlib' \(built: .*noop" run --lib nosuchlib
expect "unknown algorithm 'sha3' \(known: aes-128-gcm, .*hmac-sha256, .*, tls\)" run --alg sha3
expect "unknown operation 'encapsulate' \(known: seal, open.*sign, verify, mac, handshake, resume, send, recv, encaps, decaps\)" run --op encapsulate
# the accepted formats are the registry's (core/report/emit.c)
fmts=$("$CS" --complete formats | paste -sd, - | sed 's/,/, /g')
expect "unknown format 'xml' \(known: $fmts\)" run --format xml
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
# strict numbers: no fractions, no hex, no trailing junk; lists without empty items
expect "--multi '1.5' is not valid \(accepted: 1..64 workers\)" run --multi 1.5
expect "--seed '1.7' is not valid" run --seed 1.7
expect "--evidence-size '1.9' is not valid" run --evidence-size 1.9
expect "--misalign '0x10' is not valid \(accepted: 0..63 bytes\)" run --misalign 0x10
expect "--timeout 'inf' is not valid" run --timeout inf
expect "--sizes '16,,64' has an empty item" run --sizes 16,,64
expect "--alg 'sha256,' has an empty item" run --alg sha256,
expect "--sizes '16,,64' has an empty item" run --sizes=16,,64
raw=1 expect "^cryptospeed: --format needs a value" run --lib noop --format
raw=1 expect "^cryptospeed: --format needs a value" report r.json --format
expect "unknown option '-x' for run" run -x
expect "^cryptospeed: --quick takes no value" run --quick=3
expect "unknown option '--bogus=1' for run" run --bogus=1
expect "unexpected argument 'extra' for run" run extra
# options that would be ignored, and selections that match nothing, are refused
expect "--openssl-provider needs the library openssl in the selection" run --lib noop --openssl-provider default
expect "--variant needs the library nosuchlib in the selection" run --lib noop --variant nosuchlib:x
expect "--variant 'noop' is not valid \(accepted: LIB:" run --lib noop --variant noop
expect "noop \[x\]: noop has no variants" run --lib noop --variant noop:x --alg sha256 --quick
expect "needs a variant of openssl" run --lib openssl --variant-option openssl:propq=x
expect "--op seal matches no operation of the selected algorithms \(x25519: derive,keygen\)" run --op seal --alg x25519
expect "--op sign matches no operation of the selected algorithms \(sha256: digest\)" run --op sign --alg sha256
raw=1 expect "^cryptospeed: -o '' is empty" run --lib noop -o ''
# unwritable -o: the message names the path
"$CS" run --lib noop -o /nonexistent-dir/r.json >"$d/out" 2>"$d/err"
rc=$?
if [ $rc -ne 2 ] || ! grep -q "^cryptospeed: -o '/nonexistent-dir/r.json': cannot create a file in '/nonexistent-dir'" "$d/err"; then
	echo "FAIL: unwritable -o -> exit $rc: $(cat "$d/err")"
	failures=$((failures + 1))
fi
echo "$((35 - failures)) passed, $failures failed"
[ $failures -eq 0 ]
