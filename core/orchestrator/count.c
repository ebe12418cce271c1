/* run --count: profiles, instruments, the count request, its outputs. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

#include "cli.h"
#include "count.h"
#include "evclass.h"
#include "pipeline.h"
#include "text.h"

/* ops counted: the worker runs N1, N2 and 2 N2 - N1 (count.c, worker side) */
#define COUNT_N1 CS_COUNT_N1
#define COUNT_N2 CS_COUNT_N2

/* AArch64 hwcaps of the crypto extension (Linux arch/arm64 uapi hwcap.h):
   AES, PMULL, SHA1, SHA2, SHA3, SM3, SM4, SHA512. */
#define A64_CRYPTO_HWCAPS                                                                          \
	((1ul << 3) | (1ul << 4) | (1ul << 5) | (1ul << 6) | (1ul << 17) | (1ul << 18) |           \
	 (1ul << 19) | (1ul << 21))
/* ARM32 AT_HWCAP2: AES, PMULL, SHA1, SHA2, CRC32 is kept. */
#define A32_CRYPTO_HWCAPS2 ((1ul << 0) | (1ul << 1) | (1ul << 2) | (1ul << 3))
#define A64_CRYPTO_CLASSES                                                                         \
	(CS_EV_BIT(CS_EV_ARMV8_AES) | CS_EV_BIT(CS_EV_ARMV8_SHA1) | CS_EV_BIT(CS_EV_ARMV8_SHA2) |  \
	 CS_EV_BIT(CS_EV_ARMV8_SHA512) | CS_EV_BIT(CS_EV_PMULL))

static const cs_count_profile profiles[] = {
	{.name = "x86-64",
	 .about = "this x86-64 machine's build, qemu's 'max' CPU",
	 .arch = "x86_64",
	 .qemu = "qemu-x86_64",
	 .qemu_cpu = "max"},
	{.name = "cortex-a53",
	 .about = "Cortex-A53 with the crypto extension",
	 .arch = "aarch64",
	 .qemu = "qemu-aarch64",
	 .qemu_cpu = "cortex-a53"},
	{.name = "cortex-a53-nocrypto",
	 .about = "Cortex-A53 without the crypto extension",
	 .arch = "aarch64",
	 .qemu = "qemu-aarch64",
	 .qemu_cpu = "cortex-a53",
	 .hwcap_clear = A64_CRYPTO_HWCAPS,
	 .forbid = A64_CRYPTO_CLASSES},
	{.name = "cortex-a57",
	 .about = "Cortex-A57 with the crypto extension",
	 .arch = "aarch64",
	 .qemu = "qemu-aarch64",
	 .qemu_cpu = "cortex-a57"},
	{.name = "cortex-a57-nocrypto",
	 .about = "Cortex-A57 without the crypto extension",
	 .arch = "aarch64",
	 .qemu = "qemu-aarch64",
	 .qemu_cpu = "cortex-a57",
	 .hwcap_clear = A64_CRYPTO_HWCAPS,
	 .forbid = A64_CRYPTO_CLASSES},
	{.name = "cortex-a72",
	 .about = "Cortex-A72 with the crypto extension",
	 .arch = "aarch64",
	 .qemu = "qemu-aarch64",
	 .qemu_cpu = "cortex-a72"},
	{.name = "cortex-a72-nocrypto",
	 .about = "Cortex-A72 without the crypto extension",
	 .arch = "aarch64",
	 .qemu = "qemu-aarch64",
	 .qemu_cpu = "cortex-a72",
	 .hwcap_clear = A64_CRYPTO_HWCAPS,
	 .forbid = A64_CRYPTO_CLASSES},
	/* AES, PMULL, SHA-1, SHA-256; the A76 has no SHA-512 instructions */
	{.name = "cortex-a76",
	 .about = "Cortex-A76 with the crypto extension",
	 .arch = "aarch64",
	 .qemu = "qemu-aarch64",
	 .qemu_cpu = "cortex-a76"},
	{.name = "cortex-a7",
	 .about = "Cortex-A7, ARMv7 without the crypto extension",
	 .arch = "arm",
	 .qemu = "qemu-arm",
	 .qemu_cpu = "cortex-a7",
	 .hwcap2_clear = A32_CRYPTO_HWCAPS2,
	 .forbid = A64_CRYPTO_CLASSES},
	/* qemu's "max" 32-bit CPU, ARMv8 in AArch32 with the crypto extension (an
	   armhf system on an ARMv8 core); -nocrypto masks AT_HWCAP2 as rpi2 does */
	{.name = "armv8-a32",
	 .about = "ARMv8 AArch32 with the crypto extension (qemu's 'max' CPU)",
	 .arch = "arm",
	 .qemu = "qemu-arm",
	 .qemu_cpu = "max"},
	{.name = "armv8-a32-nocrypto",
	 .about = "ARMv8 AArch32, the crypto extension masked (qemu's 'max' CPU)",
	 .arch = "arm",
	 .qemu = "qemu-arm",
	 .qemu_cpu = "max",
	 .hwcap2_clear = A32_CRYPTO_HWCAPS2,
	 .forbid = A64_CRYPTO_CLASSES},
	/* MCU profiles (docs/mcu.md): one Cortex-M4F image (build-cortex-m4) on
	   qemu-system-arm's MPS2 machines; cycles from the core's table, with
	   no flash wait states and no caches. Two M4F profiles, one per board
	   clock, as files recorded them before boards had a table of their own. */
	{.name = "cortex-m4f",
	 .about = "Cortex-M4F, as qemu's mps2-an386",
	 .arch = "armv7e-m",
	 .qemu = "qemu-system-arm",
	 .qemu_cpu = "cortex-m4",
	 .machine = "mps2-an386",
	 .costs = "cortex-m4"},
	{.name = "cortex-m4f-64mhz",
	 .about = "Cortex-M4F, as qemu's mps2-an386",
	 .arch = "armv7e-m",
	 .qemu = "qemu-system-arm",
	 .qemu_cpu = "cortex-m4",
	 .machine = "mps2-an386",
	 .costs = "cortex-m4"},
	/* the M4F image on qemu's Cortex-M7 machine, cycles from the M7 table
	   (dual issue); its caches and branch predictor are not modelled
	   (docs/mcu.md) */
	{.name = "cortex-m7",
	 .about = "Cortex-M7, as qemu's mps2-an500",
	 .arch = "armv7e-m",
	 .qemu = "qemu-system-arm",
	 .qemu_cpu = "cortex-m7",
	 .machine = "mps2-an500",
	 .costs = "cortex-m7"},
};
#define N_PROFILES (sizeof profiles / sizeof profiles[0])

