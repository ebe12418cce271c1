/* The footprint images' start (docs/mcu.md): a vector table and a reset
   that zeroes .bss and calls main, as a product's would; newlib-nano with
   no system calls (nosys.specs), no semihosting. */
#include <stdint.h>

extern uint32_t __bss_start__[], __bss_end__[], __stack_top[];
int main(void);
void cs_fp_reset(void);

void
cs_fp_reset(void)
{
	for (uint32_t *p = __bss_start__; p < __bss_end__; p++)
		*p = 0;
	main();
	for (;;)
		;
}

void _init(void);
void
_init(void)
{
}

typedef void (*cs_vector)(void);
__attribute__((section(".vectors"), used)) static const cs_vector vectors[2] = {
	(cs_vector)(uintptr_t)__stack_top,
	cs_fp_reset,
};
