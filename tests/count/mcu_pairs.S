/* A known sequence for the MCU plugin's cycle models (mcu_pairs.sh): two
   markers, and with -DBODY between them a block whose cost is worked out by
   hand in mcu_pairs.sh, for the Cortex-M4 table (single issue) and the
   Cortex-M7 table (dual issue). Then a semihosting exit. */
	.syntax unified
	.thumb
	.section .vectors, "a"
	.word __stack_top
	.word cs_mcu_reset

	.text
	.global cs_mcu_reset
	.type cs_mcu_reset, %function
	.thumb_func
cs_mcu_reset:
	ldr lr, =0x20000000 /* the loads' base: the start of RAM */
	movw r12, #0x6370
	movt r12, #0x6373
#ifdef BODY
	dmb /* single issue: nothing pairs across it */
	add r0, r0, #1
	add r1, r1, #1 /* pairs with the one before */
	add r2, r2, r0
	add r3, r2, #1 /* reads r2: does not pair */
	ldr r4, [lr] /* pairs with the add */
	ldr r5, [lr, #4]
	ldr r6, [lr, #8] /* two loads pair */
	mul r7, r7, r7
	mul r8, r8, r8 /* one multiplier: does not pair */
	add r9, r9, r9, lsl #2 /* pairs with the mul */
	add r10, r10, r10, lsl #2
	add r11, r11, r11, lsl #2 /* one shifter: does not pair */
	dmb
#endif
	movw r12, #0x6370
	movt r12, #0x6373
	movs r0, #0x18 /* SYS_EXIT */
	ldr r1, =0x20026 /* ADP_Stopped_ApplicationExit */
	bkpt 0xab
1:	b 1b
	.pool