/* The profile counting now (one per process) and its board (NULL: none). */
static const cs_count_profile *active;
static const cs_board *active_board;
static char plugin_path[PATH_MAX];
static char workers_dir[PATH_MAX];
/* Where the plugin writes each cell's per-block counts (a fresh temporary
   directory, "" when none); the plugin argument naming it. */
static char blocks_dir[PATH_MAX];
static char blocks_arg[PATH_MAX + 16];

const cs_count_profile *
cs_count_profile_find(const char *cpu)
{
	for (size_t i = 0; cpu && i < N_PROFILES; i++)
		if (strcmp(profiles[i].name, cpu) == 0)
			return &profiles[i];
	return NULL;
}

void
cs_count_profile_names(char *buf, size_t size)
{
	const char *names[N_PROFILES + 1];
	for (size_t i = 0; i < N_PROFILES; i++)
		names[i] = profiles[i].name;
	names[N_PROFILES] = NULL;
	cs_join_strv(buf, size, names, ", ");
}

static const char *
host_arch(void)
{
#if defined(__x86_64__)
	return "x86_64";
#elif defined(__aarch64__)
	return "aarch64";
#elif defined(__arm__)
	return "arm";
#else
	return "unknown";
#endif
}

/* Is prog an executable in PATH? */
static bool
in_path(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[PATH_MAX];
	if (!path)
		return false;
	for (const char *p = path; *p;) {
		size_t n = strcspn(p, ":");
		if (n > 0 && n < sizeof buf - strlen(prog) - 2) {
			snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, prog);
			if (access(buf, X_OK) == 0)
				return true;
		}
		p += n;
		if (*p == ':')
			p++;
	}
	return false;
}

/* The architecture an ELF file is built for, in the profiles' words
   ("aarch64", "arm", "x86_64", "i386", or "machine N"); NULL when the file is
   not an ELF program (a script: it says nothing about its target). */
static const char *
elf_arch(const char *path, char *buf, size_t size)
{
	unsigned char h[20];
	FILE *f = fopen(path, "rb");
	size_t got = f ? fread(h, 1, sizeof h, f) : 0;
	if (f)
		fclose(f);
	if (got < sizeof h || memcmp(h, "\177ELF", 4) != 0)
		return NULL;
	/* e_machine, in the file's own byte order (EI_DATA: 1 little, 2 big) */
	unsigned m = h[5] == 2 ? (unsigned)h[18] << 8 | h[19] : (unsigned)h[19] << 8 | h[18];
	switch (m) {
	case 183: return "aarch64";
	case 40: return "arm";
	case 62: return "x86_64";
	case 3: return "i386";
	default: snprintf(buf, size, "machine %u", m); return buf;
	}
}

