/*
 * The TLS 1.3 handshake view (handshake.h): the cryptography of one full
 * handshake (1-RTT, ECDHE key share, server authenticated by a certificate,
 * no client certificate, no PSK) as a weighted sum of measured cells.
 *
 * Where the counts come from (RFC 8446):
 *  - key share: each side generates one ephemeral key pair (4.2.8) and
 *    derives one shared secret from the other's share (7.4);
 *  - CertificateVerify: the server signs once, the client verifies once
 *    (4.4.3); the client also verifies the chain (4.4.2: RFC 5280 path
 *    validation), one signature per certificate of depth `depth` (leaf
 *    signed by an intermediate, intermediate by the root; the trust anchor
 *    itself is not verified), all with the same signature algorithm;
 *  - key schedule (7.1): 3 HKDF-Extract (early, handshake, master secret)
 *    and 8 Derive-Secret ("derived" twice, client/server handshake and
 *    application traffic secrets, exporter and resumption master secrets);
 *    traffic keys (7.3): key and iv for each of the 4 traffic secrets, 8
 *    HKDF-Expand-Label; Finished (4.4.4): finished_key for each direction (2
 *    Expand-Label) and the two verify_data HMACs. Each Extract and each
 *    Expand of at most 32 bytes is one HMAC-SHA256 over a short input: 23
 *    per side, costed at the hmac-sha256 cell of 64 bytes;
 *  - transcript (4.4.1): SHA-256 over every handshake message once
 *    (incrementally), costed per byte at the sha256 cell of the largest
 *    measured size not above the transcript's length. The few finalizations
 *    of copies (one per Derive-Secret context) are left out.
 * Model assumptions, stated where the view prints: the transcript length
 * (ClientHello 250 B, ServerHello 120 B, EncryptedExtensions 20 B, each
 * certificate 600 B for ECDSA P-256, 500 B for Ed25519, 1000 B for
 * RSA-2048, CertificateVerify and two Finished), and the measured
 * signature cells signing a 32-byte message where CertificateVerify signs
 * 130 bytes (64 spaces, the context string, the transcript hash).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "handshake.h"

const cs_hs_step cs_hs_steps[] = {
	{"key share: generate the ephemeral key pair", "4.2.8", CS_HS_BOTH, CS_HS_KEX, "keygen", 1,
	 false, false},
	{"key share: derive the shared secret", "7.4", CS_HS_BOTH, CS_HS_KEX, "derive", 1, false,
	 false},
	{"CertificateVerify: sign", "4.4.3", CS_HS_SERVER, CS_HS_SIG, "sign", 1, false, false},
	{"CertificateVerify: verify", "4.4.3", CS_HS_CLIENT, CS_HS_SIG, "verify", 1, false, false},
	{"certificate chain: verify (x depth)", "4.4.2", CS_HS_CLIENT, CS_HS_SIG, "verify", 0, true,
	 false},
	{"key schedule: HKDF-Extract", "7.1", CS_HS_BOTH, CS_HS_HMAC, "mac", 3, false, false},
	{"key schedule: Derive-Secret", "7.1", CS_HS_BOTH, CS_HS_HMAC, "mac", 8, false, false},
	{"traffic keys: key and iv x 4 secrets", "7.3", CS_HS_BOTH, CS_HS_HMAC, "mac", 8, false,
	 false},
	{"Finished: finished_key x 2", "4.4.4", CS_HS_BOTH, CS_HS_HMAC, "mac", 2, false, false},
	{"Finished: verify_data HMAC x 2", "4.4.4", CS_HS_BOTH, CS_HS_HMAC, "mac", 2, false, false},
	{"transcript hash (bytes)", "4.4.1", CS_HS_BOTH, CS_HS_HASH, "digest", 0, false, true},
	{NULL, NULL, CS_HS_BOTH, CS_HS_KEX, NULL, 0, false, false},
};

/* The HMAC cell's size: a key schedule input is 32-80 bytes. */
#define HS_HMAC_SIZE 64

static const struct hs_sig {
	const char *name;
	size_t cert_bytes; /* a typical DER certificate with this key */
	size_t sig_bytes;  /* CertificateVerify's signature, DER for ECDSA */
} hs_sigs[] = {
	{"ecdsa-p256", 600, 72},
	{"ed25519", 500, 64},
	{"rsa-2048", 1000, 256},
};
static const char *const hs_kexes[] = {"x25519", "p256"};
static const char *const hs_defaults[] = {"x25519+ecdsa-p256", "x25519+ed25519", "x25519+rsa-2048"};
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

