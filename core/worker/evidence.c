/*
 * Hardware evidence: PC sampling and instruction-class decoding.
 * The rules and the Capstone 4.0.2 gaps are documented in evidence.h.
 */
#define _GNU_SOURCE

#include "evidence.h"

#include <capstone/capstone.h>
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

/* glibc before 2.37 has the field but not its name. */
#if defined(SIGEV_THREAD_ID) && !defined(sigev_notify_thread_id)
#define sigev_notify_thread_id _sigev_un._tid
#endif

static const char *const ev_names[CS_EV_COUNT] = {
	[CS_EV_AESNI] = "aes-ni",
	[CS_EV_VAES] = "vaes",
	[CS_EV_PCLMUL] = "pclmul",
	[CS_EV_VPCLMUL] = "vpclmul",
	[CS_EV_SHANI] = "sha-ni",
	[CS_EV_AVX512] = "avx512",
	[CS_EV_AVX2] = "avx2",
	[CS_EV_ARMV8_AES] = "armv8-aes",
	[CS_EV_ARMV8_SHA1] = "armv8-sha1",
	[CS_EV_ARMV8_SHA2] = "armv8-sha2",
	[CS_EV_ARMV8_SHA512] = "armv8-sha512",
	[CS_EV_PMULL] = "pmull",
	[CS_EV_NEON] = "neon",
	[CS_EV_SCALAR] = "scalar",
	[CS_EV_SSE] = "sse",
	[CS_EV_BMI2_ADX] = "bmi2-adx",
};

const char *
cs_ev_class_name(cs_ev_class c)
{
	if ((unsigned)c >= CS_EV_COUNT)
		return "unknown";
	return ev_names[c];
}

cs_ev_arch
cs_ev_host_arch(void)
{
#if defined(__x86_64__)
	return CS_EV_X86_64;
#elif defined(__aarch64__)
	return CS_EV_AARCH64;
#elif defined(__arm__)
	return CS_EV_ARM32;
#else
	return CS_EV_ARCH_UNKNOWN;
#endif
}

/* ---------------------------------------------------------------- decoding */

typedef struct ev_decoder {
	cs_ev_arch arch;
	csh h;
	cs_insn *insn;
} ev_decoder;

