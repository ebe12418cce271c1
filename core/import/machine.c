/* The machine a post names (cpuinfo's model name or CPU part, uname -a, a board
   in prose) and which source it belongs to (speed.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed.h"

static void
add_clue(parser *p, int line, int rank, const char *text, size_t len)
{
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	while (len && (*text == ' ' || *text == '\t')) {
		text++;
		len--;
	}
	if (!len || p->n_clues >= 256)
		return;
	iclue *grown = cs_imp_grow(p, p->clues, &p->cap_clues, p->n_clues, sizeof *grown, 16);
	if (!grown)
		return;
	p->clues = grown;
	iclue *c = &p->clues[p->n_clues++];
	c->line = line;
	c->rank = rank;
	snprintf(c->text, sizeof c->text, "%.*s", (int)(len < 159 ? len : 159), text);
}

/* Boards and CPUs people name in a post, as a word ("rpi3", "R2S的"). */
static const struct {
	const char *word;  /* lower case */
	const char *board; /* what the source is then said to run on */
} boards[] = {
	{"nanopi r2s", "NanoPi R2S"},
	{"r2s", "NanoPi R2S"},
	{"nanopi r4s", "NanoPi R4S"},
	{"r4s", "NanoPi R4S"},
	{"raspberry pi 3", "Raspberry Pi 3"},
	{"rpi3", "Raspberry Pi 3"},
	{"rpi 3", "Raspberry Pi 3"},
	{"raspberry pi 4", "Raspberry Pi 4"},
	{"rpi4", "Raspberry Pi 4"},
	{"rpi 4", "Raspberry Pi 4"},
	{"raspberry pi 5", "Raspberry Pi 5"},
	{"rpi5", "Raspberry Pi 5"},
	{"rock64", "Pine64 ROCK64"},
	{"rockpro64", "Pine64 RockPro64"},
	{"odroid-c2", "ODROID-C2"},
	{"odroid-n2", "ODROID-N2"},
	{"jetson nano", "NVIDIA Jetson Nano"},
	{"visionfive 2", "StarFive VisionFive 2"},
	{"core2", "Intel Core 2"},
	{"core 2 duo", "Intel Core 2"},
};

/* Arm's CPU part numbers (cpuinfo "CPU part", implementer 0x41). */
static const struct {
	unsigned part;	  /* "CPU part : 0xd03" */
	const char *core; /* its name */
} arm_parts[] = {
	{0xd03, "Cortex-A53"},	{0xd04, "Cortex-A35"},	{0xd05, "Cortex-A55"},
	{0xd07, "Cortex-A57"},	{0xd08, "Cortex-A72"},	{0xd09, "Cortex-A73"},
	{0xd0a, "Cortex-A75"},	{0xd0b, "Cortex-A76"},	{0xd0c, "Neoverse-N1"},
	{0xd0d, "Cortex-A77"},	{0xd40, "Neoverse-V1"}, {0xd41, "Cortex-A78"},
	{0xd46, "Cortex-A510"}, {0xd47, "Cortex-A710"}, {0xd49, "Neoverse-N2"},
};

/* cpuinfo's "model name", "Hardware", "Model", "CPU part"; uname -a; a board
   named in prose. */
void
cs_imp_clue_line(parser *p, const char *t, int line)
{
	static const char *const model_keys[] = {"model name", "Hardware", "Model", "cpu model",
						 "uarch",      "CPU",	   "cpu",   NULL};
	/* "Board : Raspberry Pi 4", "Machine: ..." as a post heads each table */
	static const char *const board_keys[] = {"Board", "board", "Machine", "machine", NULL};
	for (size_t i = 0; board_keys[i]; i++) {
		size_t k = strlen(board_keys[i]);
		const char *c = t + k;
		if (strncmp(t, board_keys[i], k) != 0)
			continue;
		while (*c == ' ' || *c == '\t')
			c++;
		if (*c == ':') {
			add_clue(p, line, CL_BOARD, c + 1, strlen(c + 1));
			return;
		}
	}
	for (size_t i = 0; model_keys[i]; i++) {
		size_t k = strlen(model_keys[i]);
		if (strncmp(t, model_keys[i], k) != 0)
			continue;
		const char *c = t + k;
		while (*c == ' ' || *c == '\t')
			c++;
		if (*c != ':')
			continue;
		add_clue(p, line, CL_MODEL, c + 1, strlen(c + 1));
		return;
	}
	if (cs_imp_starts_with(t, "CPU part")) {
		const char *c = strchr(t, ':');
		unsigned part;
		if (c && sscanf(c + 1, " %x", &part) == 1)
			for (size_t i = 0; i < sizeof arm_parts / sizeof arm_parts[0]; i++)
				if (arm_parts[i].part == part)
					add_clue(p, line, CL_CORE, arm_parts[i].core,
						 strlen(arm_parts[i].core));
		return;
	}
	/* uname -a: "Linux HOST 5.4.75 #0 SMP ... aarch64 GNU/Linux" */
	const char *gnu = strstr(t, " GNU/Linux");
	if (cs_imp_starts_with(t, "Linux ") && gnu) {
		const char *a = gnu;
		while (a > t && a[-1] != ' ')
			a--;
		add_clue(p, line, CL_UNAME, a, (size_t)(gnu - a));
		return;
	}
	char low[512];
	cs_imp_lower_copy(low, sizeof low, t);
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		size_t k = strlen(boards[i].word);
		for (const char *at = strstr(low, boards[i].word); at;
		     at = strstr(at + 1, boards[i].word)) {
			bool left = at == low || !isalnum((unsigned char)at[-1]);
			bool right = !isalnum((unsigned char)at[k]);
			if (left && right) {
				add_clue(p, line, CL_BOARD, boards[i].board,
					 strlen(boards[i].board));
				return;
			}
		}
	}
}

/*
 * The machine a source ran on, from the clues: a clue belongs to the first
 * source that starts after it (prose introduces its table), a clue after the
 * last source's start to the last source; a kind of clue the source has none
 * of is the file's when the file names only one. "Board (core or model)", or
 * the model, or the core, or uname's architecture; "" when nothing is named.
 */
void
cs_imp_source_machine(const parser *p, size_t src, char *out, size_t n)
{
	const char *best[CL_COUNT] = {NULL};
	while (src > 0 && p->src[src].group)
		src--; /* a table split off a run ran where the run ran */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < p->n_clues; i++) {
			const iclue *c = &p->clues[i];
			size_t owner = p->n_src - 1;
			for (size_t k = 0; k < p->n_src; k++)
				if (p->src[k].line > c->line) {
					owner = k;
					break;
				}
			while (owner > 0 && p->src[owner].group)
				owner--;
			if (pass == 0 && owner == src && !best[c->rank])
				best[c->rank] = c->text;
			if (pass == 1 && !best[c->rank]) {
				bool one = true;
				for (size_t j = 0; j < p->n_clues; j++)
					one &= p->clues[j].rank != c->rank ||
					       strcmp(p->clues[j].text, c->text) == 0;
				if (one)
					best[c->rank] = c->text;
			}
		}
	const char *detail = best[CL_MODEL] ? best[CL_MODEL] : best[CL_CORE];
	if (best[CL_BOARD] && detail)
		snprintf(out, n, "%s (%s)", best[CL_BOARD], detail);
	else if (best[CL_BOARD] || detail)
		snprintf(out, n, "%s", best[CL_BOARD] ? best[CL_BOARD] : detail);
	else
		snprintf(out, n, "%s", best[CL_UNAME] ? best[CL_UNAME] : "");
}