bool
cs_hs_config_parse(const char *name, cs_hs_config *cfg, char *why, size_t why_size)
{
	memset(cfg, 0, sizeof *cfg);
	const char *plus = strchr(name, '+');
	size_t k = 0, s = 0;
	if (plus && strlen(name) < sizeof cfg->name) {
		for (k = 0; k < N_OF(hs_kexes); k++)
			if (strlen(hs_kexes[k]) == (size_t)(plus - name) &&
			    strncmp(name, hs_kexes[k], (size_t)(plus - name)) == 0)
				break;
		for (s = 0; s < N_OF(hs_sigs); s++)
			if (strcmp(plus + 1, hs_sigs[s].name) == 0)
				break;
	}
	if (!plus || strlen(name) >= sizeof cfg->name || k == N_OF(hs_kexes) ||
	    s == N_OF(hs_sigs)) {
		snprintf(why, why_size,
			 "unknown handshake configuration '%s' (accepted: KEX+SIG "
			 "with KEX x25519 or p256, SIG ecdsa-p256, ed25519 or rsa-2048, e.g. "
			 "x25519+ecdsa-p256)",
			 name);
		return false;
	}
	snprintf(cfg->name, sizeof cfg->name, "%s", name);
	snprintf(cfg->kex, sizeof cfg->kex, "%s", hs_kexes[k]);
	snprintf(cfg->sig, sizeof cfg->sig, "%s", hs_sigs[s].name);
	cfg->depth = 2;
	/* ClientHello, ServerHello, EncryptedExtensions, the chain but its anchor,
	   CertificateVerify (4 + signature), two Finished (4 + 32) */
	cfg->transcript = 250 + 120 + 20 + cfg->depth * hs_sigs[s].cert_bytes + 4 +
			  hs_sigs[s].sig_bytes + 2 * 36;
	return true;
}

/* A cell of a handshake row: measured ok, unmasked, by one worker. */
static bool
usable(const cs_res_cell *c)
{
	return c->ok && c->multi <= 1 && strcmp(c->mask, "none") == 0 && c->rate.median > 0;
}

/* The ns per op of row's cell (alg, op, size), or NAN. size < 0: the largest
   measured size not above -size (for per-byte use); *got is then the size. */
static double
cell_ns(const cs_res_file *file, const char *row, const char *alg, const char *op, long long size,
	long long *got)
{
	double best = NAN;
	long long best_size = -1;
	for (size_t i = 0; i < file->n_cells; i++) {
		const cs_res_cell *c = &file->cells[i];
		char label[CS_RES_LABEL_MAX];
		if (!usable(c) || strcmp(c->alg, alg) != 0 || strcmp(c->op, op) != 0)
			continue;
		cs_res_row_label(c, label, sizeof label);
		if (strcmp(label, row) != 0)
			continue;
		if (size >= 0 ? c->size == size
			      : c->size > 0 && c->size <= -size && c->size > best_size) {
			best = (c->bytes ? (double)c->size : 1) * 1e9 / c->rate.median;
			best_size = c->size;
		}
	}
	if (got)
		*got = best_size;
	return best;
}

void
cs_hs_cost_of(const cs_res_file *file, const char *row, const cs_hs_config *cfg, cs_hs_cost *out)
{
	memset(out, 0, sizeof *out);
	out->client = out->server = true;
	for (const cs_hs_step *st = cs_hs_steps; st->what; st++) {
		const char *alg = st->uses == CS_HS_KEX	   ? cfg->kex
				  : st->uses == CS_HS_SIG  ? cfg->sig
				  : st->uses == CS_HS_HMAC ? "hmac-sha256"
							   : "sha256";
		double ns;
		if (st->per_byte) {
			long long got = -1;
			ns = cell_ns(file, row, alg, st->op, -(long long)cfg->transcript, &got);
			ns = got > 0 ? ns / (double)got * (double)cfg->transcript : NAN;
		} else {
			double n = st->per_depth ? cfg->depth : st->count;
			long long size = st->uses == CS_HS_HMAC ? HS_HMAC_SIZE : 0;
			ns = n * cell_ns(file, row, alg, st->op, size, NULL);
		}
		bool client = st->side != CS_HS_SERVER, server = st->side != CS_HS_CLIENT;
		if (isnan(ns)) {
			if (!out->missing[0])
				snprintf(out->missing, sizeof out->missing, "%s %s%s", alg, st->op,
					 st->uses == CS_HS_HMAC ? " at 64 B" : "");
			out->client &= !client;
			out->server &= !server;
			continue;
		}
		if (client)
			out->client_us += ns / 1000;
		if (server)
			out->server_us += ns / 1000;
	}
}