static uint32_t
ev_le16(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t
ev_le32(const uint8_t *p)
{
	return ev_le16(p) | ev_le16(p + 2) << 16;
}

/* 0 on success; on failure why names the Capstone error. */
static int
ev_dec_open(ev_decoder *d, cs_ev_arch arch, char *why, size_t why_size)
{
	cs_arch a;
	cs_mode m;
	cs_err err;

	memset(d, 0, sizeof *d);
	d->arch = arch;
	switch (arch) {
	case CS_EV_X86_64:
		a = CS_ARCH_X86;
		m = CS_MODE_64;
		break;
	case CS_EV_AARCH64:
		a = CS_ARCH_ARM64;
		m = CS_MODE_ARM;
		break;
	case CS_EV_ARM32:
		a = CS_ARCH_ARM;
		m = (cs_mode)(CS_MODE_ARM | CS_MODE_V8);
		break;
	case CS_EV_THUMB:
		a = CS_ARCH_ARM;
		m = (cs_mode)(CS_MODE_THUMB | CS_MODE_V8);
		break;
	default:
		snprintf(why, why_size, "no Capstone architecture for evidence arch %d", (int)arch);
		return -1;
	}
	err = cs_open(a, m, &d->h);
	if (err != CS_ERR_OK) {
		snprintf(why, why_size, "Capstone cannot open arch %d mode %d: %s", (int)a, (int)m,
			 cs_strerror(err));
		return -1;
	}
	cs_option(d->h, CS_OPT_DETAIL, CS_OPT_ON);
	d->insn = cs_malloc(d->h);
	if (d->insn == NULL) {
		snprintf(why, why_size, "Capstone: out of memory for an instruction");
		cs_close(&d->h);
		return -1;
	}
	return 0;
}

static void
ev_dec_close(ev_decoder *d)
{
	if (d->insn != NULL) {
		cs_free(d->insn, 1);
		d->insn = NULL;
		cs_close(&d->h);
	}
}

static int
ev_has_group(const cs_insn *insn, unsigned group)
{
	for (uint8_t i = 0; i < insn->detail->groups_count; i++)
		if (insn->detail->groups[i] == group)
			return 1;
	return 0;
}

/* x86: a legacy prefix that may precede VEX/EVEX or an 0F38/0F3A opcode. */
static int
x86_is_prefix(uint8_t b)
{
	switch (b) {
	case 0x26:
	case 0x2e:
	case 0x36:
	case 0x3e:
	case 0x64:
	case 0x65:
	case 0x66:
	case 0x67:
	case 0xf0:
	case 0xf2:
	case 0xf3: return 1;
	default: return 0;
	}
}

/* In 64-bit mode 0x62 (BOUND) is invalid, so a leading 0x62 is always EVEX. */
static int
x86_is_evex(const uint8_t *c, size_t len)
{
	size_t i = 0;

	while (i < len && x86_is_prefix(c[i]))
		i++;
	return i < len && c[i] == 0x62;
}

static unsigned
x86_classes(const cs_insn *insn)
{
	const cs_x86 *x = &insn->detail->x86;
	unsigned m = 0;
	int xmm = 0, ymm = 0, zmm = 0, kreg = 0;

	for (uint8_t i = 0; i < x->op_count; i++) {
		unsigned r;

		if (x->operands[i].type != X86_OP_REG)
			continue;
		r = (unsigned)x->operands[i].reg;
		if (r >= X86_REG_XMM0 && r <= X86_REG_XMM31)
			xmm = 1;
		else if (r >= X86_REG_YMM0 && r <= X86_REG_YMM31)
			ymm = 1;
		else if (r >= X86_REG_ZMM0 && r <= X86_REG_ZMM31)
			zmm = 1;
		else if (r >= X86_REG_K0 && r <= X86_REG_K7)
			kreg = 1;
	}
	switch (insn->id) {
	case X86_INS_AESENC:
	case X86_INS_AESENCLAST:
	case X86_INS_AESDEC:
	case X86_INS_AESDECLAST:
	case X86_INS_AESIMC:
	case X86_INS_AESKEYGENASSIST:
	case X86_INS_VAESENC:
	case X86_INS_VAESENCLAST:
	case X86_INS_VAESDEC:
	case X86_INS_VAESDECLAST:
	case X86_INS_VAESIMC:
	case X86_INS_VAESKEYGENASSIST:
		m |= (ymm || zmm) ? CS_EV_BIT(CS_EV_VAES) : CS_EV_BIT(CS_EV_AESNI);
		break;
	case X86_INS_PCLMULQDQ:
	case X86_INS_VPCLMULQDQ:
		m |= (ymm || zmm) ? CS_EV_BIT(CS_EV_VPCLMUL) : CS_EV_BIT(CS_EV_PCLMUL);
		break;
	case X86_INS_SHA1RNDS4:
	case X86_INS_SHA1NEXTE:
	case X86_INS_SHA1MSG1:
	case X86_INS_SHA1MSG2:
	case X86_INS_SHA256RNDS2:
	case X86_INS_SHA256MSG1:
	case X86_INS_SHA256MSG2: m |= CS_EV_BIT(CS_EV_SHANI); break;
	case X86_INS_MULX:
	case X86_INS_ADCX:
	case X86_INS_ADOX:
	case X86_INS_RORX:
	case X86_INS_SARX:
	case X86_INS_SHLX:
	case X86_INS_SHRX:
	case X86_INS_PDEP:
	case X86_INS_PEXT:
	case X86_INS_BZHI: m |= CS_EV_BIT(CS_EV_BMI2_ADX); break;
	default: break;
	}
	if (zmm || kreg || x86_is_evex(insn->bytes, insn->size) ||
	    ev_has_group(insn, X86_GRP_AVX512))
		m |= CS_EV_BIT(CS_EV_AVX512);
	if (ymm && !(m & (CS_EV_BIT(CS_EV_VAES) | CS_EV_BIT(CS_EV_VPCLMUL))))
		m |= CS_EV_BIT(CS_EV_AVX2);
	/* 128-bit SIMD that is none of the above (SSE2..4, SSSE3, AVX-128):
	   a slide from it to scalar code shows */
	if (xmm && m == 0)
		m |= CS_EV_BIT(CS_EV_SSE);
	return m;
}

/* VEX-encoded opmask instructions (kand..., kmov..., kortest..., kshift...). */
static int
x86_is_kop(unsigned map, uint8_t op)
{
	if (map == 1)
		return (op >= 0x41 && op <= 0x47 && op != 0x43) || op == 0x4a || op == 0x4b ||
		       (op >= 0x90 && op <= 0x93) || op == 0x98 || op == 0x99;
	return map == 3 && op >= 0x30 && op <= 0x33;
}

/*
 * For what Capstone 4 cannot decode: length and classes of a VEX (C4/C5),
 * EVEX (62) or legacy 0F38/0F3A instruction, from the opcode maps of the
 * Intel SDM vol. 2 (ch. 2.3 VEX, 2.7 EVEX, appendix A). Returns the length,
 * or 0 when the bytes are none of these.
 */
static size_t
x86_fallback(const uint8_t *c, size_t len, unsigned *mask)
{
	size_t i = 0;
	int p66 = 0, vex = 0, evex = 0, round = 0;
	unsigned map, pp, width, m = 0;
	uint8_t op;

	while (i < len && x86_is_prefix(c[i])) {
		if (c[i] == 0x66)
			p66 = 1;
		i++;
	}
	if (i < len && c[i] >= 0x40 && c[i] <= 0x4f && i + 1 < len && c[i + 1] == 0x0f)
		i++; /* REX before a legacy 0F opcode */
	if (i >= len)
		return 0;
	if (c[i] == 0xc5) { /* VEX2: R vvvv L pp; map 0F */
		if (i + 2 >= len)
			return 0;
		vex = 1;
		map = 1;
		pp = c[i + 1] & 3u;
		width = (c[i + 1] & 4u) ? 32 : 16;
		op = c[i + 2];
		i += 3;
	} else if (c[i] == 0xc4) { /* VEX3: RXB mmmmm, W vvvv L pp */
		if (i + 3 >= len)
			return 0;
		vex = 1;
		map = c[i + 1] & 0x1fu;
		pp = c[i + 2] & 3u;
		width = (c[i + 2] & 4u) ? 32 : 16;
		op = c[i + 3];
		i += 4;
	} else if (c[i] == 0x62) { /* EVEX: RXBR'0mmm, W vvvv 1 pp, z L'L b V' aaa */
		unsigned ll;

		if (i + 4 >= len || !(c[i + 2] & 4u))
			return 0;
		evex = 1;
		map = c[i + 1] & 7u;
		pp = c[i + 2] & 3u;
		ll = (c[i + 3] >> 5) & 3u;
		round = (c[i + 3] >> 4) & 1u;
		width = ll == 0 ? 16 : ll == 1 ? 32 : 64;
		op = c[i + 4];
		i += 5;
	} else if (c[i] == 0x0f && i + 2 < len && (c[i + 1] == 0x38 || c[i + 1] == 0x3a)) {
		map = c[i + 1] == 0x38 ? 2 : 3;
		pp = p66 ? 1 : 0;
		width = 16;
		op = c[i + 2];
		i += 3;
	} else {
		return 0;
	}
	if (map < 1 || map > 3)
		return 0; /* unknown map: cannot size it */

	if (!(vex && map == 1 && op == 0x77)) { /* vzeroupper/vzeroall have no ModRM */
		unsigned mod, rm;

		if (i >= len)
			return 0;
		mod = c[i] >> 6;
		rm = c[i] & 7u;
		i++;
		if (mod != 3) {
			size_t disp = mod == 1 ? 1 : mod == 2 ? 4 : 0;

			if (rm == 4) { /* SIB */
				if (i >= len)
					return 0;
				if (mod == 0 && (c[i] & 7u) == 5)
					disp = 4;
				i++;
			} else if (mod == 0 && rm == 5) {
				disp = 4; /* RIP-relative */
			}
			i += disp;
		} else if (evex && round) {
			width = 64; /* register form with embedded rounding: 512-bit */
		}
	}
	if (map == 3 ||
	    (map == 1 && ((op >= 0x70 && op <= 0x73) || op == 0xc2 || (op >= 0xc4 && op <= 0xc6))))
		i++; /* imm8 */
	if (i > len)
		return 0;

	if (map == 2 && pp == 1 && op >= 0xdc && op <= 0xdf) /* (v)aesenc/enclast/dec/declast */
		m |= width > 16 ? CS_EV_BIT(CS_EV_VAES) : CS_EV_BIT(CS_EV_AESNI);
	else if ((map == 2 && pp == 1 && op == 0xdb) || (map == 3 && pp == 1 && op == 0xdf))
		m |= CS_EV_BIT(CS_EV_AESNI);	    /* (v)aesimc, (v)aeskeygenassist */
	else if (map == 3 && pp == 1 && op == 0x44) /* (v)pclmulqdq */
		m |= width > 16 ? CS_EV_BIT(CS_EV_VPCLMUL) : CS_EV_BIT(CS_EV_PCLMUL);
	else if (!vex && !evex && pp == 0 &&
		 ((map == 2 && op >= 0xc8 && op <= 0xcd) || (map == 3 && op == 0xcc)))
		m |= CS_EV_BIT(CS_EV_SHANI);

	if (vex && x86_is_kop(map, op)) {
		m |= CS_EV_BIT(CS_EV_AVX512); /* VEX.L is an opcode bit here, not a width */
	} else {
		if (evex || width == 64)
			m |= CS_EV_BIT(CS_EV_AVX512);
		if (width == 32 && !(m & (CS_EV_BIT(CS_EV_VAES) | CS_EV_BIT(CS_EV_VPCLMUL))))
			m |= CS_EV_BIT(CS_EV_AVX2);
	}
	*mask |= m;
	return i;
}

/*
 * AArch64 encodings Capstone 4 does not know. Bits 31:24 = 0xce hold only
 * the ARMv8.2+ cryptographic groups (Arm ARM C4.1, "Cryptographic
 * four-register", "three-register, imm2", "three-register SHA512", "XAR",
 * "two-register SHA512"): SHA-512, SHA-3 (eor3, bcax, rax1, xar) and SM3/SM4.
 *   SHA512H   11001110 011 Rm 100000 Rn Rd    0xce608000 / 0xffe0fc00
 *   SHA512H2  11001110 011 Rm 100001 Rn Rd    0xce608400 / 0xffe0fc00
 *   SHA512SU1 11001110 011 Rm 100010 Rn Rd    0xce608800 / 0xffe0fc00
 *   SHA512SU0 11001110 11000000 100000 Rn Rd  0xcec08000 / 0xfffffc00
 * The rest of that space is SIMD on v registers: neon.
 */
static unsigned
a64_pattern(uint32_t w)
{
	if ((w & 0xffe0fc00u) == 0xce608000u || (w & 0xffe0fc00u) == 0xce608400u ||
	    (w & 0xffe0fc00u) == 0xce608800u || (w & 0xfffffc00u) == 0xcec08000u)
		return CS_EV_BIT(CS_EV_ARMV8_SHA512);
	if ((w & 0xff000000u) == 0xce000000u)
		return CS_EV_BIT(CS_EV_NEON);
	return 0;
}

static unsigned
a64_classes(const cs_insn *insn, uint32_t w)
{
	const cs_arm64 *a = &insn->detail->arm64;

	switch (insn->id) {
	case ARM64_INS_AESE:
	case ARM64_INS_AESD:
	case ARM64_INS_AESMC:
	case ARM64_INS_AESIMC: return CS_EV_BIT(CS_EV_ARMV8_AES);
	case ARM64_INS_SHA1C:
	case ARM64_INS_SHA1P:
	case ARM64_INS_SHA1M:
	case ARM64_INS_SHA1H:
	case ARM64_INS_SHA1SU0:
	case ARM64_INS_SHA1SU1: return CS_EV_BIT(CS_EV_ARMV8_SHA1);
	case ARM64_INS_SHA256H:
	case ARM64_INS_SHA256H2:
	case ARM64_INS_SHA256SU0:
	case ARM64_INS_SHA256SU1: return CS_EV_BIT(CS_EV_ARMV8_SHA2);
	case ARM64_INS_PMULL:
	case ARM64_INS_PMULL2:
		/* size (bits 23:22) 11: 64-bit polynomials -> 1Q, the crypto extension */
		return ((w >> 22) & 3u) == 3u ? CS_EV_BIT(CS_EV_PMULL) : CS_EV_BIT(CS_EV_NEON);
	default: break;
	}
	if (ev_has_group(insn, ARM64_GRP_NEON))
		return CS_EV_BIT(CS_EV_NEON);
	for (uint8_t i = 0; i < a->op_count; i++) {
		unsigned r = (unsigned)a->operands[i].reg;

		if (a->operands[i].type == ARM64_OP_REG && r >= ARM64_REG_V0 && r <= ARM64_REG_V31)
			return CS_EV_BIT(CS_EV_NEON);
	}
	return 0;
}

static unsigned
a32_classes(const cs_insn *insn, uint32_t w)
{
	const cs_arm *a = &insn->detail->arm;

	switch (insn->id) {
	case ARM_INS_AESE:
	case ARM_INS_AESD:
	case ARM_INS_AESMC:
	case ARM_INS_AESIMC: return CS_EV_BIT(CS_EV_ARMV8_AES);
	case ARM_INS_SHA1C:
	case ARM_INS_SHA1P:
	case ARM_INS_SHA1M:
	case ARM_INS_SHA1H:
	case ARM_INS_SHA1SU0:
	case ARM_INS_SHA1SU1: return CS_EV_BIT(CS_EV_ARMV8_SHA1);
	case ARM_INS_SHA256H:
	case ARM_INS_SHA256H2:
	case ARM_INS_SHA256SU0:
	case ARM_INS_SHA256SU1: return CS_EV_BIT(CS_EV_ARMV8_SHA2);
	case ARM_INS_VMULL:
		/* vmull.p64: size (bits 21:20) 10 with opc bits 11:8 = 1110 (polynomial);
		   same bit positions in A32 and in T32 (first halfword high). */
		if (ev_has_group(insn, ARM_GRP_CRYPTO) ||
		    (((w >> 20) & 3u) == 2u && ((w >> 8) & 0xfu) == 0xeu))
			return CS_EV_BIT(CS_EV_PMULL);
		return CS_EV_BIT(CS_EV_NEON);
	default: break;
	}
	if (ev_has_group(insn, ARM_GRP_NEON))
		return CS_EV_BIT(CS_EV_NEON);
	for (uint8_t i = 0; i < a->op_count; i++) {
		unsigned r = (unsigned)a->operands[i].reg;

		if (a->operands[i].type == ARM_OP_REG && r >= ARM_REG_Q0 && r <= ARM_REG_Q15)
			return CS_EV_BIT(CS_EV_NEON);
	}
	return 0;
}

/*
 * Does the instruction end straight-line flow (return, unconditional jump,
 * trap)? The window stops there: the bytes after it are usually another
 * function, and decoding into it would report what that one uses.
 */
static int
x86_ends_flow(const cs_insn *insn)
{
	switch (insn->id) {
	case X86_INS_JMP:
	case X86_INS_LJMP:
	case X86_INS_UD2:
	case X86_INS_HLT:
	case X86_INS_INT3: return 1;
	default: return ev_has_group(insn, CS_GRP_RET) || ev_has_group(insn, CS_GRP_IRET);
	}
}

static int
a64_ends_flow(const cs_insn *insn)
{
	arm64_cc cc = insn->detail->arm64.cc;

	switch (insn->id) {
	case ARM64_INS_RET:
	case ARM64_INS_BR:
	case ARM64_INS_BRK: return 1;
	case ARM64_INS_B: return cc == ARM64_CC_INVALID || cc == ARM64_CC_AL;
	default: return 0;
	}
}

static int
a32_ends_flow(const cs_insn *insn)
{
	const cs_arm *a = &insn->detail->arm;

	if (a->cc != ARM_CC_AL && a->cc != ARM_CC_INVALID)
		return 0;
	switch (insn->id) {
	case ARM_INS_B:
	case ARM_INS_BX: return 1;
	case ARM_INS_MOV:
	case ARM_INS_LDR: /* mov pc, lr; ldr pc, [sp], #4 */
		return a->op_count > 0 && a->operands[0].type == ARM_OP_REG &&
		       a->operands[0].reg == ARM_REG_PC;
	case ARM_INS_POP:
	case ARM_INS_LDM:
	case ARM_INS_LDMDA:
	case ARM_INS_LDMDB:
	case ARM_INS_LDMIB:
		for (uint8_t i = 0; i < a->op_count; i++)
			if (a->operands[i].type == ARM_OP_REG && a->operands[i].reg == ARM_REG_PC)
				return 1;
		return 0;
	default: return 0;
	}
}

/* The instruction word as the ISA manuals draw it (T32: first halfword high). */
static uint32_t
ev_word(cs_ev_arch arch, const uint8_t *b, size_t size)
{
	if (size < 4)
		return size >= 2 ? ev_le16(b) : 0;
	if (arch == CS_EV_THUMB)
		return ev_le16(b) << 16 | ev_le16(b + 2);
	return ev_le32(b);
}

/* Length to step over bytes Capstone could not decode, classes into *mask; 0 = stop. */
static size_t
ev_undecoded(cs_ev_arch arch, const uint8_t *code, size_t len, unsigned *mask)
{
	size_t n;

	switch (arch) {
	case CS_EV_X86_64: return x86_fallback(code, len, mask);
	case CS_EV_AARCH64:
	case CS_EV_ARM32: return len >= 4 ? 4 : 0;
	case CS_EV_THUMB:
		if (len < 2)
			return 0;
		n = (ev_le16(code) >> 11) >= 0x1du ? 4 : 2; /* 0b11101/11110/11111: 32-bit */
		return n <= len ? n : 0;
	default: return 0;
	}
}

static unsigned
ev_window(ev_decoder *d, const uint8_t *code, size_t len, uint64_t addr, size_t max_insns)
{
	unsigned mask = 0;

	for (size_t n = 0; n < max_insns && len > 0; n++) {
		size_t used = 0;
		int stop = 0;

		if (d->arch == CS_EV_AARCH64 && len >= 4) {
			uint32_t w = ev_le32(code);
			unsigned m = a64_pattern(w);

			if (m != 0) {
				mask |= m;
				used = 4;
			}
			if ((w & 0xfffffbffu) == 0xd65f0bffu)
				break; /* RETAA/RETAB (ARMv8.3 PAuth): unknown to Capstone 4 */
		}
		if (used == 0) {
			const uint8_t *p = code;
			size_t l = len;
			uint64_t a = addr;

			if (cs_disasm_iter(d->h, &p, &l, &a, d->insn)) {
				const cs_insn *in = d->insn;
				uint32_t w = ev_word(d->arch, in->bytes, in->size);

				used = in->size;
				if (d->arch == CS_EV_X86_64) {
					mask |= x86_classes(in);
					stop = x86_ends_flow(in);
				} else if (d->arch == CS_EV_AARCH64) {
					mask |= a64_classes(in, w);
					stop = a64_ends_flow(in);
				} else {
					mask |= a32_classes(in, w);
					stop = a32_ends_flow(in);
				}
			} else {
				used = ev_undecoded(d->arch, code, len, &mask);
			}
		}
		if (stop || used == 0 || used > len)
			break;
		code += used;
		len -= used;
		addr += used;
	}
	return mask != 0 ? mask : CS_EV_BIT(CS_EV_SCALAR);
}

unsigned
cs_ev_classify(cs_ev_arch arch, const uint8_t *code, size_t len, uint64_t addr, size_t max_insns)
{
	ev_decoder d;
	char why[160];
	unsigned mask;

	if (ev_dec_open(&d, arch, why, sizeof why) != 0)
		return 0;
	mask = ev_window(&d, code, len, addr, max_insns);
	ev_dec_close(&d);
	return mask;
}

struct cs_ev_classifier {
	ev_decoder d; /* open for the classifier's lifetime */
};

cs_ev_classifier *
cs_ev_classifier_new(cs_ev_arch arch, char *why, size_t why_size)
{
	cs_ev_classifier *k = calloc(1, sizeof *k);

	if (k == NULL) {
		snprintf(why, why_size, "out of memory");
		return NULL;
	}
	if (ev_dec_open(&k->d, arch, why, why_size) != 0) {
		free(k);
		return NULL;
	}
	return k;
}

unsigned
cs_ev_classify_one(cs_ev_classifier *k, const uint8_t *code, size_t len, uint64_t addr)
{
	return ev_window(&k->d, code, len, addr, 1);
}

void
cs_ev_classifier_free(cs_ev_classifier *k)
{
	if (k == NULL)
		return;
	ev_dec_close(&k->d);
	free(k);
}

/* ------------------------------------------------------------------ ranges */

struct ev_find {
	const char *const *objects;
	cs_ev_ranges *out;
	int main_pass; /* 0: objects by name; 1: the main program */
	int index;     /* objects seen so far in this pass */
	int matched;   /* objects taken */
	int overflow;  /* more executable segments than r[] holds */
};

static void
ev_append(char *buf, size_t size, const char *s)
{
	size_t n = strlen(buf);

	if (n + 1 >= size)
		return;
	snprintf(buf + n, size - n, "%s%s", n > 0 ? ", " : "", s);
}

static int
ev_name_matches(const char *name, const char *const *objects)
{
	if (objects == NULL || name == NULL || *name == '\0')
		return 0;
	for (size_t i = 0; objects[i] != NULL; i++)
		if (*objects[i] != '\0' && strstr(name, objects[i]) != NULL)
			return 1;
	return 0;
}

static int
ev_phdr_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct ev_find *f = data;
	int idx = f->index++;

	(void)size;
	if (f->main_pass ? idx != 0 : !ev_name_matches(info->dlpi_name, f->objects))
		return 0; /* glibc and musl list the main program first */
	f->matched++;
	if (!f->main_pass)
		ev_append(f->out->what, sizeof f->out->what, info->dlpi_name);
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		cs_ev_ranges *o = f->out;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X) || ph->p_memsz == 0)
			continue;
		if (o->n == sizeof o->r / sizeof o->r[0]) {
			f->overflow = 1;
			return 1;
		}
		o->r[o->n].lo = (uintptr_t)(info->dlpi_addr + ph->p_vaddr);
		o->r[o->n].hi = o->r[o->n].lo + (uintptr_t)ph->p_memsz;
		o->n++;
	}
	return 0;
}

