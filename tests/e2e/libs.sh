# scripts/libs.sh without the network and without compiling: a temporary
# manifest (CRYPTOSPEED_MANIFEST) names a tiny "sodium" tarball in a temporary
# CRYPTOSPEED_SOURCES, whose ./configure writes a Makefile that installs one
# header. Checked: a wrong SHA-256 is refused and the file kept aside with
# nothing installed; a good one builds into the cache and a second build does
# nothing; a failing build shows its log's tail and leaves the existing prefix
# as it was; bad input exits 2 naming what is accepted; no source at all names
# the places tried. Then CMake's side: a prefix with libs.sh's
# cryptospeed-build file gives a worker named lib@version+config that
# `--lib sodium` selects beside the system's (`--lib =sodium`: not); a file that does not match its
# headers, or a version the adapter cannot serve, stops configuration.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
LIBS=$src/scripts/libs.sh
d=$(tmpdir)
export XDG_CACHE_HOME=$d/cache CRYPTOSPEED_SOURCES=$d/sources CRYPTOSPEED_MANIFEST=$d/manifest
export CRYPTOSPEED_CONNECT_TIMEOUT=1
mkdir -p "$d/sources"

# make_tarball NAME VERSION CONFIGURE-EXIT: a source tree whose configure
# exits with that status and otherwise installs include/sodium/version.h
make_tarball() {
	local t=$d/t/$1
	rm -rf "$t" && mkdir -p "$t/src"
	cat >"$t/src/configure" <<-EOF
	#!/bin/sh
	echo "configure \$*"
	[ $3 -eq 0 ] || { echo "configure: error: this test's build fails"; exit $3; }
	prefix=
	for a; do case "\$a" in --prefix=*) prefix=\${a#--prefix=} ;; esac; done
	printf 'all:\n\t@echo built\ninstall:\n\tmkdir -p \$(DESTDIR)%s/include/sodium\n\techo "#define SODIUM_VERSION_STRING \\\\"$2\\\\"" > \$(DESTDIR)%s/include/sodium/version.h\n' "\$prefix" "\$prefix" >Makefile
	EOF
	chmod +x "$t/src/configure"
	# a Makefile that would install: only configure's status tells a failure
	printf 'all:\ninstall:\n\tmkdir -p $(DESTDIR)/x/include\n' >"$t/src/Makefile"
	(cd "$t" && mv src "$1" && tar -czf "$d/sources/$1.tar.gz" "$1")
	sha256sum "$d/sources/$1.tar.gz" | cut -d' ' -f1
}

