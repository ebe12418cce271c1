/*
 * Known-answer vectors (DESIGN section 3), one table per algorithm.
 *
 * Each table is an array of cs_kat ended by an entry with source == NULL.
 * Every field is a lowercase hex string ("" = empty, NULL = unused by the
 * kind); long values are split over lines by string-literal concatenation.
 * What each field holds per kind (adapter.h has the full description):
 *   AEAD    key, nonce, aad, in = plaintext, out = ciphertext, tag
 *   CIPHER  key, nonce = IV, in = plaintext, out = ciphertext
 *   HASH    in = message, out = digest
 *   KEX     key = our private key, in = peer public key, out = shared secret
 * Every vector is typed from the document named in `source` and was checked
 * against an independent implementation (Python `cryptography` / hashlib).
 */
#include "workload.h"

/* McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)", Appendix B. */
const cs_kat cs_kats_aes_128_gcm[] = {
	{
		.source = "GCM spec (McGrew & Viega) Appendix B, Test Case 1",
		.key = "00000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.aad = "",
		.in = "",
		.out = "",
		.tag = "58e2fccefa7e3061367f1d57a4e7455a",
	},
	{
		.source = "GCM spec (McGrew & Viega) Appendix B, Test Case 2",
		.key = "00000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.aad = "",
		.in = "00000000000000000000000000000000",
		.out = "0388dace60b6a392f328c2b971b2fe78",
		.tag = "ab6e47d42cec13bdf53a67b21257bddf",
	},
	{
		.source = "GCM spec (McGrew & Viega) Appendix B, Test Case 3",
		.key = "feffe9928665731c6d6a8f9467308308",
		.nonce = "cafebabefacedbaddecaf888",
		.aad = "",
		.in = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
		      "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
		.out = "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
		       "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
		.tag = "4d5c2af327cd64a62cf35abd2ba6fab4",
	},
	{
		.source = "GCM spec (McGrew & Viega) Appendix B, Test Case 4",
		.key = "feffe9928665731c6d6a8f9467308308",
		.nonce = "cafebabefacedbaddecaf888",
		.aad = "feedfacedeadbeeffeedfacedeadbeefabaddad2",
		.in = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
		      "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
		.out = "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
		       "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
		.tag = "5bc94fbc3221a5db94fae95ae7121a47",
	},
	{.source = NULL},
};

const cs_kat cs_kats_aes_256_gcm[] = {
	{
		.source = "GCM spec (McGrew & Viega) Appendix B, Test Case 13",
		.key = "0000000000000000000000000000000000000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.aad = "",
		.in = "",
		.out = "",
		.tag = "530f8afbc74536b9a963b4f1c4cb738b",
	},
	{
		.source = "GCM spec (McGrew & Viega) Appendix B, Test Case 14",
		.key = "0000000000000000000000000000000000000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.aad = "",
		.in = "00000000000000000000000000000000",
		.out = "cea7403d4d606b6e074ec5d3baf39d18",
		.tag = "d0d1c8a799996bf0265b98b5d48ab919",
	},
	{
		.source = "GCM spec (McGrew & Viega) Appendix B, Test Case 15",
		.key = "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
		.nonce = "cafebabefacedbaddecaf888",
		.aad = "",
		.in = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
		      "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
		.out = "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
		       "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
		.tag = "b094dac5d93471bdec1a502270e3cc6c",
	},
	{
		.source = "GCM spec (McGrew & Viega) Appendix B, Test Case 16",
		.key = "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
		.nonce = "cafebabefacedbaddecaf888",
		.aad = "feedfacedeadbeeffeedfacedeadbeefabaddad2",
		.in = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
		      "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
		.out = "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
		       "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
		.tag = "76fc6ece0f4e1768cddf8853bb2d551b",
	},
	{.source = NULL},
};

/* RFC 8439. The 2.8.2 nonce is the 32-bit constant 07000000 || IV. */
const cs_kat cs_kats_chacha20_poly1305[] = {
	{
		.source = "RFC 8439 section 2.8.2, AEAD_CHACHA20_POLY1305 test vector",
		.key = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
		.nonce = "070000004041424344454647",
		.aad = "50515253c0c1c2c3c4c5c6c7",
		.in = "4c616469657320616e642047656e746c656d656e206f662074686520636c6173"
		      "73206f66202739393a204966204920636f756c64206f6666657220796f75206f"
		      "6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
		      "637265656e20776f756c642062652069742e",
		.out = "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
		       "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
		       "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
		       "3ff4def08e4b7a9de576d26586cec64b6116",
		.tag = "1ae10b594f09e26a7e902ecbd0600691",
	},
	{
		.source = "RFC 8439 appendix A.5, ChaCha20-Poly1305 AEAD decryption",
		.key = "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
		.nonce = "000000000102030405060708",
		.aad = "f33388860000000000004e91",
		.in = "496e7465726e65742d4472616674732061726520647261667420646f63756d65"
		      "6e74732076616c696420666f722061206d6178696d756d206f6620736978206d"
		      "6f6e74687320616e64206d617920626520757064617465642c207265706c6163"
		      "65642c206f72206f62736f6c65746564206279206f7468657220646f63756d65"
		      "6e747320617420616e792074696d652e20497420697320696e617070726f7072"
		      "6961746520746f2075736520496e7465726e65742d4472616674732061732072"
		      "65666572656e6365206d6174657269616c206f7220746f206369746520746865"
		      "6d206f74686572207468616e206173202fe2809c776f726b20696e2070726f67"
		      "726573732e2fe2809d",
		.out = "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2"
		       "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf"
		       "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
		       "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4"
		       "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e"
		       "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
		       "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10"
		       "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29"
		       "a6ad5cb4022b02709b",
		.tag = "eead9d67890cbb22392336fea1851f38",
	},
	{.source = NULL},
};

/* NIST SP 800-38A appendix F.2.1; nonce is the IV. */
const cs_kat cs_kats_aes_128_cbc[] = {
	{
		.source = "NIST SP 800-38A F.2.1 CBC-AES128.Encrypt, blocks #1-#4",
		.key = "2b7e151628aed2a6abf7158809cf4f3c",
		.nonce = "000102030405060708090a0b0c0d0e0f",
		.in = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
		      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
		.out = "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
		       "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
	},
	{
		.source = "NIST SP 800-38A F.2.1 CBC-AES128.Encrypt, block #1 only",
		.key = "2b7e151628aed2a6abf7158809cf4f3c",
		.nonce = "000102030405060708090a0b0c0d0e0f",
		.in = "6bc1bee22e409f96e93d7e117393172a",
		.out = "7649abac8119b246cee98e9b12e9197d",
	},
	{.source = NULL},
};

/*
 * Hashes: the NIST FIPS 180-4 example messages ("Examples with Intermediate
 * Values", csrc.nist.gov) and the empty message from the CAVP SHAVS byte
 * vectors (<ALG>ShortMsg.rsp, Len = 0).
 */
const cs_kat cs_kats_sha1[] = {
	{
		.source = "NIST FIPS 180-4 example SHA-1 one-block message 'abc'",
		.in = "616263",
		.out = "a9993e364706816aba3e25717850c26c9cd0d89d",
	},
	{
		.source = "NIST CAVP SHAVS SHA1ShortMsg.rsp Len = 0 (empty message)",
		.in = "",
		.out = "da39a3ee5e6b4b0d3255bfef95601890afd80709",
	},
	{
		.source = "NIST FIPS 180-4 example SHA-1 two-block message 'abcdbcde...nopq'",
		.in = "6162636462636465636465666465666765666768666768696768696a68696a6b"
		      "696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071",
		.out = "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
	},
	{.source = NULL},
};

const cs_kat cs_kats_sha256[] = {
	{
		.source = "NIST FIPS 180-4 example SHA-256 one-block message 'abc'",
		.in = "616263",
		.out = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	},
	{
		.source = "NIST CAVP SHAVS SHA256ShortMsg.rsp Len = 0 (empty message)",
		.in = "",
		.out = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	},
	{
		.source = "NIST FIPS 180-4 example SHA-256 two-block message 'abcdbcde...nopq'",
		.in = "6162636462636465636465666465666765666768666768696768696a68696a6b"
		      "696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071",
		.out = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	},
	{
		.source = "SHA-256 of the 896-bit FIPS 180-4 SHA-512 two-block example "
			  "message 'abcdefghbcdefghi...nopqrstu'",
		.in = "61626364656667686263646566676869636465666768696a6465666768696a6b"
		      "65666768696a6b6c666768696a6b6c6d6768696a6b6c6d6e68696a6b6c6d6e6f"
		      "696a6b6c6d6e6f706a6b6c6d6e6f70716b6c6d6e6f7071726c6d6e6f70717273"
		      "6d6e6f70717273746e6f707172737475",
		.out = "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
	},
	{.source = NULL},
};

const cs_kat cs_kats_sha512[] = {
	{
		.source = "NIST FIPS 180-4 example SHA-512 one-block message 'abc'",
		.in = "616263",
		.out = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
		       "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
	},
	{
		.source = "NIST CAVP SHAVS SHA512ShortMsg.rsp Len = 0 (empty message)",
		.in = "",
		.out = "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
		       "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
	},
	{
		.source = "NIST FIPS 180-4 example SHA-512 two-block message "
			  "'abcdefghbcdefghi...nopqrstu' (896 bits)",
		.in = "61626364656667686263646566676869636465666768696a6465666768696a6b"
		      "65666768696a6b6c666768696a6b6c6d6768696a6b6c6d6e68696a6b6c6d6e6f"
		      "696a6b6c6d6e6f706a6b6c6d6e6f70716b6c6d6e6f7071726c6d6e6f70717273"
		      "6d6e6f70717273746e6f707172737475",
		.out = "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
		       "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
	},
	{.source = NULL},
};

/* RFC 7748: scalars and u-coordinates as the RFC prints them (little-endian). */
const cs_kat cs_kats_x25519[] = {
	{
		.source = "RFC 7748 section 6.1, Alice's private key a with Bob's public key",
		.key = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
		.in = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
		.out = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
	},
	{
		.source = "RFC 7748 section 6.1, Bob's private key b with Alice's public key",
		.key = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
		.in = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
		.out = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
	},
	{
		.source = "RFC 7748 section 5.2, first X25519 test vector",
		.key = "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
		.in = "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
		.out = "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
	},
	{.source = NULL},
};

/*
 * P-256 ECDH: key = d (big-endian), in = 04 || X || Y of the peer, out = the
 * X coordinate of the shared point. The CAVS entries are NIST CAVS 14.1
 * "ECC CDH Primitive" (SP 800-56A), KAS_ECC_CDH_PrimitiveTest.txt, [P-256]:
 * key = dIUT, in = 04 || QCAVSx || QCAVSy, out = ZIUT.
 */
const cs_kat cs_kats_p256[] = {
	{
		.source = "NIST CAVS 14.1 KAS ECC CDH primitive test, [P-256] COUNT = 0",
		.key = "7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534",
		.in = "04"
		      "700c48f77f56584c5cc632ca65640db91b6bacce3a4df6b42ce7cc838833d287"
		      "db71e509e3fd9b060ddb20ba5c51dcc5948d46fbf640dfe0441782cab85fa4ac",
		.out = "46fc62106420ff012e54a434fbdd2d25ccc5852060561e68040dd7778997bd7b",
	},
	{
		.source = "NIST CAVS 14.1 KAS ECC CDH primitive test, [P-256] COUNT = 1",
		.key = "38f65d6dce47676044d58ce5139582d568f64bb16098d179dbab07741dd5caf5",
		.in = "04"
		      "809f04289c64348c01515eb03d5ce7ac1a8cb9498f5caa50197e58d43a86a7ae"
		      "b29d84e811197f25eba8f5194092cb6ff440e26d4421011372461f579271cda3",
		.out = "057d636096cb80b67a8c038c890e887d1adfa4195e9b3ce241c8a778c59cda67",
	},
	{
		.source = "RFC 5903 section 8.1 (256-bit random ECP group), "
			  "initiator i with responder g^r",
		.key = "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433",
		.in = "04"
		      "d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63"
		      "56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab",
		.out = "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de",
	},
	{
		.source = "RFC 5903 section 8.1 (256-bit random ECP group), "
			  "responder r with initiator g^i",
		.key = "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53",
		.in = "04"
		      "dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180"
		      "5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3",
		.out = "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de",
	},
	{.source = NULL},
};

/*
 * Signatures. key = private key, pub = public key, in = message, out =
 * signature (adapter.h has the encodings). Every signature here was checked
 * with Python `cryptography` 48 (and the RSA one with `openssl dgst -sign`).
 *
 * Ed25519: RFC 8032 section 7.1, the test vectors as the RFC prints them.
 */
const cs_kat cs_kats_ed25519[] = {
	{
		.source = "RFC 8032 section 7.1, Ed25519 TEST 1",
		.key = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
		.pub = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
		.in = "",
		.out = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
		       "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
	},
	{
		.source = "RFC 8032 section 7.1, Ed25519 TEST 2",
		.key = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
		.pub = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
		.in = "72",
		.out = "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
		       "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
	},
	{
		.source = "RFC 8032 section 7.1, Ed25519 TEST 3",
		.key = "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
		.pub = "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
		.in = "af82",
		.out = "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
		       "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
	},
	{
		.source = "RFC 8032 section 7.1, Ed25519 TEST SHA(abc) (the message is SHA-512 of "
			  "'abc')",
		.key = "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
		.pub = "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
		.in = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
		      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
		.out = "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
		       "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
	},
	{.source = NULL},
};

/*
 * ECDSA P-256 with SHA-256, signatures r||s. The first key's vectors are the
 * deterministic ones of RFC 6979 appendix A.2.5 (a library with RFC 6979
 * signing reproduces them; a randomized one verifies its own signature and
 * this one). The CAVP entries are NIST CAVP FIPS 186-4 ECDSA test vectors,
 * [P-256,SHA-256]: SigGen.txt's first record and SigVer.rsp's Result = P
 * record, both verify vectors (no key here: SigGen's k is random, so its
 * signature cannot be reproduced; SigVer has no private key).
 */
