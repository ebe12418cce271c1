#!/usr/bin/env bash
# Adding an algorithm, done the way docs/architecture.md ("How to add an
# algorithm") says, in a throw-away copy of the tree: SHA-224, which OpenSSL,
# mbedTLS (PSA), Nettle, wolfSSL, NSS, BoringSSL and GnuTLS have and libsodium
# has not.
#
#   1. a line in core/workload/algs.def
#   2. its vectors in core/workload/vectors.c
#   3. one line in the table of each adapter that has it
#
# Then clang-format (when clang-format-14 is here: the new lines must not make
# it repack a table), git diff --numstat (exactly those files: +1 in algs.def
# and in each adapter's table, vectors added, nothing removed, nothing else),
# a build of the workers and the new algorithm's KATs (kat-<lib>-sha224) for
# every library that got a line. noop derives its table from algs.def; sodium
# gets no line and must not list it.
set -u
src=${1:?usage: add_alg.sh SOURCE_DIR [JOBS]}
jobs=${2:-2}
fail() {
	echo "FAIL: $*"
	exit 1
}
command -v git >/dev/null || {
	echo "skip: no git"
	exit 77
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tree=$tmp/src

# A copy of the sources as they are (committed or not), as its own repository.
mkdir -p "$tree"
tar -C "$src" --exclude='./build*' --exclude=./.git --exclude=./results -cf - . |
	tar -C "$tree" -xf - || fail "cannot copy $src"
if ! { git -C "$tree" init -q && git -C "$tree" add -A &&
	git -C "$tree" -c user.name=t -c user.email=t@t commit -qm base; }; then
	fail "git init in the copy"
fi

# "Insert LINE above the first line matching PATTERN in FILE"
insert_above() {
	local file=$1 pattern=$2 line=$3
	grep -qF -- "$pattern" "$tree/$file" || fail "$file: no line matching '$pattern'"
	awk -v pat="$pattern" -v add="$line" '!done && index($0, pat) { print add; done = 1 } 1' \
		"$tree/$file" >"$tmp/edit" && cat "$tmp/edit" >"$tree/$file"
}

# 1. the catalogue: a line after the last CS_ALG line
def=core/workload/algs.def
last=$(grep -n '^CS_ALG(' "$tree/$def" | tail -1 | cut -d: -f1)
sed -i "${last}a CS_ALG(sha224, \"sha224\", CS_HASH, CS_OPBIT(CS_OP_DIGEST), .out_len = 28, .block_len = 1)" \
	"$tree/$def"

# 2. its vectors (FIPS 180-4 example 'abc'; the empty message)
cat >>"$tree/core/workload/vectors.c" <<'EOF'

const cs_kat cs_kats_sha224[] = {
	{
		.source = "NIST FIPS 180-4 example SHA-224 one-block message 'abc'",
		.in = "616263",
		.out = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
	},
	{
		.source = "NIST CAVP SHAVS SHA224ShortMsg.rsp Len = 0 (empty message)",
		.in = "",
		.out = "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
	},
	{.source = NULL},
};
EOF

# 3. one line per adapter that has it, above each table's closing comment
end='/* a new line goes above this one */'
tab=$'\t'
pad() { # the line, its backslash at column 100 as clang-format puts it
	local s="$tab$1" width
	width=$((${#1} + 8))
	printf '%s%*s%s' "$s" $((99 - width)) '' "\\"
}
insert_above adapters/openssl/openssl_impls.h "$end" \
	"$(pad 'X(sha224, DIGEST, EVP_sha224, "SHA2-224", NULL, N)')"
insert_above adapters/mbedtls/mbedtls_impls.h "$end" \
	"$(pad 'X(sha224, N, HASH, "SHA-224", NONE, 0, SHA_224)')"
insert_above adapters/nettle/nettle_impls.h "$end" "$(pad 'X(sha224, HASH, sha224)')"
insert_above adapters/wolfssl/wolfssl.c "$end" "$(pad 'X(sha224, HASH, WC_HASH_TYPE_SHA224)')"
insert_above adapters/nss/nss.c "$end" "$(pad 'X(sha224, HASH, SEC_OID_SHA224)')"
insert_above adapters/boringssl/boringssl.c "$end" "$(pad 'X(sha224, HASH, EVP_sha224)')"
insert_above adapters/gnutls/gnutls.c "$end" "$(pad 'X(sha224, HASH, GNUTLS_DIG_SHA224)')"
tables=(adapters/openssl/openssl_impls.h adapters/mbedtls/mbedtls_impls.h
	adapters/nettle/nettle_impls.h adapters/wolfssl/wolfssl.c adapters/nss/nss.c
	adapters/boringssl/boringssl.c adapters/gnutls/gnutls.c)
libs=(openssl mbedtls nettle wolfssl nss boringssl gnutls)

# clang-format must leave the tables as they are (one line in, one line of diff)
if command -v clang-format-14 >/dev/null; then
	(cd "$tree" && clang-format-14 -i core/workload/vectors.c "${tables[@]}") ||
		fail "clang-format-14"
else
	echo "note: no clang-format-14: the layout under clang-format is not checked"
fi

# What changed: exactly these files, one added line per table
git -C "$tree" add -A
git -C "$tree" diff --cached --stat
declare -A want=([core/workload/algs.def]=1)
for t in "${tables[@]}"; do want[$t]=1; done
seen=0
while read -r added removed file; do
	if [[ $file == core/workload/vectors.c ]]; then
		((removed == 0 && added > 0)) || fail "vectors.c: +$added -$removed"
	elif [[ -n ${want[$file]:-} ]]; then
		((added == 1 && removed == 0)) || fail "$file: +$added -$removed, expected +1 -0"
	else
		fail "$file changed: adding an algorithm must not touch it"
	fi
	seen=$((seen + 1))
done < <(git -C "$tree" diff --cached --numstat)
((seen == ${#tables[@]} + 2)) || fail "$seen files changed, expected $((${#tables[@]} + 2))"

# Build the workers and run the new algorithm's KATs
b=$tmp/build
cmake -S "$tree" -B "$b" -DCMAKE_BUILD_TYPE=Release >"$tmp/cmake.log" 2>&1 ||
	fail "configure: $(tail -5 "$tmp/cmake.log")"
targets=()
known=$(cmake --build "$b" --target help)
for lib in "${libs[@]}" sodium noop; do
	grep -q "cryptospeed_worker_$lib\b" <<<"$known" && targets+=(--target "cryptospeed_worker_$lib")
done
cmake --build "$b" -j "$jobs" "${targets[@]}" >"$tmp/build.log" 2>&1 ||
	fail "build: $(grep -m5 -E 'error|Error' "$tmp/build.log")"
ran=0 built=0
for lib in "${libs[@]}"; do
	w=$b/bin/cryptospeed-worker-$lib
	[[ -x $w ]] || {
		echo "note: no $lib worker in this build"
		continue
	}
	built=$((built + 1))
	"$w" --list | grep -q '^[a-z0-9-]* *sha224 ' || fail "$lib does not list sha224"
	out=$("$w" --kat --alg sha224 2>&1)
	rc=$?
	echo "$out" | tail -1
	((rc == 0 || rc == 77)) || fail "kat-$lib-sha224 exited $rc: $out"
	((rc == 0)) && ran=$((ran + 1))
done
if ((built == 0)); then
	echo "skip: none of ${libs[*]} is built here"
	exit 77
fi
((ran > 0)) || fail "no library ran the new algorithm's KATs"
if [[ -x $b/bin/cryptospeed-worker-noop ]]; then
	"$b/bin/cryptospeed-worker-noop" --list | grep -q ' sha224 ' || fail "noop lacks sha224"
fi
if [[ -x $b/bin/cryptospeed-worker-sodium ]]; then
	! "$b/bin/cryptospeed-worker-sodium" --list | grep -q ' sha224 ' ||
		fail "sodium lists sha224 without a line"
fi
echo "ok: sha224 added in ${#tables[@]} adapter lines + algs.def + vectors; KATs passed for $ran libraries"