/* Little-endian fields of an ELF32 file's bytes. */
static uint32_t
le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static unsigned
le16(const unsigned char *b)
{
	return (unsigned)b[0] | (unsigned)b[1] << 8;
}

/* What a 32-bit little-endian ARM image needs of a board, from its section
   headers (docs/mcu.md, as scripts/mcu_size.sh counts): flash = every
   allocated section with contents (code, .rodata, .ARM.exidx, and .data's
   initial values), RAM = every allocated writable one (.data, .got, .bss).
   0, or -1 with why filled when the file is not such an image or its
   headers are damaged (the file is untrusted). */
static int
elf_image_needs(const char *path, uint64_t *flash, uint64_t *ram, char *why, size_t why_size)
{
	unsigned char h[52], sh[40];
	FILE *f = fopen(path, "rb");
	*flash = *ram = 0;
	if (!f || fread(h, 1, sizeof h, f) != sizeof h) {
		snprintf(why, why_size, "cannot read its ELF header");
		goto fail;
	}
	if (memcmp(h, "\177ELF", 4) != 0 || h[4] != 1 /* ELFCLASS32 */ ||
	    h[5] != 1 /* little-endian */) {
		snprintf(why, why_size, "not a 32-bit little-endian ELF image");
		goto fail;
	}
	uint32_t shoff = le32(h + 32);
	unsigned shentsize = le16(h + 46), shnum = le16(h + 48);
	if (shentsize != sizeof sh || shnum == 0 || shnum > 4096) {
		snprintf(why, why_size,
			 "section headers of %u entries of %u bytes (accepted: 1..4096 of 40)",
			 shnum, shentsize);
		goto fail;
	}
	if (fseek(f, (long)shoff, SEEK_SET) != 0) {
		snprintf(why, why_size, "section headers at %lu: beyond the file",
			 (unsigned long)shoff);
		goto fail;
	}
	for (unsigned i = 0; i < shnum; i++) {
		if (fread(sh, 1, sizeof sh, f) != sizeof sh) {
			snprintf(why, why_size, "section header %u of %u: beyond the file", i,
				 shnum);
			goto fail;
		}
		uint32_t type = le32(sh + 4), flags = le32(sh + 8), size = le32(sh + 20);
		if (!(flags & 0x2u /* SHF_ALLOC */))
			continue;
		if (type != 8u /* SHT_NOBITS */)
			*flash += size;
		if (flags & 0x1u /* SHF_WRITE */)
			*ram += size;
	}
	fclose(f);
	return 0;
fail:
	if (f)
		fclose(f);
	return -1;
}

/* An MCU image that does not fit the board's flash or RAM is refused before
   anything runs (it would be measured as if it fit): false, with the one
   line saying so in msg. */
static bool
image_fits(const char *path, const cs_board *b, char *msg, size_t size)
{
	uint64_t flash, ram;
	char why[128];
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (elf_image_needs(path, &flash, &ram, why, sizeof why) != 0) {
		snprintf(msg, size,
			 "--count --board %s: %s: %s (accepted: an MCU worker image of make cross "
			 "ARCH=cortex-m4)",
			 b->name, path, why);
		return false;
	}
	uint64_t has_flash = (uint64_t)b->flash_kib * 1024, has_ram = (uint64_t)b->ram_kib * 1024;
	if (flash <= has_flash && ram <= has_ram)
		return true;
	snprintf(msg, size,
		 "--count --board %s: %s needs %llu B of flash and %llu B of RAM; %s has %llu B "
		 "(%u KiB) of flash and %llu B (%u KiB) of RAM: it does not fit (accepted: "
		 "images that fit, e.g. --worker-dir DIR holding only those)",
		 b->name, base, (unsigned long long)flash, (unsigned long long)ram, b->name,
		 (unsigned long long)has_flash, b->flash_kib, (unsigned long long)has_ram,
		 b->ram_kib);
	return false;
}

/* Does dir hold at least one worker? Each one must be built for the
   profile's architecture: a worker for another is refused here, before
   anything is measured, naming what it is built for; on an MCU board each
   one must fit the board's flash and RAM. */