const cs_kat cs_kats_ecdsa_p256[] = {
	{
		.source = "RFC 6979 A.2.5, P-256, SHA-256, message 'sample'",
		.key = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
		.pub = "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29f"
		       "b67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d44622"
		       "99",
		.in = "73616d706c65",
		.out = "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
		       "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8",
	},
	{
		.source = "RFC 6979 A.2.5, P-256, SHA-256, message 'test'",
		.key = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
		.pub = "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29f"
		       "b67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d44622"
		       "99",
		.in = "74657374",
		.out = "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367"
		       "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083",
	},
	{
		.source = "NIST CAVP FIPS 186-4 ECDSA SigGen.txt [P-256,SHA-256] first record",
		/* d = 519b423d715f8b581f4fa8ee59f4771a5b44c8130b4e3eacca54a56dda72b464 */
		.pub = "041ccbe91c075fc7f4f033bfa248db8fccd3565de94bbfb12f3c59ff46c271bf"
		       "83ce4014c68811f9a21a1fdb2c0e6113e06db7ca93b7404e78dc7ccd5ca89a4c"
		       "a9",
		.in = "5905238877c77421f73e43ee3da6f2d9e2ccad5fc942dcec0cbd25482935faaf"
		      "416983fe165b1a045ee2bcd2e6dca3bdf46c4310a7461f9a37960ca672d3feb5"
		      "473e253605fb1ddfd28065b53cb5858a8ad28175bf9bd386a5e471ea7a65c17c"
		      "c934a9d791e91491eb3754d03799790fe2d308d16146d5c9b0d0debd97d79ce8",
		.out = "f3ac8061b514795b8843e3d6629527ed2afd6b1f6a555a7acabb5e6f79c8c2ac"
		       "8bf77819ca05a6b2786c76262bf7371cef97b218e96f175a3ccdda2acc058903",
	},
	{
		.source = "NIST CAVP FIPS 186-4 ECDSA SigVer.rsp [P-256,SHA-256], a Result = P "
			  "record",
		.pub = "04e424dc61d4bb3cb7ef4344a7f8957a0c5134e16f7a67c074f82e6e12f49abf"
		       "3c970eed7aa2bc48651545949de1dddaf0127e5965ac85d1243d6f60e7dfaee9"
		       "27",
		.in = "e1130af6a38ccb412a9c8d13e15dbfc9e69a16385af3c3f1e5da954fd5e7c45f"
		      "d75e2b8c36699228e92840c0562fbf3772f07e17f1add56588dd45f7450e1217"
		      "ad239922dd9c32695dc71ff2424ca0dec1321aa47064a044b7fe3c2b97d03ce4"
		      "70a592304c5ef21eed9f93da56bb232d1eeb0035f9bf0dfafdcc4606272b20a3",
		.out = "bf96b99aa49c705c910be33142017c642ff540c76349b9dab72f981fd9347f4f"
		       "17c55095819089c2e03b9cd415abdf12444e323075d98f31920b9e0f57ec871c",
	},
	{.source = NULL},
};

/*
 * RSA-2048, RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 section 8.2): keys as
 * DER RSAPrivateKey / RSAPublicKey. The signing key is the 2048-bit key pair
 * of the PKCS #1 v2.1 test vectors (pss-vect.txt, Example 10: n, e, d, p, q,
 * dP, dQ, qInv as printed there); PKCS#1 v1.5 is deterministic, and its
 * signature of Example 10.2's message was computed with Python
 * `cryptography` and `openssl dgst -sha256 -sign`, which agree. The CAVP
 * entries are NIST CAVP FIPS 186-4 SigGen15_186-3 [mod = 2048] (n, e = 0x1001
 * and SHA256 Msg/S as printed; the file has no private key): verify vectors.
 */
const cs_kat cs_kats_rsa_2048[] = {
	{
		.source = "PKCS #1 v2.1 vectors, Example 10 key, PKCS#1 v1.5 SHA-256 of Example "
			  "10.2's message",
		.key = "308204a30201000282010100a5dd867ac4cb02f90b9457d48c14a770ef991c56"
		       "c39c0ec65fd11afa8937cea57b9be7ac73b45c0017615b82d622e318753b6027"
		       "c0fd157be12f8090fee2a7adcd0eef759f88ba4997c7a42d58c9aa12cb99ae00"
		       "1fe521c13bb5431445a8d5ae4f5e4c7e948ac227d3604071f20e577e905fbeb1"
		       "5dfaf06d1de5ae6253d63a6a2120b31a5da5dabc9550600e20f27d3739e26279"
		       "25fea3cc509f21dff04e6eea4549c540d6809ff9307eede91fff58733d8385a2"
		       "37d6d3705a33e391900992070df7adf1357cf7e3700ce3667de83f17b8df1778"
		       "db381dce09cb4ad058a511001a738198ee27cf55a13b754539906582ec8b174b"
		       "d58d5d1f3d767c613721ae050203010001028201002d2ff567b3fe74e06191b7"
		       "fded6de112290c670692430d5969184047da234c9693deed1673ed429539c969"
		       "d372c04d6b47e0f5b8cee0843e5c22835dbd3b05a0997984ae6058b11bc4907c"
		       "bf67ed84fa9ae252dfb0d0cd49e618e35dfdfe59bca3ddd66c33cebbc77ad441"
		       "aa695e13e324b518f01c60f5a85c994ad179f2a6b5fbe93402b11767be01bf07"
		       "3444d6ba1dd2bca5bd074d4a5fae3531ad1303d84b30d897318cbbba04e03c2e"
		       "66de6d91f82f96ea1d4bb54a5aae102d594657f5c9789553512b296dea29d802"
		       "3196357e3e3a6e958f39e3c2344038ea604b31edc6f0f7ff6e7181a57c92826a"
		       "268f86768e96f878562fc71d85d69e448612f7048f02818100cfd50283feeeb9"
		       "7f6f08d73cbc7b3836f82bbcd499479f5e6f76fdfcb8b38c4f71dc9e88bd6a6f"
		       "76371afd65d2af1862b32afb34a95f71b8b132043ffebe3a952baf7592448148"
		       "c03f9c69b1d68e4ce5cf32c86baf46fed301ca1ab403069b32f456b91f71898a"
		       "b081cd8c4252ef5271915c9794b8f295851da7510f99cb73eb02818100cc4e90"
		       "d2a1b3a065d3b2d1f5a8fce31b544475664eab561d2971b99fb7bef844e8ec1f"
		       "360b8c2ac8359692971ea6a38f723fcc211f5dbcb177a0fdac5164a1d4ff7fbb"
		       "4e829986353cb983659a148cdd420c7d31ba3822ea90a32be46c030e8c17e1fa"
		       "0ad37859e06b0aa6fa3b216d9cbe6c0e22339769c0a615913e5da719cf028180"
		       "1c2d1fc32f6bc4004fd85dfde0fbbf9a4c38f9c7c4e41dea1aa88234a201cd92"
		       "f3b7da526583a98ad85bb360fb983b711e23449d561d1778d7a515486bcbf47b"
		       "46c9e9e1a3a1f77000efbeb09a8afe47e5b857cda99cb16d7fff9b712e3bd60c"
		       "a96d9c7973d616d46934a9c050281c004399ceff1db7dda78766a8a9b9cb0873"
		       "02818100cb3b3c04caa58c60be7d9b2debb3e39643f4f57397be08236a1e9eaf"
		       "aa706536e71c3acfe01cc651f23c9e05858fee13bb6a8afc47df4edc9a4ba30b"
		       "cecb73d0157852327ee789015c2e8dee7b9f05a0f31ac94eb6173164740c5c95"
		       "147cd5f3b5ae2cb4a83787f01d8ab31f27c2d0eea2dd8a11ab906aba207c43c6"
		       "ee12533102818012f6b2cf1374a736fad05616050f96ab4b61d1177c7f9d525a"
		       "29f3d180e77667e99d99abf0525d0758660f3752655b0f25b8df8431d9a8ff77"
		       "c16c12a0a5122a9f0bf7cfd5a266a35c159f991208b90316ff444f3e0b6bd0e9"
		       "3b8a7a2448e957e3dda6cfcf2266b106013ac46808d3b3887b3b00344baac953"
		       "0b4ce708fc32b6",
		.pub = "3082010a0282010100a5dd867ac4cb02f90b9457d48c14a770ef991c56c39c0e"
		       "c65fd11afa8937cea57b9be7ac73b45c0017615b82d622e318753b6027c0fd15"
		       "7be12f8090fee2a7adcd0eef759f88ba4997c7a42d58c9aa12cb99ae001fe521"
		       "c13bb5431445a8d5ae4f5e4c7e948ac227d3604071f20e577e905fbeb15dfaf0"
		       "6d1de5ae6253d63a6a2120b31a5da5dabc9550600e20f27d3739e2627925fea3"
		       "cc509f21dff04e6eea4549c540d6809ff9307eede91fff58733d8385a237d6d3"
		       "705a33e391900992070df7adf1357cf7e3700ce3667de83f17b8df1778db381d"
		       "ce09cb4ad058a511001a738198ee27cf55a13b754539906582ec8b174bd58d5d"
		       "1f3d767c613721ae050203010001",
		.in = "dd670a01465868adc93f26131957a50c52fb777cdbaa30892c9e12361164ec13"
		      "979d43048118e4445db87bee58dd987b3425d02071d8dbae80708b039dbb64db"
		      "d1de5657d9fed0c118a54143742e0ff3c87f74e45857647af3f79eb0a14c9d75"
		      "ea9a1a04b7cf478a897a708fd988f48e801edb0b7039df8c23bb3c56f4e821ac",
		.out = "291ca2b35520dc3ae5dd0a4bf01dc4bba305c274ec0322c2c3e76c9a28d7142c"
		       "e08f53dbca8f21c233a309227210f4198fdf30679acbc13feb65d75c4a56c2f7"
		       "fa75369d0de5fe2528108a32bdb423104cac1d92caf4cd76b9d4e43ff9701055"
		       "4a62c885b36a5761d5ec55061b2250b749d5c7bc76739f82cd89cb6be4b06f6c"
		       "bbeca3a842b436a35aa3f22e59217825d584ffe6a35248790570871a138af414"
		       "8bd2c2c480e1005c8ef61099fc99a3d3b39ed80e06194f31e6bc65f3bf310b0b"
		       "50a5f6ee706ec1be1aefa59bfaad6270c53fc91d15653fd2f77256112d24f146"
		       "87b3f69a78ce62390681dbd66676b507a7c3a06e10c52b266454cb0aa719c9f2",
	},
	{
		.source = "PKCS #1 v2.1 vectors, Example 10 key, PKCS#1 v1.5 SHA-256 of 'abc'",
		.key = "308204a30201000282010100a5dd867ac4cb02f90b9457d48c14a770ef991c56"
		       "c39c0ec65fd11afa8937cea57b9be7ac73b45c0017615b82d622e318753b6027"
		       "c0fd157be12f8090fee2a7adcd0eef759f88ba4997c7a42d58c9aa12cb99ae00"
		       "1fe521c13bb5431445a8d5ae4f5e4c7e948ac227d3604071f20e577e905fbeb1"
		       "5dfaf06d1de5ae6253d63a6a2120b31a5da5dabc9550600e20f27d3739e26279"
		       "25fea3cc509f21dff04e6eea4549c540d6809ff9307eede91fff58733d8385a2"
		       "37d6d3705a33e391900992070df7adf1357cf7e3700ce3667de83f17b8df1778"
		       "db381dce09cb4ad058a511001a738198ee27cf55a13b754539906582ec8b174b"
		       "d58d5d1f3d767c613721ae050203010001028201002d2ff567b3fe74e06191b7"
		       "fded6de112290c670692430d5969184047da234c9693deed1673ed429539c969"
		       "d372c04d6b47e0f5b8cee0843e5c22835dbd3b05a0997984ae6058b11bc4907c"
		       "bf67ed84fa9ae252dfb0d0cd49e618e35dfdfe59bca3ddd66c33cebbc77ad441"
		       "aa695e13e324b518f01c60f5a85c994ad179f2a6b5fbe93402b11767be01bf07"
		       "3444d6ba1dd2bca5bd074d4a5fae3531ad1303d84b30d897318cbbba04e03c2e"
		       "66de6d91f82f96ea1d4bb54a5aae102d594657f5c9789553512b296dea29d802"
		       "3196357e3e3a6e958f39e3c2344038ea604b31edc6f0f7ff6e7181a57c92826a"
		       "268f86768e96f878562fc71d85d69e448612f7048f02818100cfd50283feeeb9"
		       "7f6f08d73cbc7b3836f82bbcd499479f5e6f76fdfcb8b38c4f71dc9e88bd6a6f"
		       "76371afd65d2af1862b32afb34a95f71b8b132043ffebe3a952baf7592448148"
		       "c03f9c69b1d68e4ce5cf32c86baf46fed301ca1ab403069b32f456b91f71898a"
		       "b081cd8c4252ef5271915c9794b8f295851da7510f99cb73eb02818100cc4e90"
		       "d2a1b3a065d3b2d1f5a8fce31b544475664eab561d2971b99fb7bef844e8ec1f"
		       "360b8c2ac8359692971ea6a38f723fcc211f5dbcb177a0fdac5164a1d4ff7fbb"
		       "4e829986353cb983659a148cdd420c7d31ba3822ea90a32be46c030e8c17e1fa"
		       "0ad37859e06b0aa6fa3b216d9cbe6c0e22339769c0a615913e5da719cf028180"
		       "1c2d1fc32f6bc4004fd85dfde0fbbf9a4c38f9c7c4e41dea1aa88234a201cd92"
		       "f3b7da526583a98ad85bb360fb983b711e23449d561d1778d7a515486bcbf47b"
		       "46c9e9e1a3a1f77000efbeb09a8afe47e5b857cda99cb16d7fff9b712e3bd60c"
		       "a96d9c7973d616d46934a9c050281c004399ceff1db7dda78766a8a9b9cb0873"
		       "02818100cb3b3c04caa58c60be7d9b2debb3e39643f4f57397be08236a1e9eaf"
		       "aa706536e71c3acfe01cc651f23c9e05858fee13bb6a8afc47df4edc9a4ba30b"
		       "cecb73d0157852327ee789015c2e8dee7b9f05a0f31ac94eb6173164740c5c95"
		       "147cd5f3b5ae2cb4a83787f01d8ab31f27c2d0eea2dd8a11ab906aba207c43c6"
		       "ee12533102818012f6b2cf1374a736fad05616050f96ab4b61d1177c7f9d525a"
		       "29f3d180e77667e99d99abf0525d0758660f3752655b0f25b8df8431d9a8ff77"
		       "c16c12a0a5122a9f0bf7cfd5a266a35c159f991208b90316ff444f3e0b6bd0e9"
		       "3b8a7a2448e957e3dda6cfcf2266b106013ac46808d3b3887b3b00344baac953"
		       "0b4ce708fc32b6",
		.pub = "3082010a0282010100a5dd867ac4cb02f90b9457d48c14a770ef991c56c39c0e"
		       "c65fd11afa8937cea57b9be7ac73b45c0017615b82d622e318753b6027c0fd15"
		       "7be12f8090fee2a7adcd0eef759f88ba4997c7a42d58c9aa12cb99ae001fe521"
		       "c13bb5431445a8d5ae4f5e4c7e948ac227d3604071f20e577e905fbeb15dfaf0"
		       "6d1de5ae6253d63a6a2120b31a5da5dabc9550600e20f27d3739e2627925fea3"
		       "cc509f21dff04e6eea4549c540d6809ff9307eede91fff58733d8385a237d6d3"
		       "705a33e391900992070df7adf1357cf7e3700ce3667de83f17b8df1778db381d"
		       "ce09cb4ad058a511001a738198ee27cf55a13b754539906582ec8b174bd58d5d"
		       "1f3d767c613721ae050203010001",
		.in = "616263",
		.out = "8fd21efb207132316928f4c9e236b8f38a442befcd83d151cded25238420adf9"
		       "dd13e24b90156e9c6ba5a39d7106448a5d5a95453b3fdc390c35c30b97162e39"
		       "2ad114c1bcdb928aabec92f55df63ab5bbc12fe14631da4134bbe235c845909a"
		       "06c42176c522581b2a3a46af0be97a4cda895cf8d11717fd00b4517ee7d8779b"
		       "906e7748dd615c2df4dc5c274d619b3d92630657621c715a1daa758e3f250116"
		       "e740beb0d0aa2d883380ccce942a34439e28aba1d5ab91718a8df77f496a58c1"
		       "f3c8b72a340aeed82cb286e009d4f00642a0602b016f4adfe75c2e2094c6634b"
		       "879acb16f97c8880760230a50929eb061fac10f8471f2390c3b71eb550eb2ac5",
	},
	{
		.source = "NIST CAVP FIPS 186-4 SigGen15_186-3.rsp [mod = 2048] SHAAlg = SHA256, "
			  "record 1",
		.pub = "308201090282010100a564d3d06be468a46958d56bb4884e2c4c28f538b7e15d"
		       "f35330505177789d3e1d792ad7aec7fc80a8cccf7ed4030471100401724bd463"
		       "6a8a8244180cc655e256c00e778efe8bea55ab52d3a557075e35039d687cc075"
		       "5b939a44a73033a0a6f09d2d6ae7e6593380718be00814d20567b1d7d48b6337"
		       "35e423017ff0a7b406d822f45fbb4d234028ca78abb702b18fcce13d2f69148e"
		       "f584e9aaf283caab38f6946d342d600c6e77b7370a05ff302e5483b0faad3103"
		       "d0b3e8c9c8e9eca1d4a871bdbd09585eb00dc3a488271cf6a3b767e68ea9bd2c"
		       "83e8c89fd047f17915cf6a4c05bb9222b7e4470df5f3f1a28324c1aafcbb2236"
		       "d2293041d128b0e15f02021001",
		.in = "8f51ec6359d7efe1898274fa89ea4a91b8bbf95e05fef84bbc9a201e9f1a6159"
		      "39b0b45e6f7a50d7580521554f1076374692face5dfee5bfb3c573a87b1c9606"
		      "5301e756d278e37a601b545f4bd10ddd17dedade151cb7c33787400322ff6915"
		      "854a6f91a9590f924accf55ea6b87749d3a783d655e0d620f0e96f78bb4b4450",
		.out = "795b0d51721469dcdf14df08eacaa83af79c2734226b3c8e048cbc4bd44ed7dc"
		       "6c1efaefe1c71f017a87641827a0d3af287e8c27efa7cebfc9435efc7f6eab1e"
		       "373551887217d08313e8ae5ef0b0efcb87c49c1f2898fcc117ac7db229d34bd4"
		       "ac39a4f91377f4b5a038338e7d4cf530e4e00ff67bf257e27e55fa6d2c0eb21a"
		       "d0bcfd65f9ea760a440cab4f904d4b817604289bc8ff96fb07c0a23b5d31abff"
		       "a706241d47fb42ef09b7bec820e6076ebe7e1e0f4eefe755bab2cbcae557aab8"
		       "208bb681d5381c1d09b4ccf1100f33cad1990efb507062ea51de3dfae0821f10"
		       "6b4b052244c379d0d32de7a56ee17a7d9a5dca2b472f0d3eefa05f4e02fc0295",
	},
	{
		.source = "NIST CAVP FIPS 186-4 SigGen15_186-3.rsp [mod = 2048] SHAAlg = SHA256, "
			  "record 2",
		.pub = "308201090282010100a564d3d06be468a46958d56bb4884e2c4c28f538b7e15d"
		       "f35330505177789d3e1d792ad7aec7fc80a8cccf7ed4030471100401724bd463"
		       "6a8a8244180cc655e256c00e778efe8bea55ab52d3a557075e35039d687cc075"
		       "5b939a44a73033a0a6f09d2d6ae7e6593380718be00814d20567b1d7d48b6337"
		       "35e423017ff0a7b406d822f45fbb4d234028ca78abb702b18fcce13d2f69148e"
		       "f584e9aaf283caab38f6946d342d600c6e77b7370a05ff302e5483b0faad3103"
		       "d0b3e8c9c8e9eca1d4a871bdbd09585eb00dc3a488271cf6a3b767e68ea9bd2c"
		       "83e8c89fd047f17915cf6a4c05bb9222b7e4470df5f3f1a28324c1aafcbb2236"
		       "d2293041d128b0e15f02021001",
		.in = "39b677f7dafb6b14da364a0a85cfe927802e26a1b6d97ddb94dcd6e4796ea140"
		      "68d125ec017a159caf72654722fc5be50078e978d7873a4957708b74bec33ca6"
		      "933c272697e93012f98f1decc94ba955af75d317ddc97c6942c9316f005d4601"
		      "21bd24ad8590e3ff1f561cff6203f8fcf5ec8d88aee76bc4beae71de2985e6d7",
		.out = "7d292c56178545115d6ff28ef39c26a681d9218b1b6cc0e9c3b1d1765d2fcda9"
		       "60e9c794296626fab76e20f3da293d86be7aa93b97070821db583637b07dfd1c"
		       "aa30344331507339cb74bde05cf669712676be6e434d011301c688915ba66f91"
		       "ec09787b1a4b359d1e319016dbf918aad7516fd8aacbaaa37245c80bef567e80"
		       "1a513d4a50c63291d0d6f21986bd01396087e6c040dd42d53cdf20bae08928ae"
		       "5dd1fd5723c3a626a545e139fd90360cac68669dcc1a74323eba0fd8b158c606"
		       "c8274c5b66621db12fc205c8c1fd471604ca36da8db46fc598eb0aa99e2194ea"
		       "e4a6dc1c5813b805555f6bcc14d873cdd852a1b0f1d6710e433e2bde2cee2551",
	},
	{.source = NULL},
};

