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

/* A CPU brand string as CPUID or /proc/cpuinfo pads it ("  Intel(R) Xeon(R)
   CPU   E5-2680  0 @ 2.70GHz  "), in place: no space at either end, one
   between words (detection does it; outputs of older files call it too). */
void cs_cpu_squeeze(char *s);

/* A library's mask switch (an adapter's mask_env) from the list of its own
   feature names that the mask turns off: name = env, value = list, for a
   worker running on the architecture it was built for. 0 when set; -1, both
   empty, when list is NULL, cpu is another architecture than this build's,
   or a buffer is too small. */
int cs_cpu_mask_list(const cs_cpu *cpu, const char *list, const char *env, char *name,
		     size_t name_size, char *value, size_t value_size);

#endif
