# Several builds of one library: CRYPTOSPEED_SODIUM_ROOTS with a prefix this
# test makes (a copy of the system libsodium with its own version string)
# gives a second worker, sodium@<version>, that loads the prefix's library and
# shows as its own rows; a prefix without the library stops configuration.
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
lib=$(pkg-config --variable=libdir libsodium 2>/dev/null)/libsodium.so
inc=$(pkg-config --variable=includedir libsodium 2>/dev/null)
[ -e "$lib" ] && [ -e "$inc/sodium/version.h" ] || skip "no system libsodium to copy"
d=$(tmpdir)
mkdir -p "$d/prefix/include" "$d/prefix/lib" "$d/empty"
cp -r "$inc/sodium" "$inc/sodium.h" "$d/prefix/include/"
sed -i 's/#define SODIUM_VERSION_STRING "\([^"]*\)"/#define SODIUM_VERSION_STRING "\1-roottest"/' \
	"$d/prefix/include/sodium/version.h"
cp "$(readlink -f "$lib")" "$d/prefix/lib/libsodium.so"
common=(-DBUILD_TESTING=OFF -DCRYPTOSPEED_WITH_OPENSSL=OFF -DCRYPTOSPEED_WITH_MBEDTLS=OFF
	-DCRYPTOSPEED_WITH_WOLFSSL=OFF -DCRYPTOSPEED_WITH_NETTLE=OFF)

# a prefix without the library: a configure error naming it
if cmake -S "$src" -B "$d/bad" "${common[@]}" -DCRYPTOSPEED_SODIUM_ROOTS="$d/empty" >"$d/bad.log" 2>&1; then
	fail "configure accepted a prefix without libsodium"
fi
# (cmake wraps long messages: join the lines first)
tr '\n' ' ' <"$d/bad.log" | tr -s ' ' | grep -q "'$d/empty' holds no sodium build" || { cat "$d/bad.log"; fail "error does not name the prefix"; }

cmake -S "$src" -B "$d/build" "${common[@]}" -DCRYPTOSPEED_SODIUM_ROOTS="$d/prefix" >"$d/cfg.log" 2>&1 ||
	{ cat "$d/cfg.log"; fail "configure with a root failed"; }
cmake --build "$d/build" -j2 >"$d/build.log" 2>&1 || { tail -20 "$d/build.log"; fail "build failed"; }
v=$(sed -n 's/#define SODIUM_VERSION_STRING "\(.*\)"/\1/p' "$d/prefix/include/sodium/version.h")
w="$d/build/bin/cryptospeed-worker-sodium@$v"
[ -x "$w" ] || fail "no worker $w"
# it loads the prefix's copy, not the system's
LD_DEBUG=libs "$w" --list 2>&1 | grep -q "$d/prefix/lib/libsodium.so" || fail "worker does not load the prefix's libsodium"
"$d/build/bin/cryptospeed" run --quick --alg sha256 --sizes 64 --no-evidence -o "$d/r.json" >"$d/out.txt" ||
	fail "run exited $?"
cat "$d/out.txt"
grep -q "^sodium/combined " "$d/out.txt" || fail "no system sodium row"
grep -q "^sodium@$v/combined " "$d/out.txt" || fail "no sodium@$v row"
"$CHECK" "$d/r.json" --lib sodium --lib "sodium@$v" --agree --min-samples 10 || fail "result file"
echo ok