int
cs_ev_ranges_find(const char *const *objects, cs_ev_ranges *out, char *why, size_t why_size)
{
	struct ev_find f = {.objects = objects, .out = out};
	char exe[200];
	ssize_t n;

	memset(out, 0, sizeof *out);
	if (objects != NULL)
		dl_iterate_phdr(ev_phdr_cb, &f);
	if (f.matched == 0) {
		memset(&f, 0, sizeof f);
		f.out = out;
		f.main_pass = 1;
		dl_iterate_phdr(ev_phdr_cb, &f);
		n = readlink("/proc/self/exe", exe, sizeof exe - 1);
		exe[n > 0 ? n : 0] = '\0';
		snprintf(out->what, sizeof out->what, "main executable %s",
			 n > 0 ? exe : "(path unknown)");
		if (objects != NULL && objects[0] != NULL) {
			size_t len = strlen(out->what);

			snprintf(out->what + len, sizeof out->what - len,
				 " (no loaded object's path contains %s", objects[0]);
			for (size_t i = 1; objects[i] != NULL; i++) {
				len = strlen(out->what);
				snprintf(out->what + len, sizeof out->what - len, " or %s",
					 objects[i]);
			}
			len = strlen(out->what);
			snprintf(out->what + len, sizeof out->what - len, ")");
		}
	}
	if (f.overflow) {
		snprintf(why, why_size, "more than %zu executable segments in %s",
			 sizeof out->r / sizeof out->r[0], out->what);
		return -1;
	}
	if (out->n == 0) {
		snprintf(why, why_size, "no executable PT_LOAD segment in %s", out->what);
		return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------- sampling */

enum { EV_OFF, EV_POSIX_TIMER, EV_ITIMER };

static uintptr_t *ev_pcs;    /* CS_EV_MAX_SAMPLES entries while a session runs */
static atomic_uint ev_taken; /* signals handled in this session */
static int ev_state = EV_OFF;
static timer_t ev_timer;
static struct sigaction ev_old_action;
static sigset_t ev_old_mask;

/* The interrupted PC; on 32-bit ARM bit 0 is set for Thumb state. */
static uintptr_t
ev_context_pc(void *ctx)
{
#if defined(__x86_64__)
	const ucontext_t *uc = ctx;

	return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
	const ucontext_t *uc = ctx;

	return (uintptr_t)uc->uc_mcontext.pc;
#elif defined(__arm__)
	const ucontext_t *uc = ctx;
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.arm_pc;

	if (uc->uc_mcontext.arm_cpsr & 0x20u) /* CPSR.T */
		pc |= 1u;
	return pc;
#else
	(void)ctx;
	return 0;
#endif
}

/* Async-signal-safe: one lock-free atomic and one store into the preallocated buffer. */
static void
ev_handler(int sig, siginfo_t *si, void *ctx)
{
	unsigned i = atomic_fetch_add_explicit(&ev_taken, 1u, memory_order_relaxed);

	(void)sig;
	(void)si;
	if (i < CS_EV_MAX_SAMPLES && ev_pcs != NULL)
		ev_pcs[i] = ev_context_pc(ctx);
}

static int
ev_posix_timer(clockid_t clk, int *err)
{
	struct sigevent sev;
	struct itimerspec its = {
		.it_interval = {.tv_sec = 0, .tv_nsec = 1000000000L / CS_EV_HZ},
		.it_value = {.tv_sec = 0, .tv_nsec = 1000000000L / CS_EV_HZ},
	};

	memset(&sev, 0, sizeof sev);
	sev.sigev_signo = SIGPROF;
#if defined(SIGEV_THREAD_ID)
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_notify_thread_id = (pid_t)syscall(SYS_gettid);
#else
	sev.sigev_notify = SIGEV_SIGNAL;
#endif
	if (timer_create(clk, &sev, &ev_timer) != 0) {
		*err = errno;
		return -1;
	}
	if (timer_settime(ev_timer, 0, &its, NULL) != 0) {
		*err = errno;
		timer_delete(ev_timer);
		return -1;
	}
	return 0;
}

static void
ev_fail(cs_ev_result *res, const char *msg)
{
	res->available = 0;
	snprintf(res->reason, sizeof res->reason, "%s", msg);
}

int
cs_ev_begin(cs_ev_result *res)
{
	struct sigaction sa;
	sigset_t set;
	struct itimerval itv = {
		.it_interval = {.tv_sec = 0, .tv_usec = 1000000L / CS_EV_HZ},
		.it_value = {.tv_sec = 0, .tv_usec = 1000000L / CS_EV_HZ},
	};
	int e1 = 0, e2 = 0;
	char msg[160];

	memset(res, 0, sizeof *res);
	if (ev_state != EV_OFF) {
		ev_fail(res, "a PC sampling session is already running in this process");
		return -1;
	}
	if (cs_ev_host_arch() == CS_EV_ARCH_UNKNOWN) {
		ev_fail(res, "PC sampling is not supported on this architecture (supported: "
			     "x86-64, aarch64, arm)");
		return -1;
	}
	ev_pcs = malloc(CS_EV_MAX_SAMPLES * sizeof *ev_pcs);
	if (ev_pcs == NULL) {
		ev_fail(res, "out of memory for the PC sample buffer");
		return -1;
	}
	atomic_store(&ev_taken, 0u);

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = ev_handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGPROF, &sa, &ev_old_action) != 0) {
		snprintf(msg, sizeof msg, "sigaction(SIGPROF): %s", strerror(errno));
		ev_fail(res, msg);
		free(ev_pcs);
		ev_pcs = NULL;
		return -1;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGPROF);
	pthread_sigmask(SIG_UNBLOCK, &set, &ev_old_mask);

	if (ev_posix_timer(CLOCK_MONOTONIC, &e1) == 0) {
		ev_state = EV_POSIX_TIMER;
		snprintf(res->source, sizeof res->source,
			 "timer_create(CLOCK_MONOTONIC) %d Hz, this thread", CS_EV_HZ);
	} else if (ev_posix_timer(CLOCK_THREAD_CPUTIME_ID, &e2) == 0) {
		ev_state = EV_POSIX_TIMER;
		snprintf(res->source, sizeof res->source,
			 "timer_create(CLOCK_THREAD_CPUTIME_ID), tick-bound");
	} else if (setitimer(ITIMER_PROF, &itv, NULL) == 0) {
		ev_state = EV_ITIMER;
		snprintf(res->source, sizeof res->source,
			 "setitimer(ITIMER_PROF), tick-bound, whole process");
	} else {
		snprintf(msg, sizeof msg,
			 "no sampling timer: timer_create(CLOCK_MONOTONIC): %s; "
			 "(CLOCK_THREAD_CPUTIME_ID): %s; setitimer(ITIMER_PROF): %s",
			 strerror(e1), strerror(e2), strerror(errno));
		ev_fail(res, msg);
		sigaction(SIGPROF, &ev_old_action, NULL);
		pthread_sigmask(SIG_SETMASK, &ev_old_mask, NULL);
		free(ev_pcs);
		ev_pcs = NULL;
		return -1;
	}
	res->available = 1;
	return 0;
}

