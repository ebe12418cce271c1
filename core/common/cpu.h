/* What CPU this is: model, architecture, crypto-relevant features. */
#ifndef CS_CPU_H
#define CS_CPU_H

#include <stddef.h>

typedef struct cs_cpu {
	char arch[16];	    /* "x86_64", "aarch64", "arm", ... */
	char model[128];    /* "AMD EPYC 7B13", or ARM implementer/part */
	char features[256]; /* space-separated: "aes pclmul sha_ni avx2 ..." */
	char source[32];    /* where features came from: "cpuid", "getauxval", "/proc/cpuinfo" */
	int cpus;	    /* online CPUs */
} cs_cpu;

void cs_cpu_detect(cs_cpu *cpu);
/* 1 when the space-separated feature list holds `name`. */
int cs_cpu_has(const cs_cpu *cpu, const char *name);

#endif
