/*
 * The hardware capabilities a library reads, maskable for a board profile
 * (run --count --cpu cortex-a53-nocrypto): every worker is linked with
 * -Wl,--wrap=getauxval, so the libraries' getauxval(AT_HWCAP/AT_HWCAP2)
 * calls (all of them in a static build) come here. The environment variables
 * CRYPTOSPEED_HWCAP_CLEAR and CRYPTOSPEED_HWCAP2_CLEAR (numbers, 0x... for
 * hex) name the bits to clear; without them the value is the kernel's.
 */
#include <stdlib.h>
#include <sys/auxv.h>

/* The linker's names for the real function and for its replacement. */
unsigned long cs_real_getauxval(unsigned long type) __asm__("__real_getauxval");
unsigned long cs_wrap_getauxval(unsigned long type) __asm__("__wrap_getauxval");

static unsigned long
clear_bits(const char *env)
{
	const char *s = getenv(env);
	char *end;
	unsigned long v;
	if (!s || !*s)
		return 0;
	v = strtoul(s, &end, 0);
	return *end == '\0' ? v : 0;
}

unsigned long
cs_wrap_getauxval(unsigned long type)
{
	unsigned long v = cs_real_getauxval(type);
#ifdef AT_HWCAP2
	if (type == AT_HWCAP2)
		return v & ~clear_bits("CRYPTOSPEED_HWCAP2_CLEAR");
#endif
	if (type == AT_HWCAP)
		return v & ~clear_bits("CRYPTOSPEED_HWCAP_CLEAR");
	return v;
}
