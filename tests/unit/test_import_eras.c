/*
 * Import of openssl speed output, the newer eras: 1.1.1 (the 16384 column,
 * X25519 and Ed25519), 3.x ("version:", CPUINFO, capitalised EVP names, the
 * 8-column rsa table, ffdh; 3.5's KEM and signature tables) and the -mr
 * output of 1.1.1 (rates, not times).
 * Inputs in tests/data/import/, written from apps/speed.c's printf formats.
 */
#include <jansson.h>

#include "test_import.h"

int
main(void)
{
	json_t *d;

	/* 1.1.1: the 16384 column, "bits", X25519 and Ed25519 through EVP */
	d = import_file("openssl-1.1.1.txt");
	CHECK_NEAR(rate(d, 0, "evp", "chacha20-poly1305", "seal", 16384), 3034567.89e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "lowlevel", "sha512", "digest", 8192), 791234.57e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "x25519", "derive", 0), 30123.4, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "p256", "derive", 0), 17890.1, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ed25519", "verify", 0), 9012.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "lowlevel", "rsa-2048", "sign", 0), 1404.5, 1e-9);
	json_decref(d);

	/* 3.x: "version:", CPUINFO, an EVP name in capitals, 8-column rsa, ffdh */
	d = import_file("openssl-3.x.txt");
	CHECK(n_sources(d) == 1 && n_cells(d) == 32);
	CHECK_NEAR(rate(d, 0, "evp", "aes-256-gcm", "seal", 16384), 2184533.33e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "sha256", "digest", 16), 120345.68e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-cbc", "encrypt", 64), 1212345.68e3, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "rsa-2048", "encrypt", 0), 74321.0, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "rsa-2048", "decrypt", 0), 2198.7, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ecdsabrp256r1", "verify", 0), 2109.8, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ecdhx448", "derive", 0), 7654.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ffdh2048", "derive", 0), 1234.5, 1e-9);
	CHECK(src_str(d, 0, "cpuinfo") &&
	      strncmp(src_str(d, 0, "cpuinfo"), "OPENSSL_ia32cap=", 16) == 0);
	CHECK(src_str(d, 0, "version") && strcmp(src_str(d, 0, "version"), "OpenSSL 3.0.13") == 0);
	json_decref(d);

	/* 3.5: the KEM and signature tables, named by their header */
	d = import_file("openssl-3.5-kem.txt");
	CHECK(n_sources(d) == 1 && n_cells(d) == 16);
	CHECK_NEAR(rate(d, 0, "evp", "ml-kem-768", "encaps", 0), 65432.1, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "x25519mlkem768", "decaps", 0), 23456.7, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ml-dsa-65", "sign", 0), 7654.3, 1e-9);
	CHECK_NEAR(rate(d, 0, "evp", "ml-dsa-44", "keygen", 0), 31234.5, 1e-9);
	json_decref(d);

	/* -mr of 1.1.1: bytes per second without k, key ops in ops per second */
	d = import_file("openssl-1.1.1-mr.txt");
	CHECK_NEAR(rate(d, 0, NULL, "sha256", "digest", 16), 166584357.33, 1e-3);
	CHECK_NEAR(rate(d, 0, "evp", "aes-128-gcm", "seal", 16384), 5134567890.12, 1e-3);
	CHECK_NEAR(rate(d, 0, NULL, "rsa-2048", "sign", 0), 1404.5, 1e-9);
	CHECK_NEAR(rate(d, 0, NULL, "ecdsa-p256", "verify", 0), 13456.7, 1e-9);
	CHECK_NEAR(rate(d, 0, NULL, "x25519", "derive", 0), 30123.4, 1e-9);
	CHECK_NEAR(rate(d, 0, NULL, "ed25519", "sign", 0), 25012.3, 1e-9);
	CHECK(src_str(d, 0, "format") && strcmp(src_str(d, 0, "format"), "mr") == 0);
	json_decref(d);
	return check_done("test_import_eras");
}
