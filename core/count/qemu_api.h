/*
 * The part of QEMU's TCG plugin API (QEMU_PLUGIN_VERSION 1, as in qemu-user
 * 7.2) that the counting plugin uses, declared from QEMU's documentation of
 * include/qemu/qemu-plugin.h. Only what plugin.c calls is here; the symbols
 * are resolved from the qemu binary when it loads the plugin.
 */
#ifndef CS_QEMU_API_H
#define CS_QEMU_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CS_QEMU_EXPORT __attribute__((visibility("default")))
/* The API version this plugin is written against. */
#define CS_QEMU_PLUGIN_VERSION 1

typedef uint64_t qemu_plugin_id_t;

/* What qemu tells a plugin at install; only valid during the call. */
typedef struct qemu_info_t {
	const char *target_name; /* guest architecture: "aarch64", "x86_64", "arm" */
	struct {
		int min; /* oldest API version qemu accepts */
		int cur; /* API version qemu implements */
	} version;
	bool system_emulation; /* false under qemu-user */
	union {
		struct {
			int smp_vcpus; /* system emulation: vCPUs at start */
			int max_vcpus; /* system emulation: most vCPUs */
		} system;	       /* system emulation only */
	};
} qemu_info_t;

struct qemu_plugin_tb;
struct qemu_plugin_insn;

enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1, /* loads */
	QEMU_PLUGIN_MEM_W,     /* stores */
	QEMU_PLUGIN_MEM_RW     /* both */
};

enum qemu_plugin_op {
	QEMU_PLUGIN_INLINE_ADD_U64 /* *ptr += imm, not atomic */
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_syscall_cb_t)(qemu_plugin_id_t id, unsigned int vcpu_index,
					      int64_t num, uint64_t a1, uint64_t a2, uint64_t a3,
					      uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7,
					      uint64_t a8);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
						enum qemu_plugin_op op, void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_mem_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_mem_rw rw,
					  enum qemu_plugin_op op, void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
/* qemu's own disassembly of insn, in the mode the guest CPU translated it
   (ARM: A32 or T32); malloc'd (g_free is free), NULL when none. */
char *qemu_plugin_insn_disas(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_syscall_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_syscall_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_outs(const char *string);

#endif