good=$(make_tarball fake-1.0 1.0 0)
broken=$(make_tarball fake-2.0 2.0 1)
# no upstream reachable (a closed local port) and no Debian package ("-")
cat >"$d/manifest" <<EOF
source sodium 1.0 fake-1.0.tar.gz $good - http://127.0.0.1:9/fake-1.0.tar.gz
source sodium 2.0 fake-2.0.tar.gz $broken - http://127.0.0.1:9/fake-2.0.tar.gz
source sodium 3.0 fake-3.0.tar.gz $good - http://127.0.0.1:9/fake-3.0.tar.gz
source sodium 4.0 fake-1.0.tar.gz 0000000000000000000000000000000000000000000000000000000000000000 - http://127.0.0.1:9/fake-1.0.tar.gz
config sodium default *
config sodium other amd64,arm64,armhf --with-other
EOF
prefix1=$XDG_CACHE_HOME/cryptospeed/libs/sodium@1.0+default-$(dpkg --print-architecture 2>/dev/null || echo amd64)
arch=${prefix1##*-}

# bad input: exit 2, one line naming what is accepted
expect_bad() {
	local want=$1
	shift
	set +e
	"$LIBS" "$@" >"$d/out" 2>&1
	local rc=$?
	set -e
	[ $rc -eq 2 ] || { cat "$d/out"; fail "libs.sh $* exited $rc, not 2"; }
	[ "$(wc -l <"$d/out")" -eq 1 ] || { cat "$d/out"; fail "libs.sh $*: not one line"; }
	grep -qF "$want" "$d/out" || { cat "$d/out"; fail "libs.sh $*: no '$want'"; }
}
set -e
expect_bad "unknown library 'nolib' (accepted: sodium)" build nolib@1.0
expect_bad "unknown version 'sodium@9' (accepted: sodium@1.0, sodium@2.0, sodium@3.0, sodium@4.0)" build sodium@9
expect_bad "unknown configuration 'asm' of sodium for $arch (accepted: default, other)" build sodium@1.0+asm
expect_bad "unknown architecture 'mips' (accepted: amd64, arm64, armhf, cortex-m4)" build sodium@1.0 --arch mips
expect_bad "is not LIB@VERSION[+CONFIG]" build sodium
expect_bad "unknown command 'make' (accepted: build, tree, prefix, list, versions, resolve, name, repo, source, workers, bisect)" make sodium@1.0

# a wrong SHA-256: refused, the file kept aside, nothing installed
set +e
"$LIBS" build sodium@4.0 >"$d/out" 2>&1
rc=$?
set -e
cat "$d/out"
[ $rc -eq 1 ] || fail "a hash mismatch exited $rc, not 1"
grep -q "SHA-256 mismatch for fake-1.0.tar.gz" "$d/out" || fail "no mismatch message"
grep -q "the manifest says 0000" "$d/out" || fail "the message does not give the expected hash"
kept=$(sed -n 's/.*(kept as \([^)]*\)).*/\1/p' "$d/out")
[ -n "$kept" ] && [ -f "$kept" ] || fail "the refused file was not kept aside ('$kept')"
[ "$(sha256sum "$kept" | cut -d' ' -f1)" = "$good" ] || fail "the kept file is not the refused tarball"
[ ! -e "$XDG_CACHE_HOME/cryptospeed/libs/sodium@4.0+default-$arch" ] || fail "a refused source was installed"
[ ! -e "$XDG_CACHE_HOME/cryptospeed/sources/fake-1.0.tar.gz" ] || fail "a refused source entered the source cache"

# no source anywhere: the three places named
set +e
"$LIBS" build sodium@3.0 >"$d/out" 2>&1
rc=$?
set -e
[ $rc -eq 1 ] || { cat "$d/out"; fail "no source exited $rc, not 1"; }
grep -q "no source for sodium@3.0: not in CRYPTOSPEED_SOURCES ($d/sources), not at http://127.0.0.1:9/fake-3.0.tar.gz, and no Debian source package" "$d/out" ||
	{ cat "$d/out"; fail "the message does not name the three places"; }

# a good build, then a second that does nothing
"$LIBS" build sodium@1.0 >"$d/out" 2>&1 || { cat "$d/out"; fail "build failed"; }
[ -f "$prefix1/include/sodium/version.h" ] || fail "nothing installed in $prefix1"
grep -qx "name=sodium@1.0+default" "$prefix1/cryptospeed-build" || fail "no cryptospeed-build name"
grep -qx "sha256=$good" "$prefix1/cryptospeed-build" || fail "cryptospeed-build lacks the hash"
[ "$("$LIBS" prefix sodium@1.0)" = "$prefix1" ] || fail "libs.sh prefix does not print $prefix1"
stamp=$(stat -c %Y.%i "$prefix1/cryptospeed-build")
rm -f "$d/sources/fake-1.0.tar.gz" # a rebuild would now need the source cache
"$LIBS" build sodium@1.0 >"$d/out" 2>&1 || { cat "$d/out"; fail "second build failed"; }
grep -q "is built: $prefix1" "$d/out" || { cat "$d/out"; fail "second build did not say it is built"; }
[ "$(stat -c %Y.%i "$prefix1/cryptospeed-build")" = "$stamp" ] || fail "the second build rebuilt"
"$LIBS" list | grep -qx "sodium@1.0+default  built: $prefix1" || { "$LIBS" list; fail "list does not show the build"; }

# a failing build: the log's tail and its path, the existing prefix untouched
# (a build over an existing prefix: --force)
cp -r "$prefix1" "$d/before"
sed -i "s/^source sodium 1.0 fake-1.0.tar.gz $good/source sodium 1.0 fake-2.0.tar.gz $broken/" "$d/manifest"
set +e
"$LIBS" build sodium@1.0 --force >"$d/out" 2>&1
rc=$?
set -e
cat "$d/out"
[ $rc -eq 1 ] || fail "a failed build exited $rc, not 1"
grep -q "configure: error: this test's build fails" "$d/out" || fail "no log tail"
log=$(sed -n 's/.*the whole log: \([^ ]*\) .*/\1/p' "$d/out")
[ -f "$log" ] || fail "the log '$log' is not there"
diff -r "$d/before" "$prefix1" || fail "a failed build changed the existing prefix"
[ -z "$(ls -A "$XDG_CACHE_HOME/cryptospeed/work" 2>/dev/null)" ] || fail "the failed build left its work dir"

# from git: a local repository of the good tree, a branch, a tag, a commit
if command -v git >/dev/null; then
	g=$d/git-up
	mkdir -p "$g" && tar -xzf "$d/sources/fake-1.0.tar.gz" -C "$g" --strip-components=1 2>/dev/null ||
		cp -r "$d/t/fake-1.0/fake-1.0/." "$g/"
	git -C "$g" init -q -b main
	git -C "$g" add -A
	git -C "$g" -c user.name=t -c user.email=t@example.invalid commit -qm one
	git -C "$g" tag v1
	gc=$(git -C "$g" rev-parse HEAD)
	expect_bad "is not LIB@git:[REPO#]REF[+CONFIG]" build "sodium@git:$g#"
	expect_bad "no repository for sodium" build sodium@git:main
	"$LIBS" build "sodium@git:$g#main" >"$d/out" 2>&1 || { cat "$d/out"; fail "git build failed"; }
	gp=$XDG_CACHE_HOME/cryptospeed/libs/sodium@g${gc:0:12}+default-$arch
	[ -f "$gp/include/sodium/version.h" ] || { cat "$d/out"; fail "the git build installed nothing in $gp"; }
	grep -qx "commit=$gc" "$gp/cryptospeed-build" || fail "cryptospeed-build has no commit=$gc"
	[ "$("$LIBS" name "sodium@git:$g#v1")" = "sodium@g${gc:0:12}+default" ] || fail "libs.sh name of the tag"
	# the same commit by tag and through the environment's repository: cached
	CRYPTOSPEED_REPO_SODIUM=$g "$LIBS" build sodium@git:v1 >"$d/out" 2>&1 || { cat "$d/out"; fail "git build by tag"; }
	grep -q "is built: $gp" "$d/out" || { cat "$d/out"; fail "a second build of one commit was not reused"; }
	# a missing ref and an unreachable repository: exit 1, one line
	for bad_spec in "sodium@git:$g#nope" "sodium@git:$d/no-such-repo#main"; do
		set +e
		"$LIBS" build "$bad_spec" >"$d/out" 2>&1
		rc=$?
		set -e
		[ $rc -eq 1 ] && [ "$(wc -l <"$d/out")" -eq 1 ] || { cat "$d/out"; fail "$bad_spec: exit $rc"; }
	done
	grep -q "cannot reach the repository '$d/no-such-repo' of sodium" "$d/out" || { cat "$d/out"; fail "unreachable: message"; }
	rm -rf "$gp" # (not a library the CMake part below could build against)
fi

# CMake: a copy of the system libsodium as if libs.sh had built it
so=$(pkg-config --variable=libdir libsodium 2>/dev/null)/libsodium.so
inc=$(pkg-config --variable=includedir libsodium 2>/dev/null)
if [ ! -e "$so" ] || [ ! -e "$inc/sodium/version.h" ]; then
	echo "no system libsodium: CMake part not run"
	echo ok
	exit 0
fi
v=$(sed -n 's/#define SODIUM_VERSION_STRING "\(.*\)"/\1/p' "$inc/sodium/version.h")
p=$d/cache/cryptospeed/libs/sodium@$v+copy-$arch
mkdir -p "$p/include" "$p/lib"
cp -r "$inc/sodium" "$inc/sodium.h" "$p/include/"
cp "$(readlink -f "$so")" "$p/lib/libsodium.so"
printf 'name=sodium@%s+copy\nlib=sodium\nversion=%s\nconfig=copy\narch=%s\n' "$v" "$v" "$arch" >"$p/cryptospeed-build"
common=(-DBUILD_TESTING=OFF -DCRYPTOSPEED_WITH_OPENSSL=OFF -DCRYPTOSPEED_WITH_MBEDTLS=OFF
	-DCRYPTOSPEED_WITH_WOLFSSL=OFF -DCRYPTOSPEED_WITH_NETTLE=OFF -DCRYPTOSPEED_BUILT_LIBS=ON
	-DCRYPTOSPEED_LIBS_DIR="$d/cache/cryptospeed/libs")
# expect_cfg_error MESSAGE: configuring fails with that message
expect_cfg_error() {
	if cmake -S "$src" -B "$d/bad" "${common[@]}" "${@:2}" >"$d/bad.log" 2>&1; then
		fail "configure accepted it (expected: $1)"
	fi
	tr '\n' ' ' <"$d/bad.log" | tr -s ' ' | grep -qF "$1" || { cat "$d/bad.log"; fail "no '$1'"; }
	rm -rf "$d/bad"
}
# the fake 1.0 prefix built above holds no library: named in one line
rm -rf "${prefix1:?}/lib"
expect_cfg_error "'$prefix1' holds no sodium build"
rm -rf "$prefix1"
# cryptospeed-build for another architecture, or a version the headers do not say
sed -i "s/^arch=.*/arch=mips/" "$p/cryptospeed-build"
expect_cfg_error "$p/cryptospeed-build: built for 'mips', this build is for $arch"
sed -i "s/^arch=.*/arch=$arch/; s/^version=.*/version=9.9/" "$p/cryptospeed-build"
expect_cfg_error "version '9.9' configuration 'copy', but the headers in $p/include say sodium $v"
sed -i "s/^version=.*/version=$v/" "$p/cryptospeed-build"
# older than the adapter's minimum (1.0.18)
mkdir -p "$d/old"
cp -r "$p/include" "$p/lib" "$d/old/"
sed -i 's/#define SODIUM_VERSION_STRING ".*"/#define SODIUM_VERSION_STRING "1.0.9"/' "$d/old/include/sodium/version.h"
expect_cfg_error "'$d/old' is sodium 1.0.9; the sodium adapter compiles against 1.0.18 or later" \
	-DCRYPTOSPEED_SODIUM_ROOTS="$d/old"

cmake -S "$src" -B "$d/build" "${common[@]}" >"$d/cfg.log" 2>&1 || { cat "$d/cfg.log"; fail "configure failed"; }
grep -q "sodium@$v+copy from $p" "$d/cfg.log" || { cat "$d/cfg.log"; fail "the built prefix was not picked up"; }
cmake --build "$d/build" -j2 >"$d/build.log" 2>&1 || { tail -20 "$d/build.log"; fail "build failed"; }
[ -x "$d/build/bin/cryptospeed-worker-sodium@$v+copy" ] || fail "no worker sodium@$v+copy"
"$d/build/bin/cryptospeed" run --quick --lib sodium --alg sha256 --sizes 64 --no-evidence \
	-o "$d/r.json" >"$d/run.txt" || { cat "$d/run.txt"; fail "run exited $?"; }
cat "$d/run.txt"
grep -q "^sodium/combined " "$d/run.txt" || fail "--lib sodium: no system sodium row"
grep -q "^sodium@$v+copy/combined " "$d/run.txt" || fail "--lib sodium: no sodium@$v+copy row"
"$CHECK" "$d/r.json" --agree --lib sodium --lib "sodium@$v+copy" || fail "result file"
# =sodium: the system's worker only
"$d/build/bin/cryptospeed" run --quick --lib =sodium --alg sha256 --sizes 64 --no-evidence \
	>"$d/run1.txt" || { cat "$d/run1.txt"; fail "run --lib =sodium exited $?"; }
grep -q "^sodium/combined " "$d/run1.txt" || fail "--lib =sodium: no sodium row"
! grep -q "^sodium@" "$d/run1.txt" || { cat "$d/run1.txt"; fail "--lib =sodium selected sodium@$v+copy"; }
echo ok
