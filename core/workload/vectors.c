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
