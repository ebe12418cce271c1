/*
 * Planted faults, for tests only (tests/count/mcu_fault.sh): linked into one
 * extra mbedTLS worker, build-cortex-m4/planted/, never into bin/. Only a
 * counted batch is armed (the KATs, hello and prepare run as usual); inside
 * it, SHA-256's finish, midway through a digest op:
 *
 *   a  64-byte op loops forever    (the orchestrator must time the cell out)
 *   a 1024-byte op HardFaults      (an undefined instruction: the runtime's
 *                                   fault handler reports it, exit status 3)
 *
 * Linked with -Wl,--wrap=cs_cell_batch,--wrap=mbedtls_sha256_finish: the
 * linker's names for the wrappers (__wrap_X, __real_X) are fixed by ld.
 */
#include <mbedtls/sha256.h>
#include <stdint.h>

#include "worker.h"

#define CS_PLANT_LOOP_SIZE 64
#define CS_PLANT_FAULT_SIZE 1024

static volatile size_t armed; /* the size of the batch being counted; 0 none */

uint64_t __real_cs_cell_batch(cs_cell *cell, uint64_t k, cs_status *st);
uint64_t __wrap_cs_cell_batch(cs_cell *cell, uint64_t k, cs_status *st);
int __real_mbedtls_sha256_finish(mbedtls_sha256_context *ctx, unsigned char *out);
int __wrap_mbedtls_sha256_finish(mbedtls_sha256_context *ctx, unsigned char *out);

uint64_t
__wrap_cs_cell_batch(cs_cell *cell, uint64_t k, cs_status *st)
{
	armed = cell->size;
	uint64_t t = __real_cs_cell_batch(cell, k, st);
	armed = 0;
	return t;
}

int
__wrap_mbedtls_sha256_finish(mbedtls_sha256_context *ctx, unsigned char *out)
{
	if (armed == CS_PLANT_FAULT_SIZE)
		__asm__ volatile("udf #0" ::: "memory");
	while (armed == CS_PLANT_LOOP_SIZE)
		__asm__ volatile("nop" ::: "memory");
	return __real_mbedtls_sha256_finish(ctx, out);
}