/* The file's rows with usable cells, in first-seen order (n_cells at most). */
static size_t
rows(const cs_res_file *file, char (*out)[CS_RES_LABEL_MAX])
{
	size_t n = 0;
	for (size_t i = 0; i < file->n_cells; i++) {
		char r[CS_RES_LABEL_MAX];
		if (!usable(&file->cells[i]))
			continue;
		cs_res_row_label(&file->cells[i], r, sizeof r);
		size_t k = 0;
		while (k < n && strcmp(out[k], r) != 0)
			k++;
		if (k == n)
			memcpy(out[n++], r, sizeof r);
	}
	return n;
}

/* A row of the TLS family (path "tls"): "openssl/tls", "openssl/tls [...]". */
static bool
tls_row(const char *row)
{
	const char *slash = strchr(row, '/');
	return slash && strncmp(slash + 1, "tls", 3) == 0 && (slash[4] == '\0' || slash[4] == ' ');
}

static void print_measured(FILE *f, const cs_res_file *file, const cs_hs_config *cfg,
			   char (*list)[CS_RES_LABEL_MAX], size_t n);

static void
print_config(FILE *f, const cs_res_file *file, const cs_hs_config *cfg)
{
	char(*list)[CS_RES_LABEL_MAX] = calloc(file->n_cells + 1, sizeof *list);
	if (!list)
		return;
	size_t n = rows(file, list);
	fprintf(f, "\nTLS 1.3 full handshake, %s: certificate chain depth %u, transcript %zu B\n",
		cfg->name, cfg->depth, cfg->transcript);
	fprintf(f, "%-34s %11s %11s %12s %12s\n", "lib/path", "client us", "server us",
		"client hs/s", "server hs/s");
	for (size_t i = 0; i < n; i++) {
		cs_hs_cost cost;
		if (tls_row(list[i]))
			continue; /* measured whole: below */
		cs_hs_cost_of(file, list[i], cfg, &cost);
		char cu[24] = "—", su[24] = "—", ch[24] = "—", sh[24] = "—";
		if (cost.client) {
			snprintf(cu, sizeof cu, "%.1f", cost.client_us);
			snprintf(ch, sizeof ch, "%.0f", 1e6 / cost.client_us);
		}
		if (cost.server) {
			snprintf(su, sizeof su, "%.1f", cost.server_us);
			snprintf(sh, sizeof sh, "%.0f", 1e6 / cost.server_us);
		}
		/* "—" is one column but three bytes: pad by hand */
		fprintf(f, "%-34s %*s %*s %*s %*s%s%s%s\n", cs_esc_term(list[i]),
			cost.client ? 11 : 13, cu, cost.server ? 11 : 13, su, cost.client ? 12 : 14,
			ch, cost.server ? 12 : 14, sh, cost.missing[0] ? "  (not measured: " : "",
			cs_esc_term(cost.missing), cost.missing[0] ? ")" : "");
	}
	print_measured(f, file, cfg, list, n);
	free(list);
}

/* The TLS configuration (algs.def) a model configuration matches: TLS 1.3,
   AES-128-GCM, the same group and certificate. */
static void
tls_alg_of(const cs_hs_config *cfg, char *buf, size_t size)
{
	const char *cert = strcmp(cfg->sig, "ecdsa-p256") == 0 ? "ecdsa"
			   : strcmp(cfg->sig, "rsa-2048") == 0 ? "rsa"
							       : cfg->sig;
	snprintf(buf, size, "tls13-%s-%s-aes128gcm", cfg->kex, cert);
}

/* The library of a row label ("openssl/evp" -> "openssl"), into buf. */
static void
lib_of(const char *row, char *buf, size_t size)
{
	size_t n = strcspn(row, "/");
	snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), row);
}

