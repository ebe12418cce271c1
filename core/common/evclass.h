/*
 * The instruction classes the evidence classifier (core/worker/evidence.c)
 * sorts executed code into, in the order every count line and result file
 * lists them (core/count/count.h). A header of its own in common/ so the
 * orchestrator (run --count: the classes a board lacks) needs nothing of
 * core/worker/; evidence.h includes it.
 */
#ifndef CS_EVCLASS_H
#define CS_EVCLASS_H

typedef enum cs_ev_class {
	CS_EV_AESNI,
	CS_EV_VAES,
	CS_EV_PCLMUL,
	CS_EV_VPCLMUL,
	CS_EV_SHANI,
	CS_EV_AVX512,
	CS_EV_AVX2,
	CS_EV_ARMV8_AES,
	CS_EV_ARMV8_SHA1,
	CS_EV_ARMV8_SHA2,
	CS_EV_ARMV8_SHA512,
	CS_EV_PMULL,
	CS_EV_NEON,
	CS_EV_SCALAR,
	/* added by issue 30, after the others (counting lines and masks keep
	   the earlier classes' positions) */
	CS_EV_SSE,	/* x86 SSE or AVX-128 SIMD: an xmm operand, no class above */
	CS_EV_BMI2_ADX, /* x86 BMI2 / ADX: mulx, adcx, adox, rorx, shlx, pdep, ... */
	CS_EV_COUNT
} cs_ev_class;

#define CS_EV_BIT(c) (1u << (unsigned)(c))

#endif