static bool
has_workers(const char *dir, const cs_count_profile *p, const cs_board *b)
{
	cs_worker_file *f = calloc(64, sizeof *f);
	size_t n = f ? cs_find_workers_in(dir, f, 64) : 0;
	/* an MCU image is a 32-bit ARM ELF whatever its profile's ISA */
	const char *want = p->machine ? "arm" : p->arch;
	for (size_t i = 0; i < n; i++) {
		char other[32];
		const char *a = elf_arch(f[i].path, other, sizeof other);
		if (a && strcmp(a, want) != 0) {
			char path[sizeof f[i].path];
			snprintf(path, sizeof path, "%s", f[i].path);
			free(f);
			cs_usage_error("--count --cpu %s counts %s workers; %s is built for %s "
				       "(accepted: %s workers: %s, or --worker-dir DIR)",
				       p->name, p->arch, path, a, p->arch,
				       p->machine		     ? "make cross ARCH=cortex-m4"
				       : strcmp(p->arch, "arm") == 0 ? "make cross ARCH=armhf"
								     : "make cross");
		}
		char msg[sizeof f[i].path + 512];
		if (a && p->machine && b && b->flash_kib > 0 &&
		    !image_fits(f[i].path, b, msg, sizeof msg)) {
			free(f);
			cs_usage_error("%s", msg);
		}
	}
	free(f);
	return n > 0;
}

void
cs_count_table_name(const cs_count_profile *p, char *buf, size_t size)
{
	char dir[PATH_MAX], why[256];
	buf[0] = '\0';
	if (p->machine) {
		snprintf(buf, size, "mcu/%s.tsv", p->costs);
		return;
	}
	cs_pipe_table *t = malloc(sizeof *t);
	if (t &&
	    cs_pipe_table_load(cs_costs_dir(dir, sizeof dir), p->qemu_cpu, t, why, sizeof why) == 0)
		snprintf(buf, size, "%s %s", t->core, t->version);
	free(t);
}

static const char *mcu_configure(cs_config *cfg, const cs_count_profile *p, const cs_board *b);

