/* wolfSSL's seed on the MCU (CUSTOM_RAND_GENERATE_SEED, mcu/wolfssl/
   user_settings.h): a fixed xorshift sequence, the same in every run, so
   that counts repeat. A benchmark's entropy, never a product's. */
int cs_mcu_wolfssl_seed(unsigned char *output, unsigned int sz);

int
cs_mcu_wolfssl_seed(unsigned char *output, unsigned int sz)
{
	static unsigned int x = 0x63736370u;
	for (unsigned int i = 0; i < sz; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		output[i] = (unsigned char)x;
	}
	return 0;
}
