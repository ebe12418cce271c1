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
