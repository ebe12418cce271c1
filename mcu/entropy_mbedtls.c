/* mbedTLS's entropy on the MCU (MBEDTLS_ENTROPY_HARDWARE_ALT, the manifest's
   baremetal configuration): a fixed xorshift sequence, the same in every
   run, so that counts repeat. A benchmark's entropy, never a product's. */
#include <stddef.h>
#include <stdint.h>

int mbedtls_hardware_poll(void *data, unsigned char *output, size_t len, size_t *olen);

int
mbedtls_hardware_poll(void *data, unsigned char *output, size_t len, size_t *olen)
{
	static uint32_t x = 0x63736370u;
	(void)data;
	for (size_t i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		output[i] = (unsigned char)x;
	}
	*olen = len;
	return 0;
}

/* mbedTLS's milliseconds (MBEDTLS_PLATFORM_MS_TIME_ALT): the host's clock
   through semihosting (runtime.c). */
#include <mbedtls/platform_time.h>

#include "worker.h"

mbedtls_ms_time_t
mbedtls_ms_time(void)
{
	return (mbedtls_ms_time_t)(cs_now_ns() / 1000000u);
}