/*
 * Measured handshakes beside the model: each measured TLS handshake cell of
 * the configuration (client and server of one library in one process, both
 * sides' CPU), and the fastest sum of its primitives over that library's
 * other rows; the difference is the protocol's own cost (parsing, framing,
 * allocation, certificate decoding, the library's glue).
 */
static void
print_measured(FILE *f, const cs_res_file *file, const cs_hs_config *cfg,
	       char (*list)[CS_RES_LABEL_MAX], size_t n)
{
	char alg[64];
	bool header = false;
	tls_alg_of(cfg, alg, sizeof alg);
	for (size_t i = 0; i < n; i++) {
		double ns = cell_ns(file, list[i], alg, "handshake", 0, NULL);
		if (isnan(ns))
			continue;
		char lib[CS_RES_LABEL_MAX], other[CS_RES_LABEL_MAX];
		lib_of(list[i], lib, sizeof lib);
		double sum = NAN;
		for (size_t k = 0; k < n; k++) {
			lib_of(list[k], other, sizeof other);
			if (k == i || strcmp(lib, other) != 0)
				continue;
			cs_hs_cost cost;
			cs_hs_cost_of(file, list[k], cfg, &cost);
			if (cost.client && cost.server &&
			    (isnan(sum) || cost.client_us + cost.server_us < sum))
				sum = cost.client_us + cost.server_us;
		}
		if (!header)
			fprintf(f,
				"measured %s (client + server, one process):\n%-34s %11s %11s "
				"%9s\n",
				alg, "lib/path", "hs us", "model us", "protocol");
		header = true;
		char model[24] = "—", share[24] = "—";
		if (!isnan(sum)) {
			snprintf(model, sizeof model, "%.1f", sum);
			snprintf(share, sizeof share, "%.0f%%", 100 * (1 - sum * 1000 / ns));
		}
		fprintf(f, "%-34s %11.1f %*s %*s\n", cs_esc_term(list[i]), ns / 1000,
			isnan(sum) ? 13 : 11, model, isnan(sum) ? 11 : 9, share);
	}
}

int
cs_report_handshake(const cs_res_file *const *files, size_t n, const char *config, FILE *f)
{
	cs_hs_config cfgs[N_OF(hs_defaults)];
	size_t n_cfg = 0;
	char why[256];
	if (config) {
		if (!cs_hs_config_parse(config, &cfgs[0], why, sizeof why))
			return -1;
		n_cfg = 1;
	} else {
		for (; n_cfg < N_OF(hs_defaults); n_cfg++)
			cs_hs_config_parse(hs_defaults[n_cfg], &cfgs[n_cfg], why, sizeof why);
	}
	fprintf(f, "The cryptography of one TLS 1.3 full handshake per library/path, from the "
		   "measured cells only\n(a side needing a cell that was not measured shows '—'); "
		   "per core, without I/O, parsing or\ncertificate decoding. Beside it, the "
		   "measured TLS handshake cells (path tls): both sides\nin one process, the test "
		   "CA signing the server certificate directly (depth 1).\n");
	for (size_t k = 0; k < n; k++) {
		if (n > 1)
			fprintf(f, "\n== %s\n", cs_esc_term(files[k]->name));
		for (size_t i = 0; i < n_cfg; i++)
			print_config(f, files[k], &cfgs[i]);
	}
	fprintf(f, "\nPer handshake (client, server; RFC 8446 section):\n");
	for (const cs_hs_step *st = cs_hs_steps; st->what; st++) {
		char count[16];
		if (st->per_depth)
			snprintf(count, sizeof count, "depth");
		else if (st->per_byte)
			snprintf(count, sizeof count, "all");
		else
			snprintf(count, sizeof count, "%u", st->count);
		fprintf(f, "  %-44s %6s %6s  %s\n", st->what,
			st->side != CS_HS_SERVER ? count : "-",
			st->side != CS_HS_CLIENT ? count : "-", st->rfc);
	}
	fprintf(f,
		"HMAC-SHA256 steps are costed at the 64 B hmac-sha256 cell, the transcript "
		"per byte at the\nlargest sha256 cell not above its length; signature cells sign "
		"32 bytes (CertificateVerify: 130).\n");
	return 0;
}
