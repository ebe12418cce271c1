# -o is checked before anything is measured and never clobbers: a directory,
# '' and a device node are refused (exit 2, the node still a device); a
# symbolic link's target is replaced and the link stays a link; a refused run
# leaves the previous file as it was.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
run() { "$CS" run --quick --lib noop --alg sha256 --sizes 64 --no-evidence "$@"; }
refused() { # refused REGEX ARGS...
	local re=$1; shift
	run "$@" >"$d/out" 2>"$d/err"
	local rc=$?
	[ $rc -eq 2 ] || fail "$*: exit $rc, want 2"
	[ "$(wc -l <"$d/err")" -eq 1 ] || fail "$*: not one line: $(cat "$d/err")"
	grep -qE -- "$re" "$d/err" || fail "$*: message: $(cat "$d/err")"
	[ -s "$d/out" ] && fail "$*: something was measured before the refusal"
	return 0
}
mkdir "$d/dir"
refused "^cryptospeed: -o '$d/dir' is a directory" -o "$d/dir"
refused "^cryptospeed: -o '' is empty" -o ''
mkfifo "$d/fifo"
refused "is not a regular file" -o "$d/fifo"
[ -p "$d/fifo" ] || fail "the FIFO was replaced"
if [ "$(id -u)" -eq 0 ]; then
	mknod "$d/null" c 1 3
	refused "^cryptospeed: -o '$d/null' is not a regular file" -o "$d/null"
	[ -c "$d/null" ] || fail "the device node was replaced"
	# a link to a device is refused too: its target is what would be replaced
	ln -s "$d/null" "$d/to-null"
	refused "is not a regular file" -o "$d/to-null"
	[ -c "$d/null" ] && [ -L "$d/to-null" ] || fail "device or link changed"
fi
# a symbolic link (relative, into another directory): the target is replaced
mkdir "$d/real"
echo previous >"$d/real/r.json"
ln -s real/r.json "$d/link.json"
run -o "$d/link.json" >/dev/null 2>"$d/err" || fail "run -o link: exit $?: $(cat "$d/err")"
[ -L "$d/link.json" ] || fail "the link was replaced by a file"
"$CHECK" "$d/real/r.json" --cells 1 >/dev/null || fail "the link's target was not written"
# a dangling link: its target is created
ln -s real/new.json "$d/dangling.json"
run -o "$d/dangling.json" >/dev/null 2>&1 || fail "run -o dangling link: exit $?"
[ -L "$d/dangling.json" ] && [ -f "$d/real/new.json" ] || fail "dangling link not followed"
# a refused run leaves the previous file alone
echo previous >"$d/keep.json"
run --alg nosuch -o "$d/keep.json" >/dev/null 2>&1
[ "$(cat "$d/keep.json")" = previous ] || fail "the previous file was touched"
# --no-samples: a file to publish keeps summaries, not raw samples
run --repeat 2 --no-samples -o "$d/small.json" >/dev/null 2>&1 || fail "--no-samples: exit $?"
grep -q '"samples"' "$d/small.json" && fail "--no-samples: samples kept"
grep -q '"n_samples"' "$d/small.json" || fail "--no-samples: n_samples lost"
"$CS" report "$d/small.json" >/dev/null || fail "--no-samples: the file does not report"
# no temporary file is left behind anywhere
find "$d" -name '*.tmp' | grep -q . && fail "temporary files left: $(find "$d" -name '*.tmp')"
echo ok
