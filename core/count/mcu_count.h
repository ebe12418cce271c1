/*
 * The MCU lane's counting contract (docs/mcu.md) between a bare-metal worker
 * (mcu/count.c) and the system-mode counting plugin (core/count/
 * mcu_plugin.c, loaded into qemu-system-arm). Apart from the qemu-user
 * plugin's (count.h): in system mode there is no syscall to trap and no
 * host fd the guest can name.
 *
 * The marker is the instruction pair `movw r12, #0x6370; movt r12, #0x6373`
 * (CS_MCU_MARK_MOVT: the movt's Thumb-2 encoding, which the plugin watches
 * for when it translates code). When the movt runs, the plugin writes its
 * counters as one line of CS_MCU_LINE_LEN bytes at offset 0 of the host file
 * given as its `out` argument; the worker reads the line back through
 * semihosting (the same file, named by its --counters argument):
 *
 *   cs-mcu 1 <insns> <cycles> <mem> <class 0> ... <class N-1>\n
 *
 * every number 20 decimal digits, zero-padded. insns: instructions executed;
 * cycles: the core's estimated cycles (the plugin's cost model,
 * data/costs/cortex-m4); mem: load and store instructions; then one count per
 * class of cs_mcu_class_names.
 */
#ifndef CS_MCU_COUNT_H
#define CS_MCU_COUNT_H

/* The marker's movt r12, #0x6373 as two Thumb halfwords, first first. */
#define CS_MCU_MARK_HW1 0xf2c6u
#define CS_MCU_MARK_HW2 0x3c73u

#define CS_MCU_MAGIC "cs-mcu 1"
/* Instruction classes of an M-profile core, in line order. */
#define CS_MCU_CLASSES 3
static const char *const cs_mcu_class_names[CS_MCU_CLASSES] = {
	"thumb2", /* Thumb / Thumb-2 integer instructions */
	"dsp",	  /* the DSP extension: SIMD32 (uadd8, sel, ...), saturating,
		     UMAAL, SMLAL* and other multiply-accumulates of ARMv7E-M */
	"fpu",	  /* floating-point (VFP) instructions */
};
/* Bytes of a counters line, newline included. */
#define CS_MCU_LINE_LEN (sizeof CS_MCU_MAGIC - 1 + (3 + CS_MCU_CLASSES) * 21 + 1)

#endif
