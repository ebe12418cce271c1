# Installed as any tool: `cmake --install BUILD --prefix STAGE`, then from
# another directory the installed program finds its workers in
# STAGE/libexec/cryptospeed (no CRYPTOSPEED_WORKER_PATH), reads a shipped
# result file and runs a small matrix; its man page shows under man -l; its
# bash completion completes commands, options and `--alg aes`.
# usage: install.sh BUILD_DIR SOURCE_DIR
. "$(dirname "$0")/lib.sh"
build=${1:?usage: install.sh BUILD_DIR SOURCE_DIR}
src=${2:?usage: install.sh BUILD_DIR SOURCE_DIR}
d=$(tmpdir)
stage=$d/stage
cmake --install "$build" --prefix "$stage" >"$d/install.log" 2>&1 ||
	fail "cmake --install: $(tail -3 "$d/install.log")"
cs=$stage/bin/cryptospeed
[ -x "$cs" ] || fail "no bin/cryptospeed in the stage"
[ -x "$stage/libexec/cryptospeed/cryptospeed-worker-noop" ] || fail "no workers in libexec/cryptospeed"
[ ! -e "$stage/bin/cryptospeed-worker-noop" ] || fail "a worker in bin/"
man1=$stage/share/man/man1/cryptospeed.1
comp=$stage/share/bash-completion/completions/cryptospeed
[ -f "$man1" ] || fail "no share/man/man1/cryptospeed.1"
[ -f "$comp" ] || fail "no share/bash-completion/completions/cryptospeed"

mkdir -p "$d/elsewhere"
cd "$d/elsewhere" || fail "cd"
unset CRYPTOSPEED_WORKER_PATH

# the workers it found are the stage's
"$cs" list >list.txt 2>&1 || fail "list exited $?"
"$cs" --complete libs >libs.txt || fail "--complete libs exited $?"
grep -qx noop libs.txt || fail "installed program does not find its noop worker: $(cat libs.txt)"

# report of a shipped result file
shipped=$(find "$src/results/measured" -name '*.json' | sort | head -1)
[ -n "$shipped" ] || fail "no shipped result file in $src/results/measured"
"$cs" report "$shipped" >report.txt || fail "report $shipped exited $?"
grep -q "sha256" report.txt || fail "report: no sha256 row"

# a small run (openssl when built, else noop)
lib=noop
[ -x "$stage/libexec/cryptospeed/cryptospeed-worker-openssl" ] && lib=openssl
"$cs" run --quick --lib "$lib" --alg sha256 --sizes 16 --no-evidence -o run.json >run.txt 2>&1 ||
	fail "run --lib $lib exited $?: $(tail -3 run.txt)"
grep -q "\"$lib\"" run.json || fail "run.json names no $lib"

# the counting plugin is installed beside the workers and found there: a
# counting run from the stage (only where the host's workers run under
# qemu-user: not in an ASan/UBSan tree)
[ -r "$stage/libexec/cryptospeed/cryptospeed-count.so" ] ||
	fail "no cryptospeed-count.so in libexec/cryptospeed"
if command -v qemu-x86_64 >/dev/null && [ "$(uname -m)" = x86_64 ] &&
	! grep -q 'CRYPTOSPEED_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then
	"$cs" run --count --lib noop --alg sha256 --sizes 16 -o count.json >count.txt 2>&1 ||
		fail "run --count from the stage exited $?: $(tail -3 count.txt)"
	grep -q 'libexec/cryptospeed/cryptospeed-count.so' count.json ||
		fail "the installed run did not use the installed plugin: $(grep -m1 launcher count.json)"
fi

# the cost tables of report --view estimate are installed and found there
[ -r "$stage/share/cryptospeed/costs/cortex-a53.tsv" ] || fail "no share/cryptospeed/costs/cortex-a53.tsv"
"$cs" report "$src/tests/data/count-nanopi-r2s.json" --view estimate >est.txt 2>&1 ||
	fail "report --view estimate from the stage exited $?: $(head -2 est.txt)"
grep -q "^cost table: .*/share/cryptospeed/costs/cortex-a53.tsv" est.txt ||
	fail "the installed program did not read the installed cost table: $(grep -m1 'cost table' est.txt)"

# help COMMAND is that command's help
"$cs" help run | head -1 | grep -q "^usage: cryptospeed run" || fail "help run: $("$cs" help run | head -1)"
"$cs" help report | head -1 | grep -q "^usage: cryptospeed report" || fail "help report"
"$cs" help nope >/dev/null 2>help.err
rc=$?
[ $rc -eq 2 ] && grep -q "help 'nope': unknown command (known: run, list" help.err ||
	fail "help nope: exit $rc, $(cat help.err)"

# the man page: the same text as --help
if command -v man >/dev/null; then
	MANWIDTH=200 man -l "$man1" >man.txt 2>man.err || fail "man -l exited $?: $(cat man.err)"
	[ ! -s man.err ] || fail "man -l warned: $(cat man.err)"
elif command -v groff >/dev/null; then
	groff -man -Tutf8 -ww "$man1" >man.txt 2>man.err || fail "groff exited $?"
else
	skip "neither man nor groff to read the page"
fi
grep -q "^NAME" man.txt || fail "man: no NAME section"
for want in "--repeat R" "--worker-dir DIR" "usage: cryptospeed report" "usage: cryptospeed import"; do
	grep -Fq -- "$want" man.txt || fail "man page lacks '$want'"
done

# bash completion, through its function as bash calls it
complete_words() { # WORD... : the candidates for the last word
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_cryptospeed; printf "%s\n" "${COMPREPLY[@]}"' _ "$comp" "$@"
}
command -v bash >/dev/null || skip "no bash for the completion"
got=$(complete_words "$cs" run --alg aes | sort | tr '\n' ' ')
[ "$got" = "aes-128-cbc aes-128-gcm aes-256-gcm " ] || fail "--alg aes completes to '$got'"
got=$(complete_words "$cs" run --alg sha256,sha5 | tr '\n' ' ')
[ "$got" = "sha256,sha512 " ] || fail "--alg sha256,sha5 completes to '$got'"
got=$(complete_words "$cs" run --alg = x2 | tr '\n' ' ')
[ "$got" = "x25519 " ] || fail "--alg=x2 completes to '$got'"
got=$(complete_words "$cs" re | sort | tr '\n' ' ')
[ "$got" = "report " ] || fail "'re' completes to '$got'"
got=$(complete_words "$cs" run --rep | tr '\n' ' ')
[ "$got" = "--repeat " ] || fail "run --rep completes to '$got'"
got=$(complete_words "$cs" run --lib no | tr '\n' ' ')
[ "$got" = "noop " ] || fail "--lib no completes to '$got'"
echo "ok: installed in $stage; report, run --lib $lib, man page and completion work from $PWD"