/* Stop the timer, discard a signal still pending, restore SIGPROF. */
static void
ev_stop(void)
{
	static const struct itimerval zero;
	const struct timespec now = {0, 0};
	sigset_t set;

	if (ev_state == EV_POSIX_TIMER)
		timer_delete(ev_timer);
	else
		setitimer(ITIMER_PROF, &zero, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGPROF);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	while (sigtimedwait(&set, NULL, &now) == SIGPROF)
		;
	sigaction(SIGPROF, &ev_old_action, NULL);
	pthread_sigmask(SIG_SETMASK, &ev_old_mask, NULL);
	ev_state = EV_OFF;
}

static int
ev_cmp_pc(const void *a, const void *b)
{
	uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;

	return (x > y) - (x < y);
}

/* Index of the range holding pc, or -1. */
static long
ev_range_of(const cs_ev_ranges *ranges, uintptr_t pc)
{
	for (size_t i = 0; i < ranges->n; i++)
		if (pc >= ranges->r[i].lo && pc < ranges->r[i].hi)
			return (long)i;
	return -1;
}

unsigned
cs_ev_taken(void)
{
	return ev_state == EV_OFF ? 0 : atomic_load_explicit(&ev_taken, memory_order_relaxed);
}

void
cs_ev_end(const cs_ev_ranges *ranges, cs_ev_result *res)
{
	cs_ev_arch host = cs_ev_host_arch();
	ev_decoder dec[2]; /* [0] the host's, [1] Thumb on 32-bit ARM */
	int open[2] = {0, 0};
	uintptr_t thumb_bit = host == CS_EV_ARM32 ? 1u : 0u;
	unsigned taken, kept, n = 0;
	char why[160];

	if (ev_state == EV_OFF || !res->available)
		return;
	ev_stop();
	atomic_signal_fence(memory_order_seq_cst);
	taken = atomic_load(&ev_taken);
	kept = taken < CS_EV_MAX_SAMPLES ? taken : CS_EV_MAX_SAMPLES;
	res->samples = kept;
	res->lost = taken - kept;

	/* keep the in-library samples at the front, sorted, to decode each PC once */
	for (unsigned i = 0; ranges != NULL && i < kept; i++)
		if (ev_range_of(ranges, ev_pcs[i] & ~thumb_bit) >= 0)
			ev_pcs[n++] = ev_pcs[i];
	res->in_lib = n;
	qsort(ev_pcs, n, sizeof *ev_pcs, ev_cmp_pc);

	for (unsigned i = 0, j; i < n; i = j) {
		int thumb = host == CS_EV_ARM32 && (ev_pcs[i] & 1u);
		uintptr_t pc = ev_pcs[i] & ~(uintptr_t)thumb;
		long r = ev_range_of(ranges, pc);
		unsigned mask;

		for (j = i + 1; j < n && ev_pcs[j] == ev_pcs[i]; j++)
			;
		if (!open[thumb]) {
			if (ev_dec_open(&dec[thumb], thumb ? CS_EV_THUMB : host, why, sizeof why) !=
			    0) {
				ev_fail(res, why);
				memset(res->counts, 0, sizeof res->counts);
				break;
			}
			open[thumb] = 1;
		}
		mask = ev_window(&dec[thumb], (const uint8_t *)pc, (size_t)(ranges->r[r].hi - pc),
				 (uint64_t)pc, CS_EV_WINDOW);
		for (unsigned c = 0; c < CS_EV_COUNT; c++)
			if (mask & CS_EV_BIT(c))
				res->counts[c] += j - i;
	}
	for (int k = 0; k < 2; k++)
		if (open[k])
			ev_dec_close(&dec[k]);
	free(ev_pcs);
	ev_pcs = NULL;
}
