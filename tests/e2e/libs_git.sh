#!/usr/bin/env bash
# libs.sh's git builds, their source preparation (no network, no compiler):
# the tree `libs.sh tree LIB@git:REPO#REF DIR` makes is the one a build
# configures (docs/versions.md, "From git").
#   - libsodium: a local upstream from the verified 1.0.22 tarball whose
#     second commit drops ./configure, as libsodium's development branch
#     has none: the tree of that commit has a ./configure made by
#     autogen.sh -s -b (nothing downloaded), of version 1.0.22; the tree of
#     the release tag keeps the release's own ./configure, byte for byte;
#   - submodules (mbedTLS's framework/): a release whose .gitmodules names a
#     directory, made a submodule of its own repository; its files are in
#     the tree (git archive leaves them out), its commit is recorded; a
#     gitlink to a commit the submodule's repository lacks stops the export
#     with one line naming the path and the commit.
# The full builds take minutes on a loaded machine (docs/nightly.md, "Cost
# per night"); e2e-nightly-workflow builds Nettle from git end to end.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
for t in git autoconf automake libtoolize m4 make; do
	command -v "$t" >/dev/null || skip "no $t"
done
tarball=$(bash "$src/scripts/libs.sh" source sodium@1.0.22 2>"$CS_TMP/source.err") ||
	skip "no verified libsodium 1.0.22 tarball: $(tail -n1 "$CS_TMP/source.err")"
export XDG_CACHE_HOME=$CS_TMP/cache
LIBS=$src/scripts/libs.sh
MK=$src/tests/e2e/make_upstream.sh

read -r _ c1 < <(bash "$MK" "$tarball" "$CS_TMP/sodium" --drop configure) || fail "make_upstream.sh sodium"
[ -n "$c1" ] || fail "make_upstream.sh printed no commits"
git -C "$CS_TMP/sodium" cat-file -e "$c1:configure" 2>/dev/null && fail "C1 still has ./configure"
got=$(bash "$LIBS" name "sodium@git:$CS_TMP/sodium#master" 2>"$CS_TMP/name.err") || fail "libs.sh name: $(cat "$CS_TMP/name.err")"
[ "$got" = "sodium@g${c1:0:12}+default" ] || fail "the build of master is named '$got', want sodium@g${c1:0:12}+default"

# the development tree: bootstrapped
bash "$LIBS" tree "sodium@git:$CS_TMP/sodium#master" "$CS_TMP/t1" 2>"$CS_TMP/t1.err" ||
	fail "libs.sh tree sodium master: $(tail -n 5 "$CS_TMP/t1.err")"
[ -x "$CS_TMP/t1/configure" ] || fail "the tree of C1 has no executable ./configure: $(tail -n 5 "$CS_TMP/t1/.cryptospeed-bootstrap.log")"
grep -q "^PACKAGE_VERSION='1.0.22'" "$CS_TMP/t1/configure" || fail "the bootstrapped ./configure is not libsodium 1.0.22's"
grep -q 'autogen.sh -s -b' "$CS_TMP/t1/.cryptospeed-bootstrap.log" || fail "the tree was not bootstrapped with autogen.sh -s -b"
grep -qi 'Downloading' "$CS_TMP/t1/.cryptospeed-bootstrap.log" && fail "the bootstrap downloaded something"
[ -f "$CS_TMP/t1/.nightly-upstream-note" ] || fail "the tree is not C1's (no .nightly-upstream-note)"
[ -f "$CS_TMP/t1/src/libsodium/include/sodium.h" ] || fail "the tree has no src/libsodium/include/sodium.h"

# the release tag: its own ./configure, untouched
bash "$LIBS" tree "sodium@git:$CS_TMP/sodium#release" "$CS_TMP/t0" 2>"$CS_TMP/t0.err" ||
	fail "libs.sh tree sodium release: $(tail -n 5 "$CS_TMP/t0.err")"
tar -xzf "$tarball" -C "$CS_TMP" --wildcards '*/configure' || fail "the tarball has no configure"
cmp -s "$CS_TMP/t0/configure" "$CS_TMP"/libsodium-1.0.22-RELEASE/configure || fail "the release tag's tree changed its ./configure"
grep -q 'autogen' "$CS_TMP/t0/.cryptospeed-bootstrap.log" && fail "the release tag's tree was bootstrapped"
bash "$LIBS" tree "sodium@git:$CS_TMP/sodium#release" "$CS_TMP/t0" 2>"$CS_TMP/t0b.err"
rc=$?
[ $rc -eq 2 ] || fail "tree into a non-empty directory: exit $rc (want 2)"

# submodules: a small "mbedTLS" release with framework/ in .gitmodules
rel=$CS_TMP/rel/mbedtls-9.9.9
mkdir -p "$rel/framework/scripts" "$rel/library"
echo "cmake_minimum_required(VERSION 3.5)" >"$rel/CMakeLists.txt"
echo "int x;" >"$rel/library/x.c"
echo "framework of the release" >"$rel/framework/scripts/marker"
printf '[submodule "framework"]\n\tpath = framework\n\turl = ../framework\n' >"$rel/.gitmodules"
tar -cjf "$CS_TMP/mbedtls-9.9.9.tar.bz2" -C "$CS_TMP/rel" mbedtls-9.9.9
read -r _ m1 < <(bash "$MK" "$CS_TMP/mbedtls-9.9.9.tar.bz2" "$CS_TMP/mbedtls") || fail "make_upstream.sh mbedtls"
sub=$(git -C "$CS_TMP/mbedtls" ls-tree "$m1" framework | awk '$2 == "commit" { print $3 }')
[ -n "$sub" ] || fail "make_upstream.sh made no framework gitlink"
bash "$LIBS" tree "mbedtls@git:$CS_TMP/mbedtls#master" "$CS_TMP/t2" 2>"$CS_TMP/t2.err" ||
	fail "libs.sh tree mbedtls: $(tail -n 5 "$CS_TMP/t2.err")"
[ "$(cat "$CS_TMP/t2/framework/scripts/marker" 2>/dev/null)" = "framework of the release" ] ||
	fail "the submodule's files are not in the tree: $(ls -A "$CS_TMP/t2/framework")"
grep -q "^framework $sub $CS_TMP/mbedtls.framework.git\$" "$CS_TMP/t2/.cryptospeed-submodules" ||
	fail "the submodule's commit is not recorded: $(cat "$CS_TMP/t2/.cryptospeed-submodules")"
# a gitlink to a commit the submodule's repository does not have
git -C "$CS_TMP/mbedtls" update-index --cacheinfo "160000,1111111111111111111111111111111111111111,framework"
git -C "$CS_TMP/mbedtls" -c user.name=t -c user.email=t@example.invalid commit -qm "framework: a commit nobody pushed"
bash "$LIBS" tree "mbedtls@git:$CS_TMP/mbedtls#master" "$CS_TMP/t3" 2>"$CS_TMP/t3.err"
rc=$?
[ $rc -eq 1 ] || fail "a missing submodule commit: exit $rc (want 1)"
grep -q "submodule framework: commit 1111111111111111111111111111111111111111 is not in '$CS_TMP/mbedtls.framework.git'" "$CS_TMP/t3.err" ||
	fail "the missing submodule commit is not named: $(cat "$CS_TMP/t3.err")"
echo "ok: sodium C1 bootstrapped (autogen.sh -s -b, 1.0.22), the release tag's configure kept; framework/ exported at ${sub:0:12}; a missing submodule commit named"