const char *
cs_count_configure(cs_config *cfg, const cs_count_profile *p, const cs_board *board)
{
	char dir[PATH_MAX];
	bool native = strcmp(p->arch, host_arch()) == 0;
	active_board = board;
	cfg->board = board;
	if (p->machine)
		return mcu_configure(cfg, p, board);

	if (cfg->launcher[0])
		cs_usage_error("--launcher with --count: the counting run starts its workers under "
			       "%s itself (accepted: --count without --launcher)",
			       p->qemu);
	if (!in_path(p->qemu))
		cs_usage_error("--count --cpu %s needs %s, not found in PATH (install Debian's "
			       "qemu-user package: apt-get install qemu-user)",
			       p->name, p->qemu);
	cs_self_dir(dir, sizeof dir);
	/* installed: bin/cryptospeed and libexec/cryptospeed/cryptospeed-count.so;
	   a build tree: both in bin/ */
	static const char *const where[] = {"/../libexec/cryptospeed/cryptospeed-count.so",
					    "/cryptospeed-count.so"};
	for (size_t i = 0; i < sizeof where / sizeof where[0]; i++) {
		if (strlen(dir) + strlen(where[i]) + 1 > sizeof plugin_path)
			cs_usage_error("--count: the program's directory's path is too long "
				       "(accepted: up to %zu bytes)",
				       sizeof plugin_path - strlen(where[i]) - 1);
		memcpy(plugin_path, dir, strlen(dir));
		memcpy(plugin_path + strlen(dir), where[i], strlen(where[i]) + 1);
		if (access(plugin_path, R_OK) == 0)
			break;
	}
	if (access(plugin_path, R_OK) != 0)
		cs_usage_error("--count needs the counting plugin %s, not built (build the host "
			       "tree: cmake -S . -B build && cmake --build build)",
			       plugin_path);
	workers_dir[0] = '\0';
	if (cfg->worker_dir)
		snprintf(workers_dir, sizeof workers_dir, "%s", cfg->worker_dir);
	else if (!native)
		snprintf(workers_dir, sizeof workers_dir, "%s",
			 strcmp(p->arch, "arm") == 0 ? CS_CROSS_ARMHF_BIN : CS_CROSS_AARCH64_BIN);
	if (workers_dir[0] && !has_workers(workers_dir, p, board))
		cs_usage_error("--count --cpu %s needs %s workers in %s, found none (build them: "
			       "%s, or give --worker-dir DIR)",
			       p->name, p->arch, workers_dir,
			       strcmp(p->arch, "arm") == 0 ? "make cross ARCH=armhf"
							   : "make cross");

	char launcher[sizeof cfg->launcher_buf];
	/* -seed: qemu's random numbers (getrandom, AT_RANDOM, RDRAND) from a
	   fixed seed, so that a library's draws are the same in every run */
	int n = snprintf(launcher, sizeof launcher, "%s -seed 1 -cpu %s -plugin %s%s", p->qemu,
			 p->qemu_cpu, plugin_path, p->forbid ? ",forbid=" : "");
	if (p->forbid && n > 0 && (size_t)n < sizeof launcher)
		n += snprintf(launcher + n, sizeof launcher - (size_t)n, "%#x", p->forbid);
	/* a diagnosis aid: per-instruction counts at every marker
	   (tests/count/pcdiff.py reads them) */
	const char *trace = getenv("CRYPTOSPEED_COUNT_TRACE");
	if (trace && *trace && n > 0 && (size_t)n < sizeof launcher)
		n += snprintf(launcher + n, sizeof launcher - (size_t)n, ",trace=%s", trace);
	/* per-block counts for the pipeline model (docs/estimates.md): the
	   plugin writes <dir>/<cell id>.blocks; run writes them beside the
	   result file (cs_count_blocks_write) */
	snprintf(blocks_dir, sizeof blocks_dir, "%s/cryptospeed-blocks-XXXXXX",
		 getenv("TMPDIR") && *getenv("TMPDIR") && !strchr(getenv("TMPDIR"), ' ')
			 ? getenv("TMPDIR")
			 : "/tmp");
	if (!mkdtemp(blocks_dir))
		blocks_dir[0] = '\0';
	blocks_arg[0] = '\0';
	if (blocks_dir[0] && n > 0 && (size_t)n < sizeof launcher) {
		snprintf(blocks_arg, sizeof blocks_arg, ",blocks=%s", blocks_dir);
		snprintf(launcher + n, sizeof launcher - (size_t)n, "%s", blocks_arg);
	}
	if (strchr(plugin_path, ' '))
		cs_usage_error("--count: the plugin's path '%s' has a blank (accepted: a build "
			       "directory without blanks)",
			       plugin_path);
	cs_parse_launcher(cfg, launcher);

	char v[32];
	snprintf(v, sizeof v, "%#lx", p->hwcap_clear);
	setenv("CRYPTOSPEED_HWCAP_CLEAR", v, 1);
	snprintf(v, sizeof v, "%#lx", p->hwcap2_clear);
	setenv("CRYPTOSPEED_HWCAP2_CLEAR", v, 1);
	/* the worker serves a counted cell on a fresh heap (core/worker/main.c) */
	setenv("CRYPTOSPEED_COUNTING", "1", 1);
	/* no timed batches: the shortest calibration, no warm-up, no sampling */
	cfg->target_ns = 1000;
	cfg->warmup_ns = 0;
	cfg->evidence = false;
	cfg->timeout_s *= 10; /* emulated */
	/* the same addresses in every worker (inherited by qemu-user, which maps
	   the guest): where a buffer lands can change a memcpy's path */
	int pers = personality(0xffffffff);
	if (pers != -1)
		personality((unsigned long)pers | ADDR_NO_RANDOMIZE);
	active = p;
	cfg->count = p;
	return workers_dir[0] ? workers_dir : NULL;
}

/* An MCU board: the MCU workers (build-cortex-m4/bin) started through
   cryptospeed-mcu-launch on qemu-system-arm with the MCU counting plugin. */
