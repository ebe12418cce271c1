#!/usr/bin/env bash
# Install what cryptospeed needs from Debian/Ubuntu packages, if missing.
# As root: installs. Otherwise: prints the exact apt-get line and exits 1.
set -euo pipefail

packages=(
	build-essential cmake pkg-config
	libjansson-dev libcapstone-dev
	libssl-dev openssl
	libmbedtls-dev libwolfssl-dev libsodium-dev nettle-dev
)

missing=()
for p in "${packages[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
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
