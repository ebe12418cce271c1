# The hostile suite's scripts/libs.sh part: an environment without HOME or
# XDG_CACHE_HOME and a manifest line cut short are named (exit 2), never
# bash's "unbound variable"; two configurations of one version built at once
# (one source file) both succeed, round after round.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
LIBS=$src/scripts/libs.sh
d=$(tmpdir)
export XDG_CACHE_HOME=$d/cache CRYPTOSPEED_SOURCES=$d/sources CRYPTOSPEED_MANIFEST=$d/manifest
export CRYPTOSPEED_CONNECT_TIMEOUT=1
mkdir -p "$d/sources" "$d/t/src"
# a source tree whose configure writes a Makefile that installs one header
cat >"$d/t/src/configure" <<'CONF'
#!/bin/sh
prefix=
for a; do case "$a" in --prefix=*) prefix=${a#--prefix=} ;; esac; done
printf 'all:\n\t@sleep 0.2\ninstall:\n\tmkdir -p $(DESTDIR)%s/include/sodium\n\techo "#define SODIUM_VERSION_STRING \\"1.0\\"" > $(DESTDIR)%s/include/sodium/version.h\n' "$prefix" "$prefix" >Makefile
CONF
chmod +x "$d/t/src/configure"
(cd "$d/t" && mv src fake-1.0 && tar -czf "$d/sources/fake-1.0.tar.gz" fake-1.0)
sum=$(sha256sum "$d/sources/fake-1.0.tar.gz" | cut -d' ' -f1)
cat >"$d/manifest" <<MANIFEST
source sodium 1.0 fake-1.0.tar.gz $sum - http://127.0.0.1:9/fake-1.0.tar.gz
config sodium default *
config sodium other * --with-other
MANIFEST

# no HOME, no XDG_CACHE_HOME
env -u HOME -u XDG_CACHE_HOME bash "$LIBS" list >"$d/out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "without HOME and XDG_CACHE_HOME: exit $rc, want 2: $(cat "$d/out")"
grep -q "unbound variable" "$d/out" && fail "without HOME: bash's 'unbound variable': $(cat "$d/out")"
grep -q "HOME" "$d/out" || fail "without HOME: the message does not name HOME: $(cat "$d/out")"

# a manifest line cut short, of each kind
for line in "source sodium 1.0 fake-1.0.tar.gz" "config sodium" "set versions"; do
	printf '%s\n' "$line" >"$d/short"
	CRYPTOSPEED_MANIFEST=$d/short bash "$LIBS" list >"$d/out" 2>&1
	rc=$?
	[ $rc -eq 2 ] || fail "manifest line '$line': exit $rc, want 2: $(cat "$d/out")"
	grep -q "unbound variable" "$d/out" && fail "manifest line '$line': $(cat "$d/out")"
	grep -q "short:1: " "$d/out" || fail "manifest line '$line': the line is not named: $(cat "$d/out")"
done

# an unknown line kind: named with its line, exit 2
printf 'source sodium 1.0 fake-1.0.tar.gz %s - http://127.0.0.1:9/x\nsauce x y\n' "$sum" >"$d/unknown"
CRYPTOSPEED_MANIFEST=$d/unknown bash "$LIBS" list >"$d/out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "an unknown manifest line: exit $rc, want 2: $(cat "$d/out")"
grep -q "unknown:2: unknown line kind 'sauce'" "$d/out" || fail "an unknown manifest line: $(cat "$d/out")"

# a version that is a path: one line, exit 2, never bash's own error
for spec in 'sodium@../1.0' 'sodium@1.0/..' 'sodium@..'; do
	bash "$LIBS" build "$spec" >"$d/out" 2>&1
	rc=$?
	[ $rc -eq 2 ] || fail "version '$spec': exit $rc, want 2: $(cat "$d/out")"
	[ "$(wc -l <"$d/out")" -eq 1 ] || fail "version '$spec': more than one line: $(cat "$d/out")"
	grep -q "is not LIB@VERSION" "$d/out" || fail "version '$spec': $(cat "$d/out")"
done

# a patch line whose file is outside the repository: refused, never applied
printf 'diff --git a/x b/x\n' >"$d/outside.patch"
cp "$d/manifest" "$d/patched"
echo "patch sodium@1.0+evil $d/outside.patch" >>"$d/patched"
echo "patch sodium@1.0+evil2 ../../../..$d/outside.patch" >>"$d/patched"
for cfg in evil evil2; do
	CRYPTOSPEED_MANIFEST=$d/patched bash "$LIBS" build "sodium@1.0+$cfg" >"$d/out" 2>&1
	rc=$?
	[ $rc -eq 2 ] || fail "a patch outside the tree (+$cfg): exit $rc, want 2: $(cat "$d/out")"
	grep -q "outside the repository" "$d/out" || fail "a patch outside the tree: $(cat "$d/out")"
	[ -e "$XDG_CACHE_HOME/cryptospeed/libs/sodium@1.0+$cfg-$(dpkg --print-architecture 2>/dev/null || echo amd64)" ] &&
		fail "a patch outside the tree (+$cfg) was built"
done

# nightly.sh checkout outside a git checkout: one line, exit 2
mkdir -p "$d/nogit"
(cd "$d/nogit" && GIT_CEILING_DIRECTORIES=$d bash "$src/scripts/nightly.sh" checkout) >"$d/out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "nightly.sh checkout outside git: exit $rc, want 2: $(cat "$d/out")"
grep -q "is not in a git checkout" "$d/out" || fail "nightly.sh checkout outside git: $(cat "$d/out")"

# two configurations of one version at once, three rounds (the source cache
# emptied each time, so both fetch the one tarball together)
for round in 1 2 3; do
	rm -rf "$XDG_CACHE_HOME/cryptospeed/sources"
	bash "$LIBS" build sodium@1.0+default --force >"$d/a.log" 2>&1 &
	a=$!
	bash "$LIBS" build sodium@1.0+other --force >"$d/b.log" 2>&1 &
	b=$!
	wait $a || fail "round $round: +default failed at the same time as +other: $(tail -5 "$d/a.log")"
	wait $b || fail "round $round: +other failed at the same time as +default: $(tail -5 "$d/b.log")"
done
echo "ok: libs.sh named what was missing and built two configurations at once, 3 times"

# deps.sh --test with an npm registry that cannot be reached: tried once, then
# remembered (a stamp), so the next make target does not wait for npm again.
# Only where deps.sh would reach npm: as root, every package present.
if [ "$(id -u)" -eq 0 ] && bash "$src/scripts/deps.sh" --test >/dev/null 2>&1; then
	mkdir -p "$d/bin" "$d/npm-root"
	cat >"$d/bin/npm" <<NPM
#!/bin/sh
echo "\$*" >>"$d/npm-calls"
[ "\$1" = root ] && { echo "$d/npm-root"; exit 0; }
exit 1
NPM
	chmod +x "$d/bin/npm"
	for i in 1 2; do
		PATH=$d/bin:$PATH CRYPTOSPEED_STATE=$d/state bash "$src/scripts/deps.sh" --test \
			>"$d/deps.out" 2>&1 || fail "deps.sh --test, npm unreachable, run $i: $(cat "$d/deps.out")"
	done
	[ -f "$d/state/npm-unreachable" ] || fail "no stamp after npm failed: $(cat "$d/deps.out")"
	[ "$(grep -c '^install' "$d/npm-calls")" -eq 1 ] ||
		fail "npm install tried $(grep -c '^install' "$d/npm-calls") times over two runs, want 1"
	grep -q "delete .*npm-unreachable" "$d/deps.out" || fail "the second run does not say why: $(cat "$d/deps.out")"
	echo "ok: an unreachable npm registry is tried once"
fi
