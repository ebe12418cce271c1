#!/usr/bin/env bash
# Adding an algorithm, done the way docs/architecture.md ("How to add an
# algorithm") says, in a throw-away copy of the tree: AES-256-CBC, a new key
# size in the CBC family that OpenSSL, mbedTLS (PSA), Nettle, wolfSSL, NSS,
# BoringSSL, GnuTLS, libgcrypt and Botan already run for AES-128; libsodium
# has no CBC and gets no line.
#
#   1. a line in core/workload/algs.def
#   2. its vectors in core/workload/vectors.c
#   3. one line in the table of each adapter that has the family
#
# Then clang-format (when clang-format-14 is here: the new lines must not make
# it repack a table), git diff --numstat (exactly those files: +1 in algs.def
# and in each adapter's table, vectors added, nothing removed, nothing else),
# a build of every worker, and the KATs of every worker for the new algorithm
# and for AES-128-CBC (the family's first member must still pass): a family
# that hard-codes one key size fails here. noop derives its table from
# algs.def; sodium must not list it and its kat must skip (77), not fail.
set -u
src=${1:?usage: add_alg.sh SOURCE_DIR [JOBS]}
jobs=${2:-2}
. "$(dirname "$0")/tree_copy.sh"
command -v git >/dev/null || {
	echo "skip: no git"
	exit 77
}

# A copy of the sources as they are (committed or not), as its own repository.
tree_copy "$src" --exclude=./results
if ! { git -C "$tree" init -q && git -C "$tree" add -A &&
	git -C "$tree" -c user.name=t -c user.email=t@t commit -qm base; }; then
	fail "git init in the copy"
fi

# "Insert LINE above the first line matching PATTERN in FILE"
insert_above() {
	local file=$1 pattern=$2 line=$3
	grep -qF -- "$pattern" "$tree/$file" || fail "$file: no line matching '$pattern'"
	# (through the environment: awk -v would eat the line's closing backslash)
	PAT=$pattern ADD=$line awk '!done && index($0, ENVIRON["PAT"]) { print ENVIRON["ADD"]; done = 1 } 1' \
		"$tree/$file" >"$tmp/edit" && cat "$tmp/edit" >"$tree/$file"
}

# 1. the catalogue: a line after the last CS_ALG line
def=core/workload/algs.def
last=$(grep -n '^CS_ALG(' "$tree/$def" | tail -1 | cut -d: -f1)
sed -i "${last}a CS_ALG(aes_256_cbc, \"aes-256-cbc\", CS_CIPHER, CS_OPBIT(CS_OP_ENCRYPT), .key_len = 32, .nonce_len = 16, .block_len = 16)" \
	"$tree/$def"

# 2. its vectors (NIST SP 800-38A F.2.5)
cat >>"$tree/core/workload/vectors.c" <<'EOF'

const cs_kat cs_kats_aes_256_cbc[] = {
	{
		.source = "NIST SP 800-38A F.2.5 CBC-AES256.Encrypt, blocks #1-#4",
		.key = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
		.nonce = "000102030405060708090a0b0c0d0e0f",
		.in = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
		      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
		.out = "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
		       "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
	},
	{.source = NULL},
};
EOF

# 3. one line per adapter that has the family, above each table's closing comment
end='/* a new line goes above this one */'
tab=$'\t'
pad() { # the line, its backslash at column 100 as clang-format puts it
	local s="$tab$1" width
	width=$((${#1} + 8))
	printf '%s%*s%s' "$s" $((99 - width)) '' "\\"
}
insert_above adapters/openssl/openssl_impls.h "$end" \
	"$(pad 'X(aes_256_cbc, CBC, EVP_aes_256_cbc, "AES-256-CBC", NULL, N)')"
insert_above adapters/mbedtls/mbedtls_impls.h "$end" \
	"$(pad 'X(aes_256_cbc, N, CBC, "AES-256-CBC", AES, 256, CBC_NO_PADDING)')"
insert_above adapters/nettle/nettle_impls.h "$end" "$(pad 'X(aes_256_cbc, CBC, aes256)')"
insert_above adapters/wolfssl/wolfssl.c "$end" "$(pad 'X(aes_256_cbc, CBC, 256)')"
insert_above adapters/nss/nss.c "$end" "$(pad 'X(aes_256_cbc, CBC, -)')"
insert_above adapters/boringssl/boringssl.c "$end" "$(pad 'X(aes_256_cbc, CBC, EVP_aes_256_cbc)')"
insert_above adapters/gnutls/gnutls.c "$end" "$(pad 'X(aes_256_cbc, CBC, GNUTLS_CIPHER_AES_256_CBC)')"
insert_above adapters/gcrypt/gcrypt.c "$end" \
	"$(pad 'X(aes_256_cbc, CIPHER, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CBC)')"
insert_above adapters/botan/botan.c "$end" "$(pad 'X(aes_256_cbc, CIPHER, "AES-256/CBC/NoPadding")')"
tables=(adapters/openssl/openssl_impls.h adapters/mbedtls/mbedtls_impls.h
	adapters/nettle/nettle_impls.h adapters/wolfssl/wolfssl.c adapters/nss/nss.c
	adapters/boringssl/boringssl.c adapters/gnutls/gnutls.c adapters/gcrypt/gcrypt.c
	adapters/botan/botan.c)
libs=(openssl mbedtls nettle wolfssl nss boringssl gnutls gcrypt botan)

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
		((added == 1 && removed == 0)) ||
			fail "$file: +$added -$removed, expected +1 -0: $(git -C "$tree" diff --cached -- "$file")"
	else
		fail "$file changed: adding an algorithm must not touch it"
	fi
	seen=$((seen + 1))
done < <(git -C "$tree" diff --cached --numstat)
((seen == ${#tables[@]} + 2)) || fail "$seen files changed, expected $((${#tables[@]} + 2))"

# Build every worker and run the family's KATs in each
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
	"$w" --list | grep -q '^[a-z0-9-]* *aes-256-cbc ' || fail "$lib does not list aes-256-cbc"
	for alg in aes-256-cbc aes-128-cbc; do
		out=$("$w" --kat --alg $alg 2>&1)
		rc=$?
		echo "$lib: $(echo "$out" | tail -1)"
		((rc == 0 || rc == 77)) || fail "kat-$lib-$alg exited $rc: $out"
		[[ $alg == aes-256-cbc ]] && ((rc == 0)) && ran=$((ran + 1))
	done
done
if ((built == 0)); then
	echo "skip: none of ${libs[*]} is built here"
	exit 77
fi
((ran > 0)) || fail "no library ran the new algorithm's KATs"
if [[ -x $b/bin/cryptospeed-worker-noop ]]; then
	"$b/bin/cryptospeed-worker-noop" --list | grep -q ' aes-256-cbc ' || fail "noop lacks aes-256-cbc"
fi
if [[ -x $b/bin/cryptospeed-worker-sodium ]]; then
	! "$b/bin/cryptospeed-worker-sodium" --list | grep -q ' aes-256-cbc ' ||
		fail "sodium lists aes-256-cbc without a line"
	"$b/bin/cryptospeed-worker-sodium" --kat --alg aes-256-cbc >/dev/null 2>&1
	rc=$?
	((rc == 77)) || fail "kat-sodium-aes-256-cbc (no line) exited $rc, expected 77 (skip)"
fi
echo "ok: aes-256-cbc added in ${#tables[@]} adapter lines + algs.def + vectors; KATs passed for $ran of $built libraries"
