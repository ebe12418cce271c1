/* The MCU worker's bare-metal runtime (runtime.c): docs/mcu.md. */
#ifndef CS_MCU_H
#define CS_MCU_H

#include <stddef.h>

/* One semihosting call (bkpt 0xab): op in r0, arg in r1; the host's answer. */
int cs_mcu_semihost(int op, void *arg);
/* End the program with this exit status (semihosting SYS_EXIT_EXTENDED). */
void cs_mcu_exit(int status) __attribute__((noreturn));
/* Paint `bytes` of stack below the stack pointer with a known word: the
   high-water mark of what runs next is measured from there (it includes the
   harness's own call frames: cs_cell_batch and the impl's run call). */
void cs_mcu_stack_paint(size_t bytes);
/* Bytes of the painted window written since (the high-water mark), or -1
   when the window's bottom guard was written (the window was too small:
   the operation used more, or overflowed). */
long cs_mcu_stack_used(void);
/* The host file the counting plugin writes its counters to (count.c);
   NULL: not counting. */
extern const char *cs_mcu_counters_path;
/* The stack window painted around a counted operation. */
#define CS_MCU_STACK_WINDOW (64u * 1024u)

#endif