static const char *
mcu_configure(cs_config *cfg, const cs_count_profile *p, const cs_board *b)
{
	char dir[PATH_MAX], launch[PATH_MAX + 64], costs[PATH_MAX + 64], who[96];
	/* how the user named it, for the messages */
	snprintf(who, sizeof who, "--%s %s", b ? "board" : "cpu", b ? b->name : p->name);
	if (cfg->launcher[0])
		cs_usage_error("--launcher with --count: the counting run starts its workers under "
			       "%s itself (accepted: --count without --launcher)",
			       p->qemu);
	if (!in_path(p->qemu))
		cs_usage_error("--count %s needs %s, not found in PATH (install Debian's "
			       "qemu-system-arm package: scripts/deps.sh --arch cortex-m4)",
			       who, p->qemu);
	cs_self_dir(dir, sizeof dir);
	static const char *const where[] = {"/../libexec/cryptospeed/", "/"};
	for (size_t i = 0; i < 2; i++) {
		int a = snprintf(plugin_path, sizeof plugin_path, "%s%scryptospeed-mcu-count.so",
				 dir, where[i]);
		int b = snprintf(launch, sizeof launch, "%s%scryptospeed-mcu-launch", dir,
				 where[i]);
		if (a < 0 || (size_t)a >= sizeof plugin_path || b < 0 || (size_t)b >= sizeof launch)
			cs_usage_error("--count: the program's directory's path is too long "
				       "(accepted: up to %zu bytes)",
				       sizeof plugin_path - 64);
		if (access(plugin_path, R_OK) == 0 && access(launch, X_OK) == 0)
			break;
	}
	if (access(plugin_path, R_OK) != 0 || access(launch, X_OK) != 0)
		cs_usage_error("--count %s needs the MCU counting plugin %s and launcher "
			       "%s, not built (build the host tree: cmake -S . -B build && cmake "
			       "--build build)",
			       who, plugin_path, launch);
	char cdir[PATH_MAX];
	int c = snprintf(costs, sizeof costs, "%s/mcu/%s.tsv", cs_costs_dir(cdir, sizeof cdir),
			 p->costs);
	if (c < 0 || (size_t)c >= sizeof costs || access(costs, R_OK) != 0)
		cs_usage_error("--count %s needs the cost table %s (accepted: a "
			       "CRYPTOSPEED_COSTS_DIR with mcu/%s.tsv)",
			       who, costs, p->costs);
	snprintf(workers_dir, sizeof workers_dir, "%s",
		 cfg->worker_dir ? cfg->worker_dir : CS_CROSS_CORTEX_M4_BIN);
	if (!has_workers(workers_dir, p, b))
		cs_usage_error("--count %s needs MCU workers in %s, found none (build "
			       "them: "
			       "make cross ARCH=cortex-m4, or give --worker-dir DIR)",
			       who, workers_dir);
	if (strchr(launch, ' ') || strchr(plugin_path, ' ') || strchr(costs, ' ') ||
	    strchr(plugin_path, ',') || strchr(costs, ','))
		cs_usage_error("--count: the paths '%s', '%s' must have no blank or comma "
			       "(accepted: "
			       "a build directory without them)",
			       plugin_path, costs);
	char launcher[sizeof cfg->launcher_buf];
	int len = snprintf(launcher, sizeof launcher, "%s %s %s %s", launch, p->machine,
			   plugin_path, costs);
	if (len < 0 || (size_t)len >= sizeof launcher)
		cs_usage_error("--count: the launcher's paths are too long (accepted: up to %zu "
			       "bytes together)",
			       sizeof launcher - 1);
	cs_parse_launcher(cfg, launcher);
	cfg->target_ns = 1000;
	cfg->warmup_ns = 0;
	cfg->evidence = false;
	cfg->timeout_s *= 10; /* emulated */
	active = p;
	cfg->count = p;
	return workers_dir;
}

/* Public-key ops may draw fresh randomness by design: keygen (new keys),
   sign (ECDSA/RSA-PSS nonces, blinding) and derive (mbedTLS randomizes the
   projective coordinates of a scalar multiplication against side channels).
   Their counts may differ run to run; every other op must count the same. */
static bool
random_by_design(cs_op op)
{
	return op == CS_OP_KEYGEN || op == CS_OP_SIGN || op == CS_OP_DERIVE;
}

static void
count_status(cs_rcell *c, const char *status, const char *detail)
{
	snprintf(c->status, sizeof c->status, "%s", status);
	snprintf(c->detail, sizeof c->detail, "%s", detail ? detail : "");
	c->done = true;
}

