# Hardware evidence under the emulator: the sampled instructions show the
# crypto extensions, and a mask makes them disappear. Usage: evidence.sh LIB.
#
# Nettle's SHA-1/SHA-256 are not checked for presence: Nettle 3.8 calls its
# straight-line assembly once per 64-byte block, and qemu-user delivers the
# timer signal only between translated blocks, so nearly every sample lands in
# the C caller (on a real board the sampler sees them). Their masks are checked.
. "$(dirname "$0")/lib.sh"
lib=${1:?usage: evidence.sh LIB}
have_worker "$lib" || skip "no $lib worker built"
# OpenSSL uses the crypto extensions on aarch64 and on 32-bit ARM (armv8-aes
# etc. name both); Debian's armhf Nettle 3.8 has no AES/SHA/PMULL assembly.
case "$lib/$CS_ARCH" in
openssl/aarch64 | openssl/arm | nettle/aarch64) ;;
*) skip "no expected classes written for $lib on $CS_ARCH" ;;
esac
d=$(tmpdir)
run() {	# run MASK ALGS: one mask, evidence at 8192 bytes
	cs_run "$d/$1.json" --quick --lib "=$lib" --alg "$2" --sizes 8192 --mask "$1"
}
case "$lib" in
openssl)
	run none sha256,sha1,aes-128-gcm
	check "$d/none.json" --lib openssl --evidence sha256=armv8-sha2 --evidence sha1=armv8-sha1 \
		--evidence aes-128-gcm=armv8-aes --evidence aes-128-gcm=pmull || fail "mask none"
	run no-sha sha256,sha1,aes-128-gcm
	check "$d/no-sha.json" --lib openssl --no-evidence-class sha256=armv8-sha2 \
		--no-evidence-class sha1=armv8-sha1 --evidence aes-128-gcm=armv8-aes || fail "mask no-sha"
	run no-aes sha256,aes-128-gcm
	check "$d/no-aes.json" --lib openssl --no-evidence-class aes-128-gcm=armv8-aes \
		--no-evidence-class aes-128-gcm=pmull --evidence sha256=armv8-sha2 || fail "mask no-aes"
	;;
nettle)
	run none aes-128-gcm
	check "$d/none.json" --lib nettle --evidence aes-128-gcm=armv8-aes \
		--evidence aes-128-gcm=pmull || fail "mask none"
	run no-aes aes-128-gcm
	check "$d/no-aes.json" --lib nettle --no-evidence-class aes-128-gcm=armv8-aes \
		--no-evidence-class aes-128-gcm=pmull || fail "mask no-aes"
	run no-sha sha256,sha1,aes-128-gcm
	check "$d/no-sha.json" --lib nettle --no-evidence-class sha256=armv8-sha2 \
		--no-evidence-class sha1=armv8-sha1 --evidence aes-128-gcm=armv8-aes || fail "mask no-sha"
	;;
*)
	fail "no evidence expectations written for $lib (known: openssl, nettle)"
	;;
esac
pass
