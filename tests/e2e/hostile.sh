# The hostile suite (CTest label "hostile"): what an attacker or a careless
# user can hand cryptospeed. One hostile name (a backtick, an <img onerror>,
# ESC and OSC sequences, a newline that forges a line, '|', '=cmd', 300 more
# bytes) as library, version, host, kernel, CPU and tool version goes through
# every format of every subcommand and nothing raw gets out; import names
# every line it could not read and reads on; the exit-status rule holds for
# every subcommand; history counts a run once; -o keeps modes; history --svg
# never writes through a planted link. The checks live in hostile.py.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 not installed"
have_worker noop || skip "no noop worker"
d=$(tmpdir)
"$CS" run --quick --lib noop --alg sha256 --sizes 16,64 --no-evidence -o "$d/r.json" \
	>/dev/null || fail "run exited $?"
python3 "$(dirname "$0")/hostile.py" "$CS" "$d" || fail "hostile.py failed (above)"
echo "ok: hostile"
