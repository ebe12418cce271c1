/* The footprint images' wolfSSL seed (CUSTOM_RAND_GENERATE_SEED): a product
   supplies its TRNG here. */
#include <string.h>

int cs_mcu_wolfssl_seed(unsigned char *output, unsigned int sz);

int
cs_mcu_wolfssl_seed(unsigned char *output, unsigned int sz)
{
	memset(output, 0x5a, sz);
	return 0;
}