void
cs_count_visit(cs_run *run, cs_rcell *c)
{
	const cs_config *cfg = run->cfg;
	cs_msg_count req = {.id = c->id, .n1 = COUNT_N1, .n2 = COUNT_N2};
	static cs_msg_count_reply rep;
	const char *line;
	char err[256];
	cs_req r = cs_worker_request(c->w, cs_msg_count_encode(&req), cfg->timeout_s * 3, &line);
	if (r == CS_REQ_INTR)
		return;
	if (r != CS_REQ_OK) {
		cs_worker_kill(c->w);
		if (r == CS_REQ_TIMEOUT)
			snprintf(err, sizeof err,
				 "no count reply within %.0f s: the worker hung or looped while "
				 "counting, killed",
				 cfg->timeout_s * 3);
		else
			snprintf(err, sizeof err, "the worker died while counting%s",
				 active && active->machine
					 ? " (an MCU fault: its line, with the PC, is on stderr)"
					 : "");
		count_status(c, r == CS_REQ_TIMEOUT ? "timeout" : "crashed", err);
		return;
	}
	if (cs_msg_count_reply_decode(line, &rep, err, sizeof err) != 0 || rep.id != c->id) {
		cs_worker_kill(c->w);
		count_status(c, "error", rep.id != c->id ? "count reply: wrong id" : err);
		return;
	}
	if (rep.status != CS_ST_OK) {
		count_status(c, "error", rep.error);
		return;
	}
	if (rep.forbidden > 0 && active && active->forbid) {
		snprintf(err, sizeof err,
			 "this build ran %lld instructions that the %s profile's CPU lacks "
			 "(%s): it would fault on that board",
			 (long long)rep.forbidden, active->name, active->about);
		count_status(c, "error", err);
		return;
	}
	/* on an MCU board a TLS handshake's ephemeral keys and signature nonces
	   are fresh per connection too (the worker's entropy is a fixed
	   sequence, but each connection draws the next values of it) */
	bool mcu_tls =
		active && active->machine && (c->op == CS_OP_HANDSHAKE || c->op == CS_OP_RESUME);
	if (!rep.stable && !random_by_design(c->op) && !mcu_tls) {
		snprintf(err, sizeof err,
			 "count not stable: %lld then %lld instructions for the same %lld ops",
			 (long long)rep.insns_d1, (long long)rep.insns_d2, (long long)rep.ops / 2);
		count_status(c, "error", err);
		return;
	}
	cs_count_cell *k = calloc(1, sizeof *k);
	if (!k) {
		count_status(c, "error", "out of memory");
		return;
	}
	k->ops = rep.ops;
	k->insns = rep.insns;
	k->mem = rep.mem;
	k->n_classes = rep.n_classes;
	memcpy(k->classes, rep.classes, rep.n_classes * sizeof rep.classes[0]);
	k->exact = rep.stable;
	k->insns_d1 = rep.insns_d1;
	k->insns_d2 = rep.insns_d2;
	k->cycles = rep.cycles;
	k->stack = rep.stack;
	k->heap = rep.heap;
	free(c->count);
	c->count = k;
	/* one worker process per counted cell: its heap then holds what this
	   cell set up and nothing left by another (a keygen's random sizes, the
	   order cells were visited in) */
	cs_worker_kill(c->w);
	c->w->restarts = 0;
	count_status(c, "ok",
		     rep.stable ? NULL
				: "fresh randomness per op (keygen, sign, blinded derive): "
				  "the count is the mean over the ops counted");
}

/* "aes-ni 24% scalar 76%": every class that ran, with its share */
static void
class_shares(const cs_count_cell *k, char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < k->n_classes; i++) {
		size_t n = strlen(buf);
		double share = k->insns ? 100.0 * (double)k->classes[i].n / (double)k->insns : 0;
		if (share < 0.01)
			snprintf(buf + n, size - n, "%s%s <0.01%%", i ? " " : "",
				 k->classes[i].name);
		else
			snprintf(buf + n, size - n, "%s%s %.*f%%", i ? " " : "", k->classes[i].name,
				 share < 1 ? 2 : 0, share);
	}
}

/* The MCU board's block: estimated cycles, time at the board's clock, the
   op's stack high-water and heap peak (docs/mcu.md). */
static void
mcu_print(const cs_run *run, FILE *f)
{
	const cs_count_profile *p = run->cfg->count;
	const cs_board *b = run->cfg->board;
	unsigned mhz = b ? b->clock_mhz : 0;
	fprintf(f,
		"\n%s at %u MHz: cycles estimated from the counts (data/costs/mcu/%s.tsv; no flash "
		"wait states, no caches); stack and heap measured on the emulated core\n",
		b ? b->name : p->name, mhz, p->costs);
	fprintf(f, "%-28s %-18s %-7s %6s %12s %9s %11s %8s %8s\n", "lib/path", "alg", "op", "size",
		"cycles/op", "cycles/B", "us/op", "stack B", "heap B");
	for (size_t i = 0; i < run->n_cells; i++) {
		const cs_rcell *c = &run->cells[i];
		const cs_count_cell *k = c->count;
		char row[96];
		if (!k || k->ops <= 0)
			continue;
		snprintf(row, sizeof row, "%s/%s", c->w->file->name, c->path);
		double cyc = (double)k->cycles / (double)k->ops;
		char per_byte[32] = "-";
		if (cs_op_sized(c->op) && c->size > 0)
			snprintf(per_byte, sizeof per_byte, "%.1f", cyc / (double)c->size);
		fprintf(f, "%-28s %-18s %-7s %6zu %12.0f %9s %11.1f %8lld %8lld\n", row,
			c->alg->name, cs_op_name(c->op), c->size, cyc, per_byte,
			mhz ? cyc / (double)mhz : 0.0, (long long)k->stack, (long long)k->heap);
	}
}