/* HMAC-SHA-256: RFC 4231 section 4 test cases (5 truncates its output to
   128 bits and is left out). */
const cs_kat cs_kats_hmac_sha256[] = {
	{
		.source = "RFC 4231 section 4.2, Test Case 1",
		.key = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
		.in = "4869205468657265",
		.out = "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
	},
	{
		.source = "RFC 4231 section 4.3, Test Case 2",
		.key = "4a656665",
		.in = "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
		.out = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
	},
	{
		.source = "RFC 4231 section 4.4, Test Case 3",
		.key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		.in = "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
		      "dddddddddddddddddddddddddddddddddddd",
		.out = "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
	},
	{
		.source = "RFC 4231 section 4.5, Test Case 4",
		.key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
		.in = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
		      "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
		.out = "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
	},
	{
		.source = "RFC 4231 section 4.7, Test Case 6",
		.key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		       "aaaaaa",
		.in = "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a"
		      "65204b6579202d2048617368204b6579204669727374",
		.out = "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
	},
	{
		.source = "RFC 4231 section 4.8, Test Case 7",
		.key = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		       "aaaaaa",
		.in = "5468697320697320612074657374207573696e672061206c6172676572207468"
		      "616e20626c6f636b2d73697a65206b657920616e642061206c61726765722074"
		      "68616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565"
		      "647320746f20626520686173686564206265666f7265206265696e6720757365"
		      "642062792074686520484d414320616c676f726974686d2e",
		.out = "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
	},
	{.source = NULL},
};

/* TLS: no vectors. The check is the connection itself (core/worker/kat.c):
   the handshake completes, the client verifies the server's certificate
   against the test CA, application data comes back byte-exact. */
#define CS_TLS_CHECK                                                                               \
	{                                                                                          \
		{.source = "RFC 8446: handshake completes, certificate verifies against the test " \
			   "CA, "                                                                  \
			   "records round-trip"},                                                  \
		{                                                                                  \
			.source = NULL                                                             \
		}                                                                                  \
	}
const cs_kat cs_kats_tls13_x25519_ecdsa_aes128gcm[] = CS_TLS_CHECK;
const cs_kat cs_kats_tls13_p256_ecdsa_aes128gcm[] = CS_TLS_CHECK;
const cs_kat cs_kats_tls13_mlkem_ecdsa_aes128gcm[] = CS_TLS_CHECK;
const cs_kat cs_kats_tls13_x25519_rsa_aes128gcm[] = CS_TLS_CHECK;
const cs_kat cs_kats_tls13_x25519_ed25519_aes128gcm[] = CS_TLS_CHECK;
const cs_kat cs_kats_tls13_x25519_ecdsa_aes256gcm[] = CS_TLS_CHECK;
const cs_kat cs_kats_tls13_x25519_ecdsa_chacha20[] = CS_TLS_CHECK;
const cs_kat cs_kats_tls12_p256_ecdsa_aes128gcm[] = CS_TLS_CHECK;

/* The post-quantum vectors below hold keys and signatures longer than the 4095
   characters C11 requires a compiler to accept in one literal; GCC and Clang
   take them. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings"

/*
 * ML-KEM-768 (FIPS 203), from Wycheproof (data/wycheproof/mlkem_768_*.json,
 * the tcIds named). KEM fields: key = the seed d||z keygen and decaps derive
 * the key pair from, pub = the encapsulation key it gives, nonce = encaps's
 * message m, in = the ciphertext, out = the shared secret K. A vector without
 * nonce is a decaps-only one (its ciphertext was not made from a known m).
 */
