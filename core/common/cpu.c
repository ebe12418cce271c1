/* CPU model and features: CPUID on x86, getauxval (then /proc/cpuinfo) on ARM. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#if defined(__aarch64__) || defined(__arm__)
#include <sys/auxv.h>
#endif

#include "cpu.h"

static void
add_feature(cs_cpu *cpu, const char *name)
{
	size_t used = strlen(cpu->features);
	snprintf(cpu->features + used, sizeof cpu->features - used, "%s%s", used ? " " : "", name);
}

int
cs_cpu_has(const cs_cpu *cpu, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = cpu->features; (p = strstr(p, name)) != NULL; p += n)
		if ((p == cpu->features || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

/* The value of the first "key : value" line of /proc/cpuinfo with this key. */
static int
cpuinfo_field(const char *key, char *out, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[1024];
	int found = 0;
	if (!f)
		return 0;
	while (!found && fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (!colon || strncmp(line, key, strlen(key)) != 0)
			continue;
		char *v = colon + 1;
		while (*v == ' ' || *v == '\t')
			v++;
		v[strcspn(v, "\n")] = '\0';
		snprintf(out, size, "%s", v);
		found = 1;
	}
	fclose(f);
	return found;
}

#if defined(__x86_64__) || defined(__i386__)
static void
detect_x86(cs_cpu *cpu)
{
	unsigned a, b, c, d, max = __get_cpuid_max(0, NULL);
	snprintf(cpu->source, sizeof cpu->source, "cpuid");
	if (max >= 1 && __get_cpuid(1, &a, &b, &c, &d)) {
		if (d & (1u << 26))
			add_feature(cpu, "sse2");
		if (c & (1u << 9))
			add_feature(cpu, "ssse3");
		if (c & (1u << 19))
			add_feature(cpu, "sse4_1");
		if (c & (1u << 25))
			add_feature(cpu, "aes");
		if (c & (1u << 1))
			add_feature(cpu, "pclmul");
		if (c & (1u << 28))
			add_feature(cpu, "avx");
	}
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		if (b & (1u << 5))
			add_feature(cpu, "avx2");
		if (b & (1u << 8))
			add_feature(cpu, "bmi2");
		if (b & (1u << 19))
			add_feature(cpu, "adx");
		if (b & (1u << 29))
			add_feature(cpu, "sha_ni");
		if (b & (1u << 16))
			add_feature(cpu, "avx512f");
		if (b & (1u << 30))
			add_feature(cpu, "avx512bw");
		if (b & (1u << 31))
			add_feature(cpu, "avx512vl");
		if (c & (1u << 9))
			add_feature(cpu, "vaes");
		if (c & (1u << 10))
			add_feature(cpu, "vpclmul");
	}
	unsigned brand[12] = {0};
	if ((unsigned)__get_cpuid_max(0x80000000, NULL) >= 0x80000004u) {
		for (unsigned i = 0; i < 3; i++)
			__get_cpuid(0x80000002 + i, &brand[4 * i], &brand[4 * i + 1],
				    &brand[4 * i + 2], &brand[4 * i + 3]);
		char text[49] = {0};
		memcpy(text, brand, 48);
		char *t = text;
		while (*t == ' ')
			t++;
		snprintf(cpu->model, sizeof cpu->model, "%s", t);
	}
}
#endif

#if defined(__aarch64__) || defined(__arm__)
static void
detect_arm(cs_cpu *cpu)
{
	unsigned long hw = getauxval(AT_HWCAP);
#if defined(__aarch64__)
	/* Linux arm64 hwcap bits (asm/hwcap.h) */
	static const struct {
		unsigned bit;
		const char *name;
	} bits[] = {
		{1, "asimd"}, {3, "aes"},     {4, "pmull"}, {5, "sha1"},
		{6, "sha2"},  {21, "sha512"}, {7, "crc32"},
	};
	unsigned long word = hw;
#else
	/* Linux arm hwcap2 bits: crypto extensions live there */
	static const struct {
		unsigned bit;
		const char *name;
	} bits[] = {
		{0, "aes"}, {1, "pmull"}, {2, "sha1"}, {3, "sha2"}, {4, "crc32"},
	};
	unsigned long word = getauxval(AT_HWCAP2);
	if (hw & (1ul << 12))
		add_feature(cpu, "neon");
#endif
	if (hw != 0 || word != 0) {
		snprintf(cpu->source, sizeof cpu->source, "getauxval");
		for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
			if (word & (1ul << bits[i].bit))
				add_feature(cpu, bits[i].name);
		return;
	}
	if (cpuinfo_field("Features", cpu->features, sizeof cpu->features))
		snprintf(cpu->source, sizeof cpu->source, "/proc/cpuinfo");
}
#endif

void
cs_cpu_squeeze(char *s)
{
	char *w = s;
	for (const char *r = s; *r; r++)
		if (!(*r == ' ' || *r == '\t') || (w > s && w[-1] != ' ' && r[1] != '\0'))
			*w++ = *r == '\t' ? ' ' : *r;
	while (w > s && w[-1] == ' ')
		w--;
	*w = '\0';
}

void
cs_cpu_detect(cs_cpu *cpu)
{
	memset(cpu, 0, sizeof *cpu);
#if defined(__x86_64__)
	snprintf(cpu->arch, sizeof cpu->arch, "x86_64");
	detect_x86(cpu);
#elif defined(__i386__)
	snprintf(cpu->arch, sizeof cpu->arch, "i386");
	detect_x86(cpu);
#elif defined(__aarch64__)
	snprintf(cpu->arch, sizeof cpu->arch, "aarch64");
	detect_arm(cpu);
#elif defined(__arm__)
	snprintf(cpu->arch, sizeof cpu->arch, "arm");
	detect_arm(cpu);
#else
	snprintf(cpu->arch, sizeof cpu->arch, "unknown");
#endif
	if (!cpu->model[0] && !cpuinfo_field("model name", cpu->model, sizeof cpu->model)) {
		char impl[32] = "", part[32] = "";
		if (cpuinfo_field("CPU implementer", impl, sizeof impl) &&
		    cpuinfo_field("CPU part", part, sizeof part))
			snprintf(cpu->model, sizeof cpu->model, "implementer %s part %s", impl,
				 part);
		else
			snprintf(cpu->model, sizeof cpu->model, "unknown");
	}
	cs_cpu_squeeze(cpu->model);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu->cpus = n > 0 ? (int)n : 1;
}

int
cs_cpu_mask_list(const cs_cpu *cpu, const char *list, const char *env, char *name, size_t name_size,
		 char *value, size_t value_size)
{
#if defined(__x86_64__)
	static const char build_arch[] = "x86_64";
#elif defined(__aarch64__)
	static const char build_arch[] = "aarch64";
#else
	static const char build_arch[] = "";
#endif
	if (name_size)
		name[0] = '\0';
	if (value_size)
		value[0] = '\0';
	if (!list || !build_arch[0] || strcmp(cpu->arch, build_arch) != 0)
		return -1;
	if (name_size <= strlen(env) || value_size <= strlen(list))
		return -1;
	memcpy(name, env, strlen(env) + 1);
	snprintf(value, value_size, "%s", list);
	return 0;
}
