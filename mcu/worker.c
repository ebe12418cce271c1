/*
 * The MCU worker's main (docs/mcu.md): the same adapter, cells, known
 * answers and protocol as every worker (core/worker, core/protocol), on a
 * bare-metal Cortex-M under qemu-system-arm, its stdin/stdout the host's
 * through semihosting; the requests answered by core/worker/serve.c, the
 * request loop every worker shares. What a Linux worker does with processes, threads and
 * signals (masks, PMU, evidence sampling, sample timing, TLS peers) has no
 * place here: it answers hello, prepare, count, release and quit; any other
 * request gets an error reply. `--list` and `--kat [--alg NAME]` as on Linux.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcu.h"
#include "protocol.h"
#include "serve.h"
#include "worker.h"
#include "workload.h"

/* no calibration (batch 1, as a counting worker on Linux), no interop
   signature; nothing beyond prepare, count, release and quit */
static cs_serve_platform platform = {
	.calibrate = false,
	.sign_sample = false,
	.other = NULL,
	.accepted = "prepare, count, release, quit: an MCU worker",
};

/* The hello (about 100 KB: a row per impl) lives on the heap while it is
   made and sent, then is freed: static RAM is what a board must hold for
   the whole run, and the image must fit the board's (count.c checks). */
static void
send_hello(const char *argv0)
{
	cs_msg_hello *hp = malloc(sizeof *hp);
	if (!hp) {
		fprintf(stderr, "worker: no memory for the hello\n");
		exit(1);
	}
	cs_msg_hello_init(hp);
	cs_serve_hello(hp, argv0);
	cs_serve_copy(hp->cpu.arch, sizeof hp->cpu.arch, "armv7e-m");
	cs_serve_copy(hp->cpu.model, sizeof hp->cpu.model, CS_MCU_CPU);
	cs_serve_copy(hp->cpu.features, sizeof hp->cpu.features, CS_MCU_FEATURES);
	cs_serve_copy(hp->cpu.source, sizeof hp->cpu.source, "build");
	hp->cpu.cpus = 1;
	/* semihosting: the host's centiseconds */
	cs_serve_copy(hp->clock, sizeof hp->clock, "SYS_CLOCK");
	hp->clock_res_ns = (int64_t)cs_clock_res_ns();
	/* no masks on a microcontroller: only "none" */
	cs_msg_mask *m = &hp->masks[hp->n_masks++];
	cs_serve_copy(m->name, sizeof m->name, cs_mask_name(CS_MASK_NONE));
	m->status = CS_MASK_STATUS_OK;
	cs_serve_copy(hp->mask, sizeof hp->mask, cs_mask_name(CS_MASK_NONE));
	hp->pmu = -1;
	cs_serve_send(&platform, cs_msg_hello_encode(hp));
	free(hp);
}

int
main(int argc, char **argv)
{
	const cs_adapter *a = cs_worker_adapter;
	const char *alg = NULL, *path = NULL;
	int mode = 0; /* 0 serve, 1 list, 2 kat */
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--list") == 0)
			mode = 1;
		else if (strcmp(argv[i], "--kat") == 0)
			mode = 2;
		else if (strcmp(argv[i], "--alg") == 0 && i + 1 < argc)
			alg = argv[++i];
		else if (strcmp(argv[i], "--path") == 0 && i + 1 < argc)
			path = argv[++i];
		else if (strcmp(argv[i], "--counters") == 0 && i + 1 < argc)
			cs_mcu_counters_path = argv[++i];
		else {
			fprintf(stderr,
				"worker: unknown argument '%s' (accepted: --list, --kat [--alg "
				"NAME] [--path PATH], --counters FILE)\n",
				argv[i]);
			return 2;
		}
	}
	if (a->init && a->init() != CS_OK) {
		fprintf(stderr, "worker: %s failed to initialise: %s\n", a->name,
			a->init_error ? a->init_error() : "(not said)");
		return 1;
	}
	int rc = 0;
	if (mode == 1) {
		rc = cs_serve_list();
	} else if (mode == 2) {
		rc = cs_serve_kat(alg, path);
	} else {
		platform.out = stdout;
		send_hello(argv[0]);
		cs_serve_requests(&platform);
	}
	if (a->fini)
		a->fini();
	return rc;
}