const cs_kat cs_kats_ml_kem_768[] = {
	{
		.source = "Wycheproof mlkem_768_keygen_seed_test tcId 1 + mlkem_768_encaps_test "
			  "tcId 14",
		.key = "7c9935a0b07694aa0c6d10e4db6b1add2fd81a25ccb148032dcd739936737f2d"
		       "8626ed79d451140800e03b59b956f8210e556067407d13dc90fa9e8b872bfb8f",
		.nonce = "147c03f7a5bebba406c8fae1874d7f13c80efe79a3a9a874cc09fe76f6997615",
		.in = "c8391085b8d3ea9794212541b2914f08964d33521d3f67ad66096ebfb1f70642"
		      "4b49558f755b5625bae236f2e0079601c766f7d960808f7e2bb0c7a5e066ed34"
		      "6de628f8c57eebabbb0c22d911548463693ef3ce52a53f7ff415f00e657ae1c5"
		      "a48fa5ec6e4be5cf462daffc84d2f6d5ff55dc9bbe8bb0d725ec64fd4cd4bd8d"
		      "ba0a844e8b5ce4b6a28934d7f7a050991fe185b506b451dabfad52d52cb2114c"
		      "a7d9a5cf986c8fdc1bc10ec0c1869e50c03c55a76192a1049aca636ba9020bda"
		      "a8d0f58c763b0b89845ca06d4c4ddc21433e16b9c62e44871fdbc05ba218af87"
		      "1fdd7dcfa464e60faa5265264ce1391bd9a8c5faa7626d5f159b9805b975710a"
		      "3503a0b858a11c6a647cc0e19ac88b1be9056c95b4d2087d0951d1d2f4992491"
		      "117e6347794ba54571ec49bba71af3413d38a30bf5872248d1f6d07c86baf782"
		      "e73d2637f043d341a00921857d8b21ddf3e1d6310036ed27af49e5de1b900fe4"
		      "de79808ff29f9570859612b15adc01fbb265b305b1e3a12ae419da5b74261fa2"
		      "84c101da3d8dca8b2e4521aca571ef44a058e844ff32b16d5aaea05f7f3af8e2"
		      "ab16222e347662eddfb891d0ecc2a55c5638f9dde92d9a3d544a5f901ac501ac"
		      "d1ea6a010201fcb10ad702c425a94bdf5890d500a2a147eee1d1fcba8c3abe7c"
		      "2dfe70f346f033d816a0b2791b4f0b2d956d9ee5971715399a5688302495e2e0"
		      "7c1c8c01527184bcd0c208bc159f2e13318c0bb3dd24a6a7fc849f83385ed4db"
		      "a07fe1d7bd5640cc9ed5ccfdd68763cb0d0edf61b292177fc1d2d3c11dd04950"
		      "56bcb12558aebcfddef9feb4aebc57afd9023c65cfe65a24e33f1b00111e92e6"
		      "3e011eaf0b212cf95743cd07f5189ece1f205b7f6fcb2e6b1961b5404cebe47c"
		      "8cd13b8599d5b49e6d87eeda36e9b8fc4c00635896aa2b75896e336d1b612ee1"
		      "3db811e1f07e61748d920f4865f3f11741399dc6162c91ca168a02329dff821d"
		      "58198712dd558abb099b3a0baf9da1b730b2aa73bcf58d74f357b06f7211c804"
		      "b6c8af16ff3509fad1d35b14bfdced7db8a6a25c48e5956480724daa057cd660"
		      "b67ee3e472574182679d485838a6476eac02141075c812af7967ba7c9185cc2a"
		      "bd2a4545b80f3d3104d58d654a57792dcfabbe9c0715e8de2ef81ef404c8168f"
		      "d7a43efab3d448e686a088efd26a26159948926723d7eccc39e3c1b719cf8bec"
		      "b7be7e964f22cd8cb1b7e25e800ea97d60a64cc0bbd9cb407a3ab9f88f5e2916"
		      "9eeafd4e0322fde6590ae093ce8feeae98b622caa7556ff426c9e7a404ce6935"
		      "5830a7a67767a76c7d9a97b84bfcf50a02f75c235d2f9c671138049ffc7c8055"
		      "926c03eb3fb87f9695185a42eca9a41655873d30a6b3bf428b246223484a8ff6"
		      "1ee3eeafff10e99c2c13a76284d063e56ab711a35a85b5383df81da23490f66e"
		      "8ea3fcba067f5530c6541c2b8f74717c35023e7b9b3956c3ee2ff84ba03ccf4b"
		      "4b5321b9240895481bc6d63c1693c1847852f8e97f50a133532ac3ee1e52d464",
		.out = "e7184a0975ee3470878d2d159ec83129c8aec253d4ee17b4810311d198cd0368",
		.pub = "a8e651a1e685f22478a8954f007bc7711b930772c78f092e82878e3e937f3679"
		       "67532913a8d53dfdf4bfb1f8846746596705cf345142b972a3f16325c40c2952"
		       "a37b25897e5ef35fbaeb73a4acbeb6a0b89942ceb195531cfc0a07993954483e"
		       "6cbc87c06aa74ff0cac5207e535b260aa98d1198c07da605c4d11020f6c9f7bb"
		       "68bb3456c73a01b710bc99d17739a51716aa01660c8b628b2f5602ba65f07ea9"
		       "93336e896e83f2c5731bbf03460c5b6c8afecb748ee391e98934a2c57d4d069f"
		       "50d88b30d6966f38c37bc649b82634ce7722645ccd625063364646d6d699db57"
		       "b45eb67465e16de4d406a818b9eae1ca916a2594489708a43cea88b02a4c03d0"
		       "9b44815c97101caf5048bbcb247ae2366cdc254ba22129f45b3b0eb399ca91a3"
		       "03402830ec01db7b2ca480cf350409b216094b7b0c3ae33ce10a9124e89651ab"
		       "901ea253c8415bd7825f02bb229369af972028f22875ea55af16d3bc69f70c2e"
		       "e8b75f28b47dd391f989ade314729c331fa04c1917b278c3eb602868512821ad"
		       "c825c64577ce1e63b1d9644a612948a3483c7f1b9a258000e30196944a403627"
		       "609c76c7ea6b5de01764d24379117b9ea29848dc555c454bceae1ba5cc72c74a"
		       "b96b9c91b910d26b88b25639d4778ae26c7c6151a19c6cd7938454372465e4c5"
		       "ec29245acb3db5379de3dabfa629a7c04a8353a8530c95acb732bb4bb81932bb"
		       "2ca7a848cd366801444abe23c83b366a87d6a3cf360924c002bae90af65c4806"
		       "0b3752f2badf1ab2722072554a5059753594e6a702761fc97684c8c4a7540a6b"
		       "07fbc9de87c974aa8809d928c7f4cbbf8045aea5bc667825fd05a521f1a4bf53"
		       "9210c7113bc37b3e58b0cbfc53c841cbb0371de2e511b989cb7c70c023366d78"
		       "f9c37ef047f8720be1c759a8d96b93f65a94114ffaf60d9a81795e995c71152a"
		       "4691a5a602a9e1f3599e37c768c7bc108994c0669f3adc957d46b4b6256968e2"
		       "90d7892ea85464ee7a750f39c5e3152c2dfc56d8b0c924ba8a959a68096547f6"
		       "6423c838982a5794b9e1533771331a9a656c28828beb9126a60e95e8c5d90683"
		       "2c7710705576b1fb9507269ddaf8c95ce9719b2ca8dd112be10bcc9f4a37bd1b"
		       "1eeeb33ecda76ae9f69a5d4b2923a86957671d619335be1c4c2c77ce87c41f98"
		       "a8cc466460fa300aaf5b301f0a1d09c88e65da4d8ee64f68c02189bbb3584baf"
		       "f716c85db654048a004333489393a07427cd3e217e6a345f6c2c2b13c27b3372"
		       "71c0b27b2dbaa00d237600b5b594e8cf2dd625ea76cf0ed899122c9796b4b018"
		       "7004258049a477cd11d68c49b9a0e7b00bce8cac7864cbb375140084744c9306"
		       "2694ca795c4f40e7acc9c5a1884072d8c38dafb501ee4184dd5a819ec24ec165"
		       "1261f962b17a7215aa4a748c15836c389137678204838d7195a85b4f98a1b574"
		       "c4cd7909cd1f833effd1485543229d3748d9b5cd6c17b9b3b84aef8bce13e683"
		       "733659c79542d615782a71cdeee792bab51bdc4bbfe8308e663144ede8491830"
		       "ad98b4634f64aba8b9c042272653920f380c1a17ca87ced7aac41c8288879318"
		       "1a6f76e197b7b90ef90943bb3844912911d8551e5466c5767ab0bc61a1a3f736"
		       "162ec098a900b12dd8fabbfb3fe8cb1dc4e8315f2af0d32f0017ae136e19f028",
	},
	{
		.source = "Wycheproof mlkem_768_keygen_seed_test tcId 2 + mlkem_768_encaps_test "
			  "tcId 15",
		.key = "d60b93492a1d8c1c7ba6fc0b733137f3406cee8110a93f170e7a78658af326d9"
		       "003271531cf27285b8721ed5cb46853043b346a66cba6cf765f1b0eaa40bf672",
		.nonce = "cde797df8ce67231f6c5d15811843e01eb2ab84c7490931240822adbddd72046",
		.in = "b3b339d73dfe8e3db262cdea792b4e3ecd712a75750a3b206800f11116637b58"
		      "bc75ea61bd74070d7132309176608c33989fc510852c0f8d07e9862b79b069cf"
		      "b3e5b78f277a74dcc832ada24f7d522e53a7cf16a7c7d952ed9f4dd4be4910d8"
		      "80e2e7c5b23c6cf9077e3d350ed3e7bb54ca7b39a9f68e98d2fc844c62f3eed0"
		      "92c8c008e4c2a28b3b1d9f34488655741ddcc440be7828ae39f25f52f57d8b1c"
		      "fe3967af165e5affaddc8a85cd4939221762be2f71155c780ada5103976c77a7"
		      "6f838bc52a72544b22cfde6b6e843b4e552f1ba47419a8a8bf53c388537c1c08"
		      "c272a02f4923d9edcc54dc767e6613c6f832889ec05ca805fc09e326d242517e"
		      "91607005af03cd1acb242e630d6c20499dec187d8e5f6d421e2ceef7e3f74b75"
		      "1214fd58b6583bdc5ede65bbb643974d5cb45533f0a733a3353724e2d7e6821d"
		      "99d317eec8781d3f1e03528fda480da8cd8e8adc51585a14acb5da154a68573b"
		      "0566e5e49a53b4cb8061cdc795d13899032d549ac8f7c35099eb2ba0f0df4c95"
		      "58444f4fe5f88bc46c6fca1b257c62d2116efd1c8cdef5717068405201c086da"
		      "4143de277649f32538f537f8bf13a65c05747cd44f740736966422bd247f4be9"
		      "a05acbcce53b9c1b0019096f93dfa86948d7b01d10952926b7a6e0e51792f9be"
		      "6bab620b9fec660a2348818e4b47cd5934ffbcef5aaf20c3acf9494ae4df9d23"
		      "f62a2571eca8d37fb1c8d29d5df0fa30c2f17fe3788032d124090dfbd000155a"
		      "d8deca87190d66bcc9b1e3de392bacad79dc62be0d96eaf448feec5ef03544db"
		      "3a782e5f9ffa20493d5ae6a58481d23cac7d3eaad57887bdd706eebf15f505d0"
		      "7e3592766710a658513598c94d2ff3eda5b5e900fcc9da8c012633c96a8b9e1d"
		      "a548dff60b1a763bb3f5ada6eea3290a01f7367f7c2384097ebee2960d904141"
		      "b6c7bb30bf640350da34b9516d9f73100476e7bc077e0f88dfdeeaf9a2855448"
		      "393cc26e14ac50b67065bb3694933bc64c622958a11637f9c995e17f15cfa663"
		      "e7121c4ebd5fc1e153bea84c66843c90110e587462c623dc67ff0da5dadbade9"
		      "b9724ff804227e188a00aa6c70bba00aaace8a035b96a595ee726fab666a08a4"
		      "979ebd1e230a9c48afe7779cdd9f0d019e2400db9f686011ab05c4109db273c2"
		      "36646b481ac7251fd70d23188f943f6f282bf059279464645c9552de905996f2"
		      "ef355a4d307448aed53728b490baf108a7d2579dc46e44334d1d99f310c8c953"
		      "d4b3fbbf6b15a99b263775a1f9f0c0fbdfa260415ff4f61c263362c95fe9fa72"
		      "767b8625f09b91c393fed48bc8f628ccc76b5ca49d9c01223ab4c1a9f25ac97a"
		      "da8783b576575fa699140394e53daedf683ee53172ca9ff70c27a3f940675e32"
		      "39e44a24804098486decb72ac8d41bda6e2d3585e2edc1e47cf1999fc67aa000"
		      "677ba66ac22576ea087b6e7affd5c1617b3d94fdd314d17e6d37f9e5347807fe"
		      "21fc5a9d75b3a25541cfe4a2d2c9efd00859d713cd6f67314cba4cc270fdb2e6",
		.out = "5f0c5d9f39d3e724b5a2bd54e69e360f72ffab5d4d6cc5e572fecba80acd4796",
		.pub = "93c140f6c47b7e53b96f72bb18447d277cc021c144a0f7a35e30b57386a78ac9"
		       "76376262320a5e7e1cb42e290de684462ce1067e920ee86c32418b130a5a41a0"
		       "e8268cfa7e0db2b441cb927d7897c42b1d50f9b32868a35a2c04cfe91040e9a9"
		       "208902f20c477e1b1ee5c290d2e5244eb1b4b7b4c6ad074533b58d9914a6aa88"
		       "29f96789f5cb87607569983003f3a2461c33c81a3672af5924c4ba37e6827fcc"
		       "f86d8b4103fbe9c0f6226dd0a2145a6b7aec76b186466f9c67bf169039259574"
		       "456497140c8cf4ac05091973ac8c08d809465785a677a032ac09ad1d666e8c48"
		       "462813ce5ac75f184b38251c30e362b0e2501d6800c8ad103c8b773780b6717c"
		       "f15c401139acd54b1598b2b7c79492a86631090268c70d875bc040cb2b75a386"
		       "fa96b092b8cbc25c47f70aa76cd8b9afc12b42b536e27c5578831a96dbbab713"
		       "8c3f247e955a6c08b4407d4708f1914bfa48af4b28533f747b860b7076c028e2"
		       "45c9727b42f3248fb0408b3ef0c4918ab76ab96daca81afb1211ab3a0329ba1a"
		       "5b069a68934c1ce84c2f72839311257fa19e72c62fb5686b61416caf8b22d2b2"
		       "6a6dd01bb7387f88eb8606980a5e2259cbd56ca1ec051cfc66f96239991a2360"
		       "d75dafa1534c8a05ab9c95e2e586853714600a3455511b62d94525d8b1a965ce"
		       "69f986731888d1ecce536000e4863322a83e3c8475d9eba5414a65b0561d24a7"
		       "b09dca6ffe23836058bec0a85671641008c831233c7890783dafe8c359a263e7"
		       "96869118c4e74002dc3b0ec5b1c4ac641bafe30eb2bb743713bfed2c1e79c4a6"
		       "f46593006acb35f7031f194807b893aa7a9323162168d384d0e96f2f23368626"
		       "a2e027891ac94f12f30a044b85f0322ce2b16517d36aa3f23b5f391be394b54d"
		       "dc28e5a9775372869a7b50b4898c072c0669d43c641a3cb5e8c170ba63bed6ad"
		       "1008615201305e292e1c818e1ef64f3e0c52fba67e7249c1ec4a140dc89ce005"
		       "0647f1c19f5897c77b9059040b4b5b4282e0669cb4c658f48f67338413c92fc7"
		       "412e444bc635dabc93c51b030784f21461dca210cc6a54fdc25bba09705baa77"
		       "c1826636b16644a5ada51270d8317a787abf53192d40dc765bfb45c7dcae5848"
		       "1af3a49fe762b90bac1f6f69a5de8045981c67906b9f692625fcb6a4df264168"
		       "8aba61fa49a84b47c96661e4701e5826c1108069c4b9c6e480251c4b021d11cf"
		       "daca12bbf9c09a0234186668e389454ac4046f5b2468aa2fa9b117868574e729"
		       "574ee57ea7495af310627b85916d6b4c708374f9fb0c9c3aa4664c6651281d8e"
		       "eb98132c1af13a816ca5b869f50b50b291efd466dea090918630c6fc77247c45"
		       "8aa82568a41dd9d4708af3bbca5a5716447e8c2c24ad788a8632473fdc4a2571"
		       "96bd2b549091176fe654d3694e10a118f7b66d1cd5af199b6e90b3bffa88a92e"
		       "36717fd4bbfcc78b0e08634bc080c86885c92c8ef67aa4933c7df097891369ba"
		       "c5fc5d0c36737aa60971310adf02c257f76a7a7b3f7e132c2a71c52ff4affb68"
		       "46391c0868241a3df13408d419a78bcffd49619b03a192c683900a244289c9f7"
		       "b4564823900ceacffd9a9371260d5e57a8271196f4759eead0ceac318966e76f"
		       "68de95ab9db2ba4fbf83c3b27092cd339cfe48d5ca0ba11591d04566f4ed24a5",
	},
	{
		.source = "Wycheproof mlkem_768_test tcId 1 (strcmp: the implicit rejection path)",
		.key = "cbfc4405d1b2a3a386c94c25e0f2d5f5ee92cb0388ff4d6aa04223086d51c3fd"
		       "24752da14c9fc3b8ae0d9e4a8b1016b8d8fc69e229c03ea2ef08a4ae0cffc37f",
		.in = "00e96c44eb5f5380d80b4cb05d608971a28fbe838b912b558bf9676c6c67c969"
		      "2ed6ea063fc47b70d5d6004825c269b9cb8e68b5728d67f44844d97686a11154"
		      "e3cbd4a6f9e47524d93d851bdce480d7762ded09be53d17cce3ee28dc5a06911"
		      "c062b99b218355dd5822108c55e2c67f7ea0b74b6189b33b4589d8ff9d0c867d"
		      "13edaaf1c5f724675320beda3e6acc673c048fa04a1b30f899227d5a555e08a4"
		      "12a47b7db75eb118a8844a71b186880426f6bb6e77186d18e753cbcce93c9fb7"
		      "6c729875b4d473eeca8dab9941969faef04df9ce3178e7341eab416d28bb7aee"
		      "12bfb8f4c3df814eff45a0187329079acfc41a8e8dba7b08d111f02e37a1d2b6"
		      "9e57eef808fcc6ae23385534a420a93dfb6a95c73e2f1016177c4fe9d3ced769"
		      "e277293aaceded6d07efc7890eaa885bd1e73f9e5da2b9cfda0d44cbc9090705"
		      "ac2ce3e7bcd7775b593c706e45ddc97d3a65d9b7e73673f9473df5bfec689671"
		      "f73e7f6ee77c730a8ebda1f0b2c112a71904d6f28a51d8d479f8323fb485e722"
		      "f5c4d5857e95989a9cbaf273efd04fc3cbde98baa9969e095e88accecfbd12ef"
		      "2155497a5b15fe91a70d1106b91a568363bfc2d6736cc8138cbc41ddf1e54fd4"
		      "0511e27d89e2c26c027b63c156e2bbb998faaed3d72186f0cc626dad39a782dc"
		      "da2087fd13a9498e10b41b685646a227ea1166a5632c195983f4aba2b718b407"
		      "4030d57126d34c38349892007acbea9e393b967dc3146b270f080a1f0bee90d6"
		      "5a095a6352a7718ed1717a8025a2bd38c66d120baf4247676a1fe044a57ce268"
		      "c078f8ff46cc26fe4f9c7a03d6467adacb8418d26273662bce1f7bc00b906e00"
		      "88e95dc0fb419e2232e85aac77b9e7cd563e604de5e1d3e9693dcd3b19865cf4"
		      "250773691e7e0af9c2755cd31f49d1f96708f3ba2f0b98184525abb869e12d5c"
		      "ea0ac1740181a875035300b05a54b8d42ee3b4ae92b06e43cd807e2b096c977f"
		      "23c61ef8c989c52ed83754076dea1323f639250bef61bdf903bf7961cec89ba6"
		      "942d9d0647ac9c8195d93ed8abcedf25754644035719a5a0a1c8c0798912726a"
		      "9a8258e4c10ae7485322ed9ba331f6f090c4b492a4fcf53d753cd34f28ec0443"
		      "fce0724f43c89a3942169d5099a8f7430f38691ebce2e3fe4f600d82c7ccedf6"
		      "0673f8e5d4c1a9f84b8b5b23f5ed63defb6a7205e0a8b105bdc6ff4568fc78cb"
		      "4456b02fedb7f4c48f6fd6b69216a3319821039db40e19a31a0b0c9d471d5a7a"
		      "73865d26f8be3595525b1ec4a8579efd07ea98e2602e2bffdfd8febc5c7b4c73"
		      "6d326b5030ccc6faf9420a9c156a8f4516b9fff675459dfdcd4ef85d7adbdffd"
		      "60f4a39628e399cc752c2e99ab2f431dc765e7c9d206bfe32649fbef4ef48b1d"
		      "7936fc74766d724350ee2245a8d5f23fbc6c7ed8b57168ce1e864e49d7f8c475"
		      "dcda140bd42473825b3c72eb8c54780188813011e1962a503f9b516e13226de6"
		      "375b204733b0192183c8f55e870e61cf8947c3191790bc0b657bc43aebc9d86c",
		.out = "76c10bb1d86d96d7eb18e298363e51f7728e113f455df7d15017940ed3541451",
		.pub = "8b9a7354e8c1c17a9898f96caf99bba1c625ae0983c4d26e60c12f59bc25d756"
		       "182b17979e713fff129e6c336a2317770380858129cb91a902ea5455ca076c20"
		       "e4158f393aa2783053d8acf92c3286a10436d72af3e8903ce22f8cbab18b1309"
		       "aca205aa8a3da45807e5b60e6967a640a713a5b81b0d82bc406934e3c88910cc"
		       "06f09a68bce991009bb56ae233296218ff5baf1f475390b8b7494a4e08364598"
		       "5437f2495a073222fea058e1672034151a2e14c2cbcb4ad9068c8e7bcb02886c"
		       "4087c14bd8823ec66393fb2e12326b38e655dcab1c13cb2931358715c8be5153"
		       "293229cc994a5702b7295a6a4a73249ac5a30a32a6b91dca768c177d8fa59054"
		       "e548bee40257db6962a83b64ec6de0d3be7b1812c5d99e7a38cf54eaa8413aa0"
		       "bd02bf374461f29c2b6aea56f7d33e10dbbc75bb1bf6b555213aac33e652443a"
		       "186a618b6e9a293919693f1673ea159d0ee52c92d53e9a5cbd5f4c44419b5493"
		       "f0286efcb9b5a2ad56a713c4f61ed431aa987805a90475391ccd4c7a28d884bf"
		       "1a926b7675b9208897a89a6384c154acca3521c32a994949b2e80b2ff2518c0b"
		       "bd34184cda443de498a05dfba9ce701bb914179a0188be0bcda6fbc2cd93afb0"
		       "42481b4a84d821160a1b0ade8bcb97dbaf681547cce0bca674151a261a21aa04"
		       "fda318c921c38425b775b995cd7b4eb6369f0b211da186594de815fa3b53a680"
		       "43e1946468a5899b90578ad49397306f71acab67c258fa17a31893b72d22151c"
		       "e1afee150fe550bffde8a24fe4740dd43f387c7ad20b5cca5997879536c30715"
		       "74901147727341c1a6fc8043e6454903e88217f0c92b9a4ac54a86e790939087"
		       "8a35ba18c1e26b13049f41c522bc049d74db6f76caba39f23d8f07abc26a07a1"
		       "caba71cb5c12fbc20a715450b2228d17b2ba985cfe2496b033b55f300baf9929"
		       "64388a5422298f627ba567730ddb03a195806a5c23a1d315481c52814b0681ea"
		       "3c804b02c90688c2fbbce9b17d230a42f8b865417c9e93347f5ff62487996274"
		       "7c7eed886acd48a994b22064ca499c69aa4825be60260d12f63102799828b3cc"
		       "ebaa4340b749605017eb4598ff13a634500a48470de9078a34106267d25a0b14"
		       "4d8cdb1a4d527692153da013c0ab27ae2ca955e7c66238746022d50630892933"
		       "a05c283a9f4c00c9f984646f75471081722ed3404ce60fed4a06702b8728b62d"
		       "920b3224206ab0a4694f9c18e3162b529c16af04b87b4a61cd53a757906d67a1"
		       "39629585d423a3b0986f29c95984e2095ea4608784b0b31c20cbc36cfd60b773"
		       "389fe5a8c0958211a35b2c45f21f51a08693c19bfc388c2d677a214ccc5a7cb0"
		       "b67030fd6987503c91b0f2646985a9048489dd882bd4141f5419554eb738fa73"
		       "33c5c57a4ce5541fd6b8ad454c2dea67ad1c6f848c0a44a1872e40a17d987075"
		       "d762ba5aaa21d435dd079b989a8ee21a2ce898934a98a02d5b381c302a2d7694"
		       "8fa65de15666f57750d580ae1a541c700692dd0b0a6799b5cdb893413bb89bb6"
		       "5182f219a4bc3c80b43bb591bcd05ac6e9a366552558ed5c5fbe7b4acfc7b233"
		       "72094f6a87f26c0c46646c55a888871324fea7536e586a5149b9b707c86ea076"
		       "486a6822b9bbf59fbfcaedc13284b9813cabdd526e326a6832d3b36efc3102ef",
	},
	{
		.source = "Wycheproof mlkem_768_test tcId 152 (a bit-flipped ciphertext: implicit "
			  "rejection)",
		.key = "b48adb659aa166819721b61fa815b332ff5603e8b6733ac4c0dfc24a77aef376"
		       "91376ac7486036995c3088f66641357cbb4b78df57965db17ba4a4c561da976b",
		.in = "2c3950af249007129e7d7af3f435503bacf70f70936005d594d520a5a326f309"
		      "08696a20c2a5c16597496d4338dc321f4a8244226a22545eaa4389c7a9f651d5"
		      "ae287ac7be48acebf87e9c8a2b947faff342b025712891544a274be1d2b7d4c4"
		      "27d0d5c49ca25e02668e5ba06ea55b689a91951f6c99c1378a1e6cffd7d9f496"
		      "80621ae85c9a8b5a547e6d8884262b2298d92b31fd61499198ffb031d488507b"
		      "fd494e582af632d0a237cd9e9d5d079b7068298845ce47a097277b4253acc239"
		      "d2dc1c708cbdb694158973494512e8f7ea9650086c58e5a6071bbdec04ca9a66"
		      "13e3b9c433cdff0d441d2df4392bfbee0fa3e8fe153cc45c1489c031561cc228"
		      "f104e5797bd4125f4cf2f2753dee2e1cbb279bcc85da4536d6e9af384ed1e14e"
		      "95c71dc3b32396330972206c2f96a74f85c97a639a7103e7c221de65821c2d3f"
		      "88b48664eb1deb0a321703c3bbaca3f50d2b05d3f2b4ef379c463cb528ff2e94"
		      "91cb6b9101bc4cb4b93c5f1a60212dd8ef6f8d30d642f0e505f2c9094381aabb"
		      "3b3f79037eccbc136e9a2eec082b3a4a558465b877fcd847403bc173100e50e9"
		      "ed47c4e6205207143d98bfd7be4a4037e36aeeb1ff96dcf257725868c0ef138c"
		      "acc2fab33cad86cf6dde9d71ec843fcb7f124e956b92e2162b962123d2e6e999"
		      "864fecb1d683c3d779c8fa6487f71277d3257c0c1ad29d51d0327bd3b32e55aa"
		      "b71cbfdb372d4621d6dd2604c5de323da32b4705e90d2cdcc45b22fb5e960ee6"
		      "ece08259bbfd8f772fc6638d7eb48ac6496f67f2cd453cca693a6673421944fc"
		      "db226c2b5cbaac92dd054d2820d987e34f3caf617ed6a9ec03f35d17ce52e25b"
		      "6f1999f57cb1ae69001e75652e656c02ca8ae0f06b4f99447805c4d71d6adb28"
		      "3696bbd566a5602808fa6036a7bd7c636ed4bf7a3a035f941b058287cd7b4002"
		      "77dde91a8580222fe03b00249abc1d3f6cbb4029c63671e1cb5cc145e3d72227"
		      "51579cbaac7187080e4e75ea48e3a1bd7ab51d1328565601944e5363e243e173"
		      "ff70efa17293bc1f0fdf4458d67c4b0f40e129593a607126413bf4a006c7d6d3"
		      "1f130f6e4c64e9ab20727f05f66fecb90513fc589a54b5589ed3d06e37188f7f"
		      "42ddf7ef4b5e1b902009c2f239f9af5b2cd19013cc487aa3a3d7b23dfedaad47"
		      "340bc4b11cad33c8f335a5246db8d71117722167a3908f2519894d457fc762f0"
		      "d435d550ac97e394be75a647b676648b3e8defef1a951974492ee5ad6a813ef6"
		      "42963b86c3c866c6d331b9e2c400552a8540b01c5f9a58f506cfc7181c91e430"
		      "8854e839433dbfe89be00cad46f477c75fd95cdc0ada28dd6530ad75aa0ed65d"
		      "af029339cca77505c7b65de647d316c630837f0e5ab6bd4d9c4497f91311fb41"
		      "2445f7120cbfc2bf7f8001dd7e456280dfb8b0122195761a7d1f8a927ecb6e2b"
		      "090fccd33e6c49a56f6e80048f8e7b09a3a3d50db70a561f4aab2d730cf7864d"
		      "e24a2ce926b0c359a2145cbcb44db12ebde465521aa34269d5ca81a918f556e2",
		.out = "cefc2442a375c0a9468db9b9ffd5c5a08f178a187a943a6875afd9cc20ffcead",
		.pub = "080b427cdb35bc46231f156be9b1c5d2749e6118857df5877278cb83c8380504"
		       "8d1120bc6e7105c8b8b5c86a9927e13b8d8338de794a6667ae0192cc805173b7"
		       "35456597ce25f21af4b4b9b6710c419c20e91b5ba4a3ad19e84ab7413a0c4b04"
		       "3cb7c5ccf32e2c27aaf28420622bba58bc9d129c4f80132994263db305abdc74"
		       "8a14273c496b2f96859827e8b45f0116c615a82e1415f0cc92827378a8cc48d8"
		       "d740426c2deb5b318db110935b12ee1a569e917494988ab4c08967b17e58003d"
		       "bc5c8eb88872bef520c0436861c5690188b0d286440826505c928249b2947ac3"
		       "99ffc376ff1b28b4f1a9ec3ccfdbc0a6257610882762f0c70e5537aec5f4bb32"
		       "c9af7231b199a78d23116cb81a086b349747b789e3ba21439821006b4f0e31ab"
		       "25962751b4671b8b8c96740b6d0a428e8995f1926e4f1538cbc8b69c661ed411"
		       "9db4b1759a5591edbac6e9b79744316d1ca3ab98f8532881c9b56c0565aa5d8a"
		       "c26d0bdc95c507137eebbe49f2c6d80614f2f53ae3f77f32fca79ff96d583244"
		       "28b4cf8b0445b6b38a8ce97617880b082c80857965d9192ce75b3e782772e428"
		       "8353cb2d201c170746b4c5aa9c2a5626934a8123660ece678da5c53e12d56270"
		       "a2c9b4eca18b391d3f632e3a7ac058f1737ef457f3c3c030f9c1012c5ef78286"
		       "da171238e164f6fcca46335cff5a3fa8d202863156b9b99626f5361ef3cc08a9"
		       "1b74d618233c9618e13317a63e4087818e601e3f7c661e602c7614647e389cab"
		       "276710c05986b2a4253b99b45c9c569894e0616610988c75e1533a184e7ad099"
		       "d9f3cb3ab09013b45550d24b78e6858445915e1c60d871b2c1d181660837fbf5"
		       "c37b2b062958760499474907b4e556b95bc73f850056256770297a81e90607a6"
		       "51691da505e2abc436990c3817adf5b45927f74d2013a141c44b80a602848467"
		       "be6b444b8b1b513793f7f944f5c3b7a30caff1e70fcc9759c32ba92cf4a8e07c"
		       "0972c67d2dabb56ddb0441dc04c0885355898667fb61f24a87b267466e3c48bf"
		       "4688ab08205cb445c50b852468b3c1b159d73777fce6438c1830f3b8ab1fe116"
		       "e7567ea447618ebc4b1ea59d41b3959ea32a23d028b8889ca07ba45f4a54bba4"
		       "05dd102d7f29b9316692d2ab8f3d7b82064453cfba933f71889091776ad34ba8"
		       "a556db480a6c7b4d0b89977c4ca3f363ac572b5d5c007e05a703e4231154b353"
		       "1c32cecab787fd258912880b0e20a29af1add5384859b8b82b253b5504033c3b"
		       "6daa96a599d36acbf400b58678dc2ab071a18e439b98fd525dc507450a95aa83"
		       "26788ec06972d227ae1097d4a71111c5716b97756c9a57dd6275eb581e4147a2"
		       "6e1801cff689ca1a15523c6a43244670ec0ced9aa28322484a5b6cab0721ec80"
		       "8367c8c931724d07c41facac10382697d843b98fd1735ebabd1bd4cb1c938910"
		       "1874b250c6f0842c58fc3141545062f3c3e62a4f3f292e015aca5e6434083b68"
		       "c3c19afbab939281a2def918bcf3beec35275d9436e39850fa23057feac3e3dc"
		       "add70941f4f5c0d7f8a205fc926d155eaa151a3958563f178718646cfe7b8cb7"
		       "0341ea8cbcbd3aae125806ec41a73b4676e7e9cb2b0a8b11b06d636c09ba3786"
		       "80efbc7733618fdbdeec4d633d2a74a9109235307dac3dc58836233522d99132",
	},
	{.source = NULL},
};

