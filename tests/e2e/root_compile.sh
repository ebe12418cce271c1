# Root workers (CRYPTOSPEED_<LIB>_ROOTS, cmake/Worker.cmake): a root whose
# adapter does not compile against it is left out at configure time with the
# compiler's reason (root-workers-missing.txt), and the other workers still
# build; every build of the manifest's `set versions` that libs.sh has built
# compiles (compile only, cached in $CS_WORK/root-compile: a second run
# reuses the results).
#   root_compile.sh SOURCE_DIR
. "$(dirname "$0")/lib.sh"
src=${1:?usage: root_compile.sh SOURCE_DIR}
pkg-config --exists libsodium || skip "no libsodium to plant a broken root beside"
d=$(tmpdir)
# a sodium prefix whose headers do not compile (a planted #error)
fake=$d/sodium-broken
mkdir -p "$fake/include/sodium" "$fake/lib"
echo '#define SODIUM_VERSION_STRING "1.0.99"' >"$fake/include/sodium/version.h"
echo '#error planted: this sodium does not compile' >"$fake/include/sodium.h"
ln -s "$(pkg-config --variable=libdir libsodium)/libsodium.so" "$fake/lib/libsodium.so"
b=$CS_WORK/root-compile
args=(-DBUILD_TESTING=OFF "-DCRYPTOSPEED_SODIUM_ROOTS=$fake")
# the manifest's set "versions": each prefix libs.sh has built joins the check
libs=$src/scripts/libs.sh
built=()
for spec in $(sed -n 's/^set versions //p' "$src/scripts/libs.manifest"); do
	p=$(bash "$libs" prefix "$spec" 2>/dev/null) || continue
	[ -f "$p/cryptospeed-build" ] && built+=("$spec=$p")
done
declare -A roots=()
for x in "${built[@]}"; do
	spec=${x%%=*} lib=${spec%%@*}
	roots[$lib]+="${roots[$lib]:+;}${x#*=}"
done
for lib in "${!roots[@]}"; do
	[ "$lib" = sodium ] && continue
	args+=("-DCRYPTOSPEED_$(echo "$lib" | tr a-z A-Z)_ROOTS=${roots[$lib]}")
done
cmake -S "$src" -B "$b" "${args[@]}" >"$d/configure.log" 2>&1 ||
	fail "configure stopped (a root that does not compile must not stop it): $(tail -5 "$d/configure.log")"
# (CMake wraps a warning's lines where it likes: read the log as one line)
flat=$(tr -s '\n ' '  ' <"$d/configure.log")
grep -qF "sodium@1.0.99 from $fake:" <<<"$flat" &&
	grep -qF "its worker is left out" <<<"$flat" ||
	fail "no warning for the broken root: $(grep -i sodium "$d/configure.log" | head -5)"
grep -q "^sodium@1.0.99 $fake: .*planted: this sodium does not compile" "$b/root-workers-missing.txt" ||
	fail "root-workers-missing.txt: $(cat "$b/root-workers-missing.txt")"
# the others build: the system's sodium worker, beside the left-out root
cmake --build "$b" -j2 --target cryptospeed_worker_sodium >"$d/build.log" 2>&1 ||
	fail "the system sodium worker did not build: $(tail -5 "$d/build.log")"
# every built `set versions` library's adapter compiled against it
for x in "${built[@]}"; do
	spec=${x%%=*}
	grep -q "^${spec%%+*}" "$b/root-workers-missing.txt" &&
		fail "$spec does not compile: $(grep "^${spec%%+*}" "$b/root-workers-missing.txt")"
done
echo "ok: a broken root left out with its reason; ${#built[@]} built 'set versions' libraries compile"
[ ${#built[@]} -gt 0 ] || echo "(no 'set versions' library built here: scripts/libs.sh build SPEC builds them)"
