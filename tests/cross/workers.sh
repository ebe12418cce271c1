# Every adapter this build should have is there, runs under the emulator, says
# hello as the target architecture and sees the CPU's crypto features; with
# CRYPTOSPEED_STATIC every program is statically linked.
. "$(dirname "$0")/lib.sh"
d=$(tmpdir)
for lib in $CS_EXPECT; do
	have_worker "$lib" || fail "no cryptospeed-worker-$lib: that adapter was skipped at configure time (the configure output's 'skipped' line for $lib says why)"
done
n=0
for w in "$CS_BIN"/cryptospeed-worker-*; do
	name=${w##*/}
	echo '{"cmd":"quit"}' | "${EMU[@]}" "$w" >"$d/$name.hello" 2>"$d/$name.err" ||
		fail "$name under $CS_EMULATOR exited $?: $(head -3 "$d/$name.err")"
	grep -q '"type": *"hello"' "$d/$name.hello" || fail "$name said no hello: $(head -c 300 "$d/$name.hello")"
	grep -q "\"arch\": *\"$CS_ARCH\"" "$d/$name.hello" || fail "$name does not report arch $CS_ARCH"
	n=$((n + 1))
done
[ $n -gt 0 ] || fail "no workers in $CS_BIN"
# getauxval(AT_HWCAP) under qemu-user (AT_HWCAP2 on 32-bit ARM): its default
# CPU ("max") has the crypto extensions
features() { grep -o '"features": *"[^"]*"' "$1"; }
if [ "$CS_ARCH" = aarch64 ] || [ "$CS_ARCH" = arm ]; then
	for f in aes pmull sha1 sha2; do
		grep -q "\"features\": *\"[^\"]*\\b$f\\b" "$d/cryptospeed-worker-noop.hello" ||
			fail "CPU feature $f not seen (getauxval under $CS_EMULATOR): $(features "$d/cryptospeed-worker-noop.hello")"
	done
fi
# 32-bit ARM: the crypto extension is in AT_HWCAP2, which the hwcap mask of a
# board profile clears (core/worker/hwcap.c; --board rpi2 clears it): with it
# cleared, the worker and OpenSSL (its armcap reads getauxval(AT_HWCAP2))
# see none of it, on qemu's "max" CPU that has it
if [ "$CS_ARCH" = arm ]; then
	echo '{"cmd":"quit"}' | CRYPTOSPEED_HWCAP2_CLEAR=0xf "${EMU[@]}" "$CS_BIN/cryptospeed-worker-noop" \
		>"$d/masked.hello" 2>"$d/masked.err" || fail "masked noop worker exited $?: $(head -3 "$d/masked.err")"
	for f in aes pmull sha1 sha2; do
		grep -q "\"features\": *\"[^\"]*\\b$f\\b" "$d/masked.hello" &&
			fail "CPU feature $f still seen with CRYPTOSPEED_HWCAP2_CLEAR=0xf: $(features "$d/masked.hello")"
	done
	grep -q '"features": *"[^"]*\bneon\b' "$d/masked.hello" ||
		fail "neon (AT_HWCAP) lost with AT_HWCAP2 masked: $(features "$d/masked.hello")"
fi
if [ "$CS_STATIC" = ON ]; then
	command -v file >/dev/null || skip "'file' is not installed: cannot check static linking"
	for p in "$CS_BIN/cryptospeed" "$CS_BIN"/cryptospeed-worker-*; do
		file -b "$p" | grep -q "statically linked" || fail "${p##*/} is not statically linked: $(file -b "$p")"
	done
fi
cs list --launcher "$CS_EMULATOR" >"$d/list.txt" 2>&1 || fail "cryptospeed list exited $?: $(tail -3 "$d/list.txt")"
for lib in $CS_EXPECT; do
	grep -q "^$lib " "$d/list.txt" || fail "cryptospeed list does not show $lib"
done
grep -q "error:" "$d/list.txt" && fail "cryptospeed list: $(grep error: "$d/list.txt")"
pass "$n workers, arch $CS_ARCH, static $CS_STATIC"