/*
 * ML-DSA-65 (FIPS 204), from Wycheproof (data/wycheproof/mldsa_65_*.json):
 * key = the 32-byte seed xi keygen derives the key pair from, pub = the
 * public key, in = the message (empty context), out = the signature of the
 * deterministic variant, nonce = its rnd (32 zero bytes).
 */
const cs_kat cs_kats_ml_dsa_65[] = {
	{
		.source = "Wycheproof mldsa_65_sign_seed_test tcId 1 (= mldsa_65_verify_test tcId "
			  "1)",
		.key = "2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a",
		.nonce = "0000000000000000000000000000000000000000000000000000000000000000",
		.in = "48656c6c6f20776f726c64",
		.out = "69da5aec6d5f58fbf29439c520bd68b966e3dd2ca633b68351c2862344713a1e"
		       "9c086a44f9a870a3ccc14de62d6c12b278c354d7197c4d6d7f83d1422b29b250"
		       "f5ee3fec118311d905e5db2b4b8b23b8d542202d6652f6dc3f9d7ed51f246308"
		       "2d3f145cfd0fa7ac548a47e91c1ccb1a55b215e90ab355bfc6d67154287b1dfa"
		       "e0fb530264dbb841a7684b396e5ca0459d795216416a9d232bc89b32e0f9461f"
		       "53107c78e66c8e876554e8ddd501867b55dcfc1fb33f102e03373cdd192640f1"
		       "027a08ce277b468f6ed0fe80a9d6cd2d6b2f7a3738c8325d95b0ccc6e7b9fb00"
		       "0c923b92298e0867d4a9f6dd5513e8001033c633bb1641ee66349487224dd433"
		       "86c7fcc29916332066a868100d46e2c5b8354c28f087a024cba27694afc4c166"
		       "5e0d72b37686919ad55052cc63a144febe4e2a0c9ae416e064e289f9f69cbb88"
		       "3665d1130826b7b74e30c94a2b98b67b471663e3d66326db3b43bebf958e8665"
		       "b68eda90e8c5d9494b0c7c9ec48800910dd6d906b1fcd47a0aac462ac87b126d"
		       "21b5ba150df61f752257ddf5a063b4a5b150371d625535e3b2874b9fe548960f"
		       "f67931cd6c12496e8213e2ace6fff48e6bdc60310e49389f62579db26b92ad73"
		       "e9d3f23942cab51784f48b3660b6450caecbb0df2aa4c8e56577f5ea450d2f7f"
		       "51aacc0b304a62250bf2cae7b99dcd955b6596625d06da1c67f730b706fdba63"
		       "0f00fd891830d251484640b7258ab364d6fd9986878fffa69b7c44b92e43143a"
		       "ffae8b098e1d27716850f37553bf266cdfb561abbcdbfeb80752b364434e64b8"
		       "0429b54cc88693ce03dc0fa147f0741b215f0728499bdc25140aafc976ac99e9"
		       "10ba8a8a50d21b7bddaa28626b3b90a93fd44077068357c81d36e735eda43629"
		       "30adead4951a0baa104f384fc70e842a9f329e1868b07b455e9cc3fecd54805c"
		       "9052e70f88c3b92fe0fc6a4d7dda18cf5694e5398860e439a1e19d5a66f2fbc0"
		       "aacdd1a498711bb16054796c015a715395ef6174e37b04eda589b673c4d5dda7"
		       "37817fb52f392caf7a72d7a3e84b2180cb5b75bc8af065bdc05c3e4040435a1b"
		       "160081352ac43e09cbf2ead6e09c2b0be0e37894888fe2812f68806f957c13fc"
		       "e6ff167bcee21d4f412ec95a4847f3db7bf441223a4d4ca9ed69adb4de8a4b5b"
		       "01c775f2721226e6c59ff26fc38e1bb78a384b30e7b55f082e264d8f25e31518"
		       "619ddd6b6a9faf8aa6cdb5eab75ed59a33825d5ef8b93bde5d120ada773fcc08"
		       "52b918f4f03e2d2a543b15363adb823eb1f6c533b98d940411e1f5c1cf521f9f"
		       "63d5454697608326625fffe01bf87f44187dad631df2898effd2c291d98222e5"
		       "64abe3b042b75e90c9c54667842fa8ebb68a1244bf8e0c3ae3ee5f97d5ddeefd"
		       "986c4bd3f99d877c2cc2381a89abdc61713d38cee58bf69805a485c288d21b15"
		       "843147066b4a74c69dc25de878e21d35fdfe6746feb4c166606bf3219e42cf63"
		       "581e7e6bd6570f40f8fae590cedf5106fe57037ccb2324b74fca6500f6ed3d07"
		       "36cdcc67d04f8fa9e80054a5bd7c8459fc1abb1c4c78677d7f6b325af94a0e5c"
		       "9c7db0a748e12c5265e8724947d9b5c4bab1a8b6faec827cc41ec115ef3c2d73"
		       "48cddabddfbc8436f3b41765e13f3762b3b45ed23156f085831e726a55d4b838"
		       "48b3d1d3352aab9edcc0ac2388f2383f6301ad813b917ee3f23734e057832ae4"
		       "cf65e668c9ddd0bdd0f9d8b6693254649668aa91a1fa5eb7c59859bb6ddd36c2"
		       "5f4a2223f5d688b480d0388fa307ea69298f9bf7737f6b3dbfda87b331affd75"
		       "cd8d88f0460e98ebc2890b217bd6d11000a3a088cd837f4f8859a43f76afaaab"
		       "05a0c3007a149d4d6b9155cadc2c9b55003efdec5012b6272b87183694c505f0"
		       "446ede55f35b8ab201f9eda974ff840eccb0f004fa3acf753acd0613f66e2a6a"
		       "c82e322199d37b4af83cbb3d98371c31be79bb42331e819644cbad2ce27a04e4"
		       "c517998692cd8331552892e199a01a6922bda4d38ac4c01f708809e529c3216e"
		       "aab399ef25b350ea213ba47126f278140e17391ca7139bd13c56f415e6b74aed"
		       "8dbfbf38c95dc6db366fd72aa863a27fa1ebf198716400b978a3709e35039731"
		       "930406588ebdffd35fa230a9b75fce41d7acd214ca4f0029896c137495eade0c"
		       "f4d10fe621c73f01061acb077de72177ff5dbc6f0c5bec681aa34668ca4fcdd7"
		       "27525068b0b0e9072971b84ef6ce11d5c3c6024da40966703dcc2b33ae04f677"
		       "677635a55db508f34f1403cdbe37960c8577dac3d848b29f3b5c5c6c56fb74f3"
		       "4c8f4634c04b8cce9b218f1760ca00e6de87efd14087c633469c892bf3e31944"
		       "3336733bb60cfb44941bfa25229aa24384d812db90fe74e0f93fda005eea8740"
		       "0736cabc036f71421b6657b1674d4a8f76cbbf3a8b1c0af82f72973927752257"
		       "c532db439d96762ad64f102551a9d03f9ce3d8cc850c393c128bf8054bb55bb9"
		       "2ea31ec0706f083a9cf90424c617f8ad2a21225d1913c30e8f47a6b7131304d5"
		       "36a85596ebfd987b64b6bf3c51638d6c839214b53c3c10aa52bd9c6eb77fcf80"
		       "b5e3b724dec1381d0e02207a6adc73ff53d9d1ffcee1c4a28fa5445ce518eee9"
		       "37074ff7a402f5bbcb362ff090415f9dbd93b62ee56dc8c50e4d2e34c6c62165"
		       "0c0dffe311484e95d68de77170c909c815828946aeeec7ede56bcf433e22fc63"
		       "a33f764ced1f9242f3d26dc7558686e471f30fbe9304d3d56af8b23e72a40889"
		       "70b24b2f7e968c1d0392eeeb0b0f0ac8c176547a5383d948ed15484b79e21314"
		       "a1f28ed624f61e5aaecf2269e5b027e1910ffddede52fad4e8da224e8a10b079"
		       "548fa7cd44172f4991adfd7623d13e5a19c812824bcf990c07c9721ded9093be"
		       "6ce7bc7da3ac8c932133a64396b822be92b088844991596df893625a4ef24543"
		       "bf75a10d7d17ff70350ef62ce3a7758aebbf9b3977b08becb9ea28376082f607"
		       "965f2cded28bbdb39dab7e00833b0488370d221742b66e27d9ee2d9dd07f401b"
		       "c22a62c8a9d8d3a290c63804991496aafa47a32578f583cfb53d0c2199055973"
		       "440d7535e0da6cb2957f4e04002ecea68f9c3ff76cade27ed15fd7835989d0ab"
		       "b197fe32f68636139a42710644bb25860ff33f539200e3ccb8a7738422ca0fa0"
		       "c744b4c19d15c5d4a3cb082e20a78e20b5a4965b043595cbcacad500b5adbb6c"
		       "d597e6a4b9c5ea6a1f2e653b5474da277f1818048094ac9e0e1e0b20068d1c1c"
		       "e5a114a4db7195057a6ce4d221c336fdc29190fee8ff855cae8b7f7c02eec21f"
		       "972c827066d9c6dcc4a4179bc44ea9b88abe5124bf78b071e09e9af43f739a6e"
		       "1030091fc091e73edc447f25c68bf84b8df7aa8f091ab42662b93e02c27003af"
		       "c7b0ca69efcfa60bd53d4d78ceb7c4d2c8fd5ed7e8b35024de849e06400ad145"
		       "fdb28348d22b317ccec704c401f88db1af2a5348223f5cefd914e404c9d73805"
		       "d0de77211881486f1bf4aadacadd3ae2588f0db7b5e6957fed50a374f541cfe5"
		       "e4e923c82ec47e5b3d2c70ad6760c79cd5080b490bdc75f9ef5e1d17f0978b1e"
		       "8770775f902b9463e6980e1683b2454751ba2dad4a2e6460924bd60ff49b0323"
		       "0cb11fcd04a0388e60874c35d3f6cfc4dd487665e1b16578751eaea89e126bf5"
		       "8044596e3188c7a9631017be1f2dcd7d612331832ff8755460dc496aa99a61ea"
		       "053c78e72607a18213ff9ef4bb880903b91e9a43e0b1f0ed1511b2eca2f4253f"
		       "cfbd7d0faebf3680fbf0a45df231544882c9c46505c726d56905d02fd046c165"
		       "2d8fd06d15286a1a8f8b69fbd825ca421fd80f5e9ba1a23f924937ad049adeec"
		       "60c78fea1adf9b1ef7e8ac4d1ded18f1a801b0bda8fe9a88098825ff3eef5c1f"
		       "c68cbea143310b39543293f3f5fbcf4773b02054c0bc79f00554947c7604b363"
		       "89c0c45f597a88f3713456b4cfd83b30cb6520b624aa09c812066a8cd542dc67"
		       "e19e4c92b562b4e0f6799fe57d9d4f4f3e0b6fabff4b1fc190bf1e78775ebcbe"
		       "3655d370ca6c08f48decf6153a4989eeab6921f8475f85197f51d651e5639942"
		       "57df57977e5f219b4879751de57ab0374b407a21adb4ba520bb35e7b7508675b"
		       "f49f4e432190451423cbd529fc79b22baae9cb1d8660c3a49c456ac03bc06c0e"
		       "f3b02f7d8acd40919315206fb38e715139c9bd6f89a58634fe683df03f5bda71"
		       "9764f6c38131bc5ba1c53244472ef73834ade04b86ca08dd753141ac0a9a230e"
		       "246735060a044018bc9b75d50134b20e6219c13f8325b5a0201e9453f6f012fe"
		       "72e829ee1c637fe30037a9212a31c6e713726a6cd4cf2dd66ffdba77f1e2800e"
		       "717940f231d04aa2e4e88dea084754947d848c0271856bfe659922408449858a"
		       "81fa6583f062d96898d18ec53664f0067eb9b9c40ad2579ba9802abd8d1bf287"
		       "e49d94ae397e784db14b5f7010ee4fc42e6e3c8ba80370afc188fcecaf466ea8"
		       "30d7b16362e5c9329980b981decc7174f3ff70a35d8a180ee12ed0cbffd4e8d1"
		       "4eb503387e4959f702d4293109e922eb561371f9ab21475821f8555d92f0aa1c"
		       "3d841a6f1eabd4e663993636c754ce2b3c3f6a6b6d0b161e777b8296d7dce7fd"
		       "162970496494d4f60716244a5a7fb7cee40e1d565e6566697e8f930000000000"
		       "0000000000000005101318212b",
		.pub = "f5408337d0fee65c28851226a5fa81b58464632c78e2a9bef70d330f2e3a5f74"
		       "d9cf676aedd1067c91a5dd5d4edc46f868a93ffec9f44e254e44f682a153aead"
		       "f228e8db7c5fcfed30cc3408e261ab896876bee56660d2a7c1d7eac20c575425"
		       "5206a178f7156295065ce7876f90c48f44bc37f3a00e32eefd3a4bb1e298fe28"
		       "3d106eaef92a33a594253a2a0790976a1d04636f8672d28c06c852ea8bb43b84"
		       "bff512996e7616963d5b9a2906466a152c7ea9be178be35405683b44367af85d"
		       "2daad87630c1e21ba5490154f0141780f5ed0407cb0b975dd56d5930f9b26413"
		       "b843b83f3693304b0038bd3e4bb398868060ea18c9c67099376470a50deb052e"
		       "4056743fbcdf0341b192663bd1c21ba3b3d5666e0d0e29c4e1ed0759ab0bd9d1"
		       "d355011b94e0ff0c049b03ddb7138640667144fcacd7265f55a07e5387f1abd3"
		       "0c037cf14d436aa855f827049215440d8007f61460500d943f57ffb6bfee6fed"
		       "d2fcec52882d7d8da1aab29e892c8beac3df3234b4a7d2eca3a45c6623c52bbd"
		       "d07c1c94314b706988a52029f8f8b06e874b741d72926652c78c6ace2cfd8864"
		       "eadb2e4b39cafe6e03e4edbafa2747db9bc42f92af8b031e3e380846b1bfd15a"
		       "de88c285d6a6fffe91eafc8b17de6cbc68575f323cc09fc20e49e8efd76f9568"
		       "bec486b78df4245428d8d0d5f53873e11de65fda4c770b521a8c67f5c51d48cc"
		       "26358954514447881fd9a42e5891dac7e1db5249d7861b322111e5fb929bee9f"
		       "f5e9d5a2667ba93e63fc03040d2e82648f89e89dec1d1d2dfb9efeceb7940f7d"
		       "cbebeb5a239cc1c54d8f7d52cba220d0634e15df46a58280bc5a48840bd39274"
		       "cfde150f9ad9a40f6398d715350925f0e0501944409f32331a362bdaaafb3d8c"
		       "e71c964332d6afb7e684f99951246d88081c86744ae68133f22c53a4b5ae258f"
		       "230a98491d2d43a79a6d0f4d54a3b62013965ac7c82d0507125a38a0277f81cb"
		       "c1d46cef2a131c6f51b88ec0baae0c82a6a0e72831cb06f9116cff5111d597e0"
		       "1057d32805a008f52c9aec3311139bfb35982789ff83bdd0c31e9f1080e8ed8e"
		       "b99fde66bafb29e3357389fe3785b60c78e229ef073e1b65e34d848bd4d8a4f2"
		       "51551e2d38d2546afbc205d3c6dab34d2b962b1afb44f1d22fc10c6744fcd6b6"
		       "36afd3cb414b16c2e0d708fe9f51ff19120bde693b028b6d1e6dbe37b4b8b3bc"
		       "7c6f7a842701603869d3ded572500f085502efc8d3cc62b30e5cdbcb5e86d9c0"
		       "d42973bf755df539cc0aea58f9148386db67bd2bf70cd12ccd96d5c66fb27141"
		       "6b772465228dc44b079178f9b766370b66a79b871faca246ca6f8f63be9f0668"
		       "297ac446cad5cf4a83318b1b00ecbd283f0eecee60a9a37a27abdbdbe382e307"
		       "970002837dfc0bd3934ebd008918fd4bd383c02c9d37f694996e989a49075767"
		       "ebc4a2981ef5275455e026cb0bd70946cdd1fadaf251381d324f9efbb860d1b2"
		       "80c29685bab97d010676273b45cca12ac3966aae342c84e2357eccf252577743"
		       "b8787967b40b07ef2d3d9e6c1a3bcb059cba0fdb7f0d4f815c242b8e14acd337"
		       "5e608e9230ba3cf8718f43882a3e1e661a2bbe81830d34741f33473e263b3790"
		       "abe67acf29f5df44865b2ffbc96975fd62738a64112deda5a2534fb0a23b3b30"
		       "24df986391badf9041c593c313a7ca1e1fcffcb65b07b9a99337b4a4acf616cb"
		       "e1553eb9541f38aa6247342905995233a28172ca13396b2a9662970120f82b92"
		       "a213f43de7a232ccca3268265c9ce042d50915430a6c455f32277da42f9962fb"
		       "9163b623231ebc080fa7b8e9f9021fcf85b98f9c483e4d2226b9326a5bcb2e74"
		       "49ef029ae142d3a0f0c28bd4f7e9c51a12e1336f24dfacbc3f808a8f7dd68302"
		       "7bc948763b808fb0037394b8b41bc9b2ec7887e67584e03d11b15ca203b2bcb4"
		       "3f8881638c4e4eee7f846d09c7f89b7739df22b2c3acc235032ba8f7ae27b5b9"
		       "d25733143e80a4cdde6770719c1e66ec2ce683612233e88fafff84c0745a98aa"
		       "1254c8219c6c556348c2b5d1beeb61532d6bf7bde153271dc647460beb65fe00"
		       "55b33fd6480dcbb9d7d471952cfa5be260c39721a8c5c89b9e966ae2dc903645"
		       "1ec9f2c49433b2225e13f23e20c2bfba81a7b3a555883449238f7d48213e9f10"
		       "ce19e76f1bdcfc73ee5524bd7d8be0a4b46784e238233c04fb99383ec7726f97"
		       "17e1179dd14fba9ad6c2ebd1699f0ab0e57e6cad23875b029e89cfda06f51266"
		       "ecd2eed4edafb51e82f2a506d57ba74da611774ca5fa2fff4a976519de425885"
		       "e7d09219cf815b1767d4fc5a72c18918991a285086a6a766614a4d245387da50"
		       "f28dd778fb33ab88c0918feba3768c55bb1f07aec33cfeed33d6faa4d34fd722"
		       "7b365533c1e67dbc89f0b20195cf1cbd480d333ade1c9bb28308085b72ced430"
		       "268c1492a27050c43668adc9cf8b8509447cfcd3c8f8d8eb554f704101786aa9"
		       "ebca86991d250776a37a1f56fbf7d08e591f978da49c3870625879f70e2418ae"
		       "c5cba32fa8c346fa9038baebc35ad0068a4d03537aee14c2e71570a87490377f"
		       "a8dd66f995aa044a522f0c7025a7ab2dd5ad30a64268dc112b7f9fa156df64d6"
		       "31f55f1d6edc55cec570a9c7372e29e02c8d4867bae249431dcf6ed2794a0183"
		       "f0f7501201feca4a81d334c642fc8d38e9a90fa77429665e09e214797dfa455f"
		       "f47c4f219d3a2cb0176bc2236455123c1c5da714ad29d580fb194f87173a18dc",
	},
	{
		.source = "Wycheproof mldsa_65_sign_seed_test tcId 59",
		.key = "0100000000000000000000000000000000000000000000000000000000000000",
		.nonce = "0000000000000000000000000000000000000000000000000000000000000000",
		.in = "48656c6c6f20776f726c64",
		.out = "af2040f9d90996985b6efd6a6ef90c465369a9ab95efb537c85f137d528d26ab"
		       "7a4d5035efe5f734341775263e3b117d2f2c5544b0ffffe4f548c87846deb2d3"
		       "4af083bbb07e3c358fc78bfac471259d87043094833956eb4d9b23d1acbc7efd"
		       "de13ebc883290783e33d743bb10a13bc8eb2a2e6ed552d8a1780055b36fcf098"
		       "7b032487ea60b8f51158016982cc2aa49318284d5e600eb36c405d62ac7d6c32"
		       "f88b1f5d41f5f8d5bbe3393033c51a95876c0f9c2124d6d87b98634a29269be8"
		       "30da07725cc8621b64480492af23c67aad018e44c2b957930e36171d1ef3cd63"
		       "11cca9ad14e1c58a7d6ac6d2cee66319faab0b0c92533a1bb98eb909f5feae67"
		       "c16e4e29da9be03daf0092cb2ace5a4316f2a6781109c19c19e2d38631e0aaf9"
		       "1aa27c8b82c8def955152bcfb7b2df0b2ff0b04105dfa209b3d9019444685054"
		       "d439ae117c6f50faceefa46dfca10bda1213237f898143d42c9f83bcc9672797"
		       "d4a03094431567983c1d8e816011bc4e7190e3f6555fe9bf77ad61b8415b52d2"
		       "a36c62e5f9368b6fc0e7dc5d82c682d46cd189abe12d933a783fe9f4b46f87b7"
		       "05d0c90386efd551829fa995942af1bdbec31cbcef50fbdbb7e76615dbbfa9ad"
		       "581b59aef0c922a69de190c16e5c4b0a3d6f0141f58aca58965e100b50163beb"
		       "67f9c57ae8e79ac5aabb24bcd3600015cc65cec80784c9d05874610350cd01ac"
		       "43976276f0ca6163d99d495f034cbdb9e39d24efc1ac9013dcf380ba1cb676a6"
		       "af8282473868e61ff4f0b13aa2325aca910dcd767030b2cc5e44fa7e17c32786"
		       "ce7edc9a432db81d6654830a16b3b4e37c12617898d5d2b634fcf250ffe545f4"
		       "da5a289d470dd4ebac4362ec08ef04a31e8021a8c760fbff797773058ed11d71"
		       "511b5d95f0019240743ab44527db4d613c2759357c291e7679d06c930ee435ae"
		       "77f4f2d13c4e767b7adcc32e373efdea94fb70d6aaf96e64b28ed4fbca86ff1b"
		       "d2656e392c8c4707e3ac6ad8b0c85c2ed19328b942f3af5eea89a7493ee8cfdf"
		       "86fad43084ba7582fec07c1bb5649d5177a312d1b70f7930dc1ddad11396e5e3"
		       "15ac7f1d3047887a3a40a85d809f72b2661786e311928a6e61ce7854ff854daa"
		       "170b9c406feebf3dc33656c9153b9f5e44aacc084bbec9c06e79a103f2544d6f"
		       "5ef06e0f525687a10f48f9f08dff7d6f5b467c287fbe15b33341e3e44f8b27a8"
		       "7342f40dfbd20ebc214eee221115abe3f8620eaa424a59c7fa038d8969a5a95a"
		       "6476e65820afcee40062e14d498544a3ff95e308afc39d241e1d8e403fb0570e"
		       "2f6242771f20de2c792b6bd2996e1214297b1fa72c6843cb4f7d0196f9a40716"
		       "385a3a5344f046e33e2fb089ea1f08340ccb563373795aa3e2fef7a8509d7ca1"
		       "74a5b6cbba90a56d743078bf9dc37fb7887187d6b201c5b6cf0638fc3e36d1db"
		       "8611c468c04447a4b670a5cb55d9178a3ad2cd7817fc01dc8063161a1f9d460c"
		       "831208691f30aaa4b365f074c601c6ac29056b7dc2279ae6e6467a7c2476f3fc"
		       "041dab076fcfd5a9681511283cc1dc59ecd5472c99d8b8e87e5392eab30d25ee"
		       "b40cfe4b7e3158d307b690706c59eaeeba9bcc6cf3e7081847789cdb83c55a3f"
		       "d77ad8952566cbe6afee69a11774f10d9272ac6351b2c086a7fba26bd36ed0ba"
		       "252d7b42943185235180beafb9154c93b5f87fb7561b3cb0aa3964a5d0aa4925"
		       "ed09c90c0c18798091ba0aec63e3f48bca675978050f201aabfb34cc6f0497b7"
		       "73c2daed9178bdec949f61fa267a83dc796af329bc15d38994135fa2c97d0f80"
		       "5807105123a76b86cf9c82b8879450e942574a5fe2868e7131fb66be7221b4fb"
		       "d25e6e19004533b6a3d12e91b058eae18318d0a5f324b0f9528a3459737af6e2"
		       "5e8d2179856ef0bd9f9de025e6afaee1ec49e8c98f9b96981af3cb1ca1b1740f"
		       "b6dd86d48f7c6ae9e8541dccddb505a4765dc5cfc2e3caef4381a237ca2167f2"
		       "63f3c5f2db11eafc52b21a98d9c54619ee5c24cde5dfc8cecbe5bd086ea2a5d6"
		       "616ccb47c0451b24019373edbca55bf23d1c365ad361a21a1928d72b4c8061d5"
		       "cf88a956eeea3fcbc80609ca751b5a9004d887102e93867c4ad70f09105a666c"
		       "3b9a575af0eef9799df422896ef11ad1281ec0032877520162bd52d59351e70f"
		       "ca453e4f2c85b23fc154c2a294b1d5ec0019c7754215efbabcf82c1e7f94d587"
		       "3c0a4e3ff121e64c85b83bbe94bef011d9a9c8ce9ca692f177f7d0e3f499d684"
		       "924dca2a653b90b9ffd485bbe88ed87237abc4ca6b55c3b71850a34dcfeb1d3e"
		       "fec5c83074bfd9630c308b8d94ddcf79fc813380ea7426fb10b2b461281bc385"
		       "49a38f280bb2a3032c67fcce24fddacd8683a1798bc6cfd6add30c7b2dc9e047"
		       "20f5149e1b1a6a39b4ec08a0c093a67987b7dc320bbe43f05cdafc74759b87cf"
		       "f4731af336445993f685ef5dfa3db636b830ee33bb45c5f51bea8ee5cb9ed28a"
		       "4176140eafa2c0ef593b40738b9857f8ebfef3d2930387a11dd5daa630b8fb57"
		       "44fcac692891e8171f3ff0a08ba5ac81cae0cd62a364f1b51caa4aab3085acb5"
		       "6a47cd75eafe860e92a6938a9205418e39bbaed6cd6fa9576906e17c57682b75"
		       "5314f437dfe1efd5c56f6782f2a8fcd489f4fdba794b452c7ffb45b9325beb72"
		       "af3e2e77f1a3a816b1e5fd25d5e3864d90197dedda58375ec4d78c7302e78790"
		       "2dcbeb173f43da248ceaa8dffd1ffdd23324c4dcb1346332a70dcd08090954af"
		       "dbd27cd3932e9acc2e9c889c02826bef84d077ff066ea06261601a9a06e5f3e8"
		       "b9732821b56dbb2b0fe476ebcedc4142b9c8255c2fdfba17fa5c7e0ddd976dd0"
		       "c9e5b1420aacbe03e34d8846e8bf17f79cb82038187db482957e6c054d33ef5b"
		       "63937b7f64506dc384a99e47ed4eca348fb5b62a3639b84897f17b782b021316"
		       "88a75435caecbcf7cc0bf0a88615ecd2ab7af31a0cb5ac6c3c5e3c4696e4b10b"
		       "9c9f4e3323cb1817b2e175dff035fa36714cf95f8e151fe712bc38939bcd47b5"
		       "0fb202093d297081579637fa97dc8a0690efa7c2ea071ba4d4e1896387115001"
		       "276d3cd28fb6217bf2ade25f2a3eabb81d08a68bce79a58ba971dc1feeaf248d"
		       "47bb20dc93a68e3f32d19658cd3f1b7bb2c5d798d73025174ae8caa6d8a25f1e"
		       "0e3bcdbd90a2794ef9ae032005b6b95b701c6122693a12ef18dce8609f3a48c3"
		       "2cf79a0d04f94bb4a6b74454e09c0f253539b185a7d5793e05cbad6a7ddd79d8"
		       "0d4e48934bc2e610f7fa49640d2536a0409aee11bc62b2f4e8070ccc59038dbf"
		       "b7aa2b17acfa7c841b7d943c82d6efef90dc9349a3bcccb905dad4a3beee4e86"
		       "7581cfe8c31bb2c2f3f187a408d16de3737865954369b41c9459fd7cb3b7ef86"
		       "d3cf5cb1c3ac9b90ba78049ed35470997f15dfb8c2e02033c21b8f5bad83b842"
		       "004b43de82ff88df93f2687e67467990b61511af8119c0ceb6ba255a22c7479d"
		       "c06036797a27067790e3836c481cf904f9f6b484f67561aa3ce9661f95d8f67a"
		       "5028b527d7d530aa1b92c6a6f344b9de8286bdc755d1e973884e402cf37a3294"
		       "a873a93229689f9c5018aa151d53e4fa78aede7ebf374259ab131d9695c69232"
		       "bd2c14aeeea9c1b53635b733965f391d1b1d313d0e2ff7628398011fc95d52b0"
		       "7cb25f8404b6fbca17362422235e119c03a1db85a6d27657822b17adf9d591de"
		       "a9848e748b6ce07a28d830059700d64d47490bac5a94010618ca03c1654e81a0"
		       "1c4a6d93d86115f16d620fa63da2a7605ce50f97e56a020bcf22e716cbd76354"
		       "e9896a264cadff5d367de89d8bb48999d6164bd8f7648e4ac0bb5f2652336e72"
		       "b445f6f0232920d7a00eaa25dd6a0d46d8883f48d2b2c10b72036c6904d4d5d0"
		       "93f913ce625922a146f4e7c908b21a8b8939dfdcb275b5fe5b52ab1f446a4fd2"
		       "a4fcf5a4bb1d0c9c3c550e6f5b0aadc4d411e87eacd585ebb8c4637f9c185cdf"
		       "7b282c387ad49f8bf0b3f8c2fd63f9336c0c8c4c708b9d3fff0598cf134a9d20"
		       "5914cdbb3802f0eb5fbbbbde18e0fa2ab4bd3ff2005f04dbdf80ca25e08e4080"
		       "55ec2abd1a345845311dd8dc10c3ab128c7389bf2a9f06184651fe332201020f"
		       "711bfbad269ba8c9dd749ba727169c6662e319ef0013c97c9980e1e0cd275e6b"
		       "c51316f0f83a57d784c639734ede4fec26e670976415b7dce3eb197540088817"
		       "bebe81f361dc992d16151b8a38b88ae3fe0fbd080a1264a4a73526b01e34495e"
		       "411aacdf4ac1c893f668bd095ff65643d42783a758f8f712b906f20f284d89f6"
		       "efa1453ae06dd0357297214b9ce7944af4f40e3ab8817b56f1bd3fcadb9d9f36"
		       "6d34271fc3045f05ed2eab57aed068ad6110050e64adfa066923baa566d9c289"
		       "8b2c53bf378aafd2b21feb94873fa2e65496f69f6f94321590b43f409947e996"
		       "697bd93f03e3337286110a262310e0072bf62355b84099106885a05cc1bf929a"
		       "42125b337a7ced1ee2ce0f7be5a68f82021027761c3bcfe134e5b554d7f08a70"
		       "9a180d779152f7c85eee0af248d43631edbb845a1b4a27b09cf8c69fb1694ac6"
		       "9060562114daccc9ce702f6eee20398c04434471777b9fee2067a5aab0c160c3"
		       "cf3d5a71797eb3de000712161a3150708eb7c7d0e8101f343999bcc8d8ec0000"
		       "00000000000000080e1118252e",
		.pub = "66239a16589a522a029a216a75a70a5b1c9c49b6432bff6e4be262d4d999c01d"
		       "a4eab195cc9eaee7ae840f2917dbcc0218e6439d2d4198bb0db2b0e73fb40bd1"
		       "d9daf16a524c0311c9669874b0a175d8b10d5564f1af8007a1b852d1576231e7"
		       "7b19b7efa5cf2fc8d3869bba336b205d6a3ad7a65fba36962ef7ee3aa290efb3"
		       "5760bf9fbd58894c0b51bc447c503245cd5e62b0690eef1b17486080a2e5d7f3"
		       "54225abcd11d8e8165f7bdea98cdc9fd887193eee058913255982ab3a22ba1db"
		       "732e0645bcd3588a8b3c18bd929771e5d9022c383caa1b998eeb5bc36c019362"
		       "37d703e283caeed671c8151f6de810be4d22daa25a862ac16a622c4347ec92c0"
		       "3d6f12587cf5d660cecda689b0ee75f391aacc270946a36242837961723a99e2"
		       "79e12a04a331a0511b021be538dee6088288b69494292b7756bb8b50cd14fb58"
		       "3b64dc1b5ece98f6389ef07eea028bfe0250320c12a8e24a4afd83df9a178ad3"
		       "176aeba108fb3b102313a03c9a75e1cf3f7ea6094c2fc7480415672d4c368264"
		       "35ffb2332307847f1a408685decfa42ba62c9adbbc995aab75ef5a45adba5ea6"
		       "11783b7e9d70002fc1ab1882184fbea63d55ea407243a4db96d696ba1cc5c569"
		       "9d87bb2e123f9505a030137329ecaa5ffc08f6c258fc6656f2b63dcf7282bcbb"
		       "a58fd11f3cab395c488a429a019c486242dadeefc6352df77aff70dbf0255194"
		       "5c3f93c76740e63f63aac39a26c55341d14e8dcf3c48be7f2abfc5a0fa7d1556"
		       "1b992794b9ed008962b1d9b163a04045c5f6d070194ebfcc770eece4705aff25"
		       "5cf58ccf8b648a56aebb125ae5c4eed5e3cf06604b1f66fa4fc758975ff7a731"
		       "450ab17d3dee55986dd26448a6ac61374e6ce22d0f7c7e40c2d6b9bc67507b6b"
		       "b673671d853fe22ab26f555cf3b27c255fe0796922751777764753576abd8f24"
		       "4711020b4a576b620ae433b79b87d9ee6616f91f2b4a88366c78e6ced025d241"
		       "7db695e120d11baa8883eb3f8207a8d66b61fa34199cbed90dfc640241470deb"
		       "788ab80b3e4a8383bb13ea34d7fbdd0ef516aa5f8426d20b166b1b05d56e2da1"
		       "554bcc196225481bacada7564ff59f16291eb0810056e2bab1e544379c2ec7f7"
		       "af958aa7b815ddd2d254a066b4e35bdd4bf5608f9d3eb54b1660156936248e71"
		       "915879a3e3df88a373d43f7595ad166bf9e84b6a05531b70d891234154c7e372"
		       "5ba363816532b270595df2463b1b2a67eb0f95c1f6a5434fd8595a3062b9ac92"
		       "a6352780c7d078fb045831bd057dd49772e4b3db9806139be864f6bb8d189b2c"
		       "a06255db60d8c07e424a740dd30ed77c177f526d82cfddafa05ee5cf9cbe3fb2"
		       "75589eff005b52005f63da6dd6b1d39335f202af6d058b5caebf29782a225498"
		       "14c1921ec1ca21805faca60e434b0876754249caa34b21903f874df5e4548ad8"
		       "d4bbb0bb2f05ef377b1c8b294af53c7bc696353a850ec5c33c9460872bfec382"
		       "ac0392b9928bddeba48d24819a500a4750d49c8eeb9e546154b5b8262ea59f7c"
		       "ad16478243659b246740ae61c96e4c2e0213eabf5019040ee9369428f833fe41"
		       "63d54ed3cbdc5fd32304c890c34dcff1d8c3b9b66c40a13a3c21ac0ca1e69b68"
		       "361a0564743f9f32c252ca370e56860a154e4033e5fcf63a6cd1ca64deef4616"
		       "4286eb788f87d9ee59c6899ab7aca62e3698639464abbd9ada4023b87f45f1ee"
		       "05ea2d5fb72713e9aaa91df5c483f54cd19eed9408b94c544af3f3758a6be093"
		       "3ee3c24edc1427cdd15995cb32b8ec89e032ee949952e6ed7e941c9943e0dd48"
		       "6faf28414a0795eb502797d8a7cf6ca3f051eaaa5d7fb20e86a72bd44a97af6d"
		       "cb41e37ce33813f0c8f17a6e4d2e2ea506811083ad9a93aac235d7fae01ecea2"
		       "9747bb94552ed1bd581e86cee23c4b7e60b59b09be4b3856116d7f5f605d6481"
		       "47371117e1baba9150baebd49c624afc9a64dab54fb0adcdf7d6d84e64b82942"
		       "b114a78d824850d6b8719a4b90f41db28b51f351d7059549b0427c83e629ea83"
		       "8cc141f88cf041744749c41cea2bfab0b72b68c355bfad32bf426515b1f675f0"
		       "8b23f8dfe09f103272de8f00c16741163eaf1e0beaf3c3b02b3f729d4fb94aed"
		       "faff3c0cad893877cdd0480e61e390ac74fda52f2370ee95092cf24bf71ab46b"
		       "7f5200b1708e5119779f3aa68ac163ef7999d9a33bf627d15f5fe18166551ea2"
		       "a5aaca0655869f02ca1cbfeab17e3a2c0b34abe0092f154975fe890418ac191e"
		       "e6dcbf72e489ab861393220a528b77cbd0de2599efb5b622475142d223fe4a3c"
		       "5ca68b003766f84b8a3cfcdad05802d287ac4b4d4274c2aef41eb38bbd2f2e5a"
		       "e9a65d138da3ae32b2dfb33f836b9220db288902dacdc1af9f65f85d9f6a8836"
		       "132c258475f2511b19a299094f03b5abf4fc02b489efbd4877298d521be2dcea"
		       "7141f291647ed63f0927710ab816d60b8d72002e95b5d77c0a5c10c346962d06"
		       "396cc521ada3b3550bc3b3d4cad602da0ad801246d91d33237283d3e50f0d529"
		       "12b99d9de026be4e84bff5560b9bbe615ae567a378e34c922c12f38d8fbd335e"
		       "f64944597e591cc3b95b7dbf106646d45926dddf46026d3b4de890f093f03abc"
		       "77a0ce697cb64562a676d93710d144dee2aa22ee7f6c7cea94b78e61f2c22864"
		       "4d9af00200afecca9ff44c4cccc5dd6f90445deed048edacc3565bda5f3aa117"
		       "7189f83bc9fcb8346a20d39a90def25525e1468b25a59161108108220a2f6e25",
	},
	{.source = NULL},
};
#pragma GCC diagnostic pop