void
cs_count_print(const cs_run *run, FILE *f)
{
	const cs_config *cfg = run->cfg;
	const cs_count_profile *p = cfg->count;
	fprintf(f, "instruction counts: %s (%s), under %s -cpu %s; exact per operation\n", p->name,
		p->about, p->qemu, p->qemu_cpu);
	for (size_t i = 0; i < run->n_workers; i++) {
		const cs_msg_hello *h = cs_worker_hello(run->workers[i]);
		if (h)
			fprintf(f, "  %s sees: %s\n", run->workers[i]->file->name,
				h->cpu.features[0] ? h->cpu.features : "(no crypto features)");
	}
	fprintf(f, "\n%-28s %-18s %-7s %6s %12s %9s %10s  %s\n", "lib/path", "alg", "op", "size",
		"insns/op", "insns/B", "mem/op", "hw (share of instructions)");
	for (size_t i = 0; i < run->n_cells; i++) {
		const cs_rcell *c = &run->cells[i];
		char row[96], hw[512];
		snprintf(row, sizeof row, "%s/%s", c->w->file->name, c->path);
		if (!c->count) {
			fprintf(f, "%-28s %-18s %-7s %6zu %12s  %s\n", row, c->alg->name,
				cs_op_name(c->op), c->size, c->status, c->detail);
			continue;
		}
		const cs_count_cell *k = c->count;
		double per_op = (double)k->insns / (double)k->ops;
		char per_byte[32] = "-";
		if (cs_op_sized(c->op) && c->size > 0)
			snprintf(per_byte, sizeof per_byte, "%.2f", per_op / (double)c->size);
		class_shares(k, hw, sizeof hw);
		fprintf(f, "%-28s %-18s %-7s %6zu %12.*f %9s %10.1f  %s%s\n", row, c->alg->name,
			cs_op_name(c->op), c->size, k->exact && k->insns % k->ops == 0 ? 0 : 1,
			per_op, per_byte, (double)k->mem / (double)k->ops, hw,
			k->exact ? "" : " (a mean: random by design)");
	}
	fprintf(f, "\nnoop rows are the harness's own count per operation (the loop and the "
		   "call), included in every other row.\n");
	if (p->machine)
		mcu_print(run, f);
}

const char *
cs_count_blocks_arg(void)
{
	return blocks_arg;
}

/* Append the file's lines (after its first) to out; its header's numbers
   in total and kept. Returns 0, -1 when it is missing or malformed. */
static int
copy_blocks(const char *path, FILE *out, const char *head)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long long total = 0, kept = 0;
	size_t n_kept = 0;
	if (!f)
		return -1;
	len = getline(&line, &cap, f);
	char magic[32];
	/* the plugin's header line (core/count/count.h, CS_COUNT_BLOCKS_MAGIC) */
	snprintf(magic, sizeof magic, "%s %%lld %%zu %%lld", "cs-blocks 1");
	if (len <= 0 || sscanf(line, magic, &total, &n_kept, &kept) != 3) {
		free(line);
		fclose(f);
		return -1;
	}
	fprintf(out, "%s %lld %zu %lld\n", head, total, n_kept, kept);
	while ((len = getline(&line, &cap, f)) > 0)
		fputs(line, out);
	free(line);
	fclose(f);
	return 0;
}

int
cs_count_blocks_write(const cs_run *run, const char *path, char *why, size_t why_size)
{
	if (!blocks_dir[0]) {
		snprintf(why, why_size, "no per-block counts were recorded");
		return -1;
	}
	FILE *out = fopen(path, "w");
	if (!out) {
		snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(out, "# cryptospeed per-block counts 1 (docs/estimates.md)\n");
	for (size_t i = 0; i < run->n_cells; i++) {
		const cs_rcell *c = &run->cells[i];
		char file[PATH_MAX + 32], head[512];
		if (!c->count || strcmp(c->status, "ok") != 0)
			continue;
		snprintf(file, sizeof file, "%s/%lld.blocks", blocks_dir, (long long)c->id);
		snprintf(head, sizeof head, "cell %s %s %s %s %zu %lld", c->w->file->name, c->path,
			 c->alg->name, cs_op_name(c->op), c->size, (long long)c->count->ops);
		copy_blocks(file, out, head);
	}
	if (fclose(out) != 0) {
		snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

void
cs_count_blocks_cleanup(void)
{
	if (!blocks_dir[0])
		return;
	DIR *d = opendir(blocks_dir);
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		char file[PATH_MAX + 300];
		if (e->d_name[0] == '.')
			continue;
		snprintf(file, sizeof file, "%s/%s", blocks_dir, e->d_name);
		unlink(file);
	}
	if (d)
		closedir(d);
	rmdir(blocks_dir);
	blocks_dir[0] = '\0';
}
