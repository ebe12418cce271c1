/* The TLS family's worker side: the credentials a TLS setup gets, and the
   unsupported entries for the TLS algorithms an adapter does not list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptospeed/tls_flow.h"
#include "tls_creds.h"
#include "worker.h"
#include "workload.h"

/* A credential file read from CRYPTOSPEED_TLS_CERTS (kept for the process). */
static char *
read_file(const char *dir, const char *name, char *err, size_t err_size)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, err_size, "CRYPTOSPEED_TLS_CERTS: cannot open %s", path);
		return NULL;
	}
	char *buf = calloc(1, 65536);
	size_t n = buf ? fread(buf, 1, 65535, f) : 0;
	fclose(f);
	if (!buf || n == 0 || n == 65535) {
		free(buf);
		snprintf(err, err_size, "CRYPTOSPEED_TLS_CERTS: %s is empty or above 64 KiB", path);
		return NULL;
	}
	return buf;
}

static const char *const cert_names[] = {
	[CS_TLS_CERT_ECDSA_P256] = "ecdsa-p256",
	[CS_TLS_CERT_RSA_2048] = "rsa-2048",
	[CS_TLS_CERT_ED25519] = "ed25519",
};

cs_status
cs_tls_creds(const cs_alg *alg, cs_setup *s, char *err, size_t err_size)
{
	static const char *const embedded[][2] = {
		[CS_TLS_CERT_ECDSA_P256] = {cs_tls_pem_ecdsa_p256_crt, cs_tls_pem_ecdsa_p256_key},
		[CS_TLS_CERT_RSA_2048] = {cs_tls_pem_rsa_2048_crt, cs_tls_pem_rsa_2048_key},
		[CS_TLS_CERT_ED25519] = {cs_tls_pem_ed25519_crt, cs_tls_pem_ed25519_key},
	};
	/* each file is read once and kept: [cert][0 crt, 1 key], and the CA */
	static char *loaded[3][2], *loaded_ca;
	cs_tls_cert c = alg->tls.cert;
	if ((unsigned)c >= sizeof cert_names / sizeof cert_names[0]) {
		snprintf(err, err_size, "%s: unknown certificate type %d", alg->name, (int)c);
		return CS_BAD_PARAM;
	}
	const char *dir = getenv("CRYPTOSPEED_TLS_CERTS");
	if (!dir || !*dir) {
		s->tls_ca = cs_tls_pem_ca_crt;
		s->tls_cert = embedded[c][0];
		s->tls_key = embedded[c][1];
		return CS_OK;
	}
	char name[64];
	if (!loaded_ca && !(loaded_ca = read_file(dir, "ca.crt", err, err_size)))
		return CS_BAD_PARAM;
	snprintf(name, sizeof name, "%s.crt", cert_names[c]);
	if (!loaded[c][0] && !(loaded[c][0] = read_file(dir, name, err, err_size)))
		return CS_BAD_PARAM;
	snprintf(name, sizeof name, "%s.key", cert_names[c]);
	if (!loaded[c][1] && !(loaded[c][1] = read_file(dir, name, err, err_size)))
		return CS_BAD_PARAM;
	s->tls_ca = loaded_ca;
	s->tls_cert = loaded[c][0];
	s->tls_key = loaded[c][1];
	return CS_OK;
}

const cs_impl *const *
cs_worker_impls(const cs_adapter *a)
{
	static const cs_impl **list;
	static cs_impl absent[CS_ALG_COUNT];
	if (list)
		return list;
	size_t n = 0;
	while (a->impls[n])
		n++;
	list = calloc(n + CS_ALG_COUNT + 1, sizeof *list);
	if (!list)
		return a->impls;
	memcpy(list, a->impls, n * sizeof *list);
	size_t listed_n = n, k = 0;
	for (size_t i = 0; cs_algs[i]; i++) {
		const cs_alg *alg = cs_algs[i];
		bool listed = false;
		for (size_t j = 0; j < listed_n && !listed; j++)
			listed = a->impls[j]->alg == alg;
		if (alg->kind != CS_TLS || listed)
			continue;
		absent[k] = (cs_impl){
			.alg = alg,
			.path = "tls",
			.ops = alg->ops,
			.why = a->no_tls ? a->no_tls : "no TLS family in this adapter yet",
		};
		list[n++] = &absent[k++];
	}
	return list;
}

cs_status
cs_tls_flow_setup(const cs_tls_flow *f, void *ctx, const cs_setup *s)
{
	if (s->max_len > 16384)
		return CS_BAD_PARAM; /* one record */
	cs_status st = f->prepare(ctx, s);
	if (st != CS_OK || s->op == CS_OP_HANDSHAKE)
		return st;
	if ((st = f->new_pair(ctx)) != CS_OK || (st = f->handshake(ctx)) != CS_OK)
		return st;
	/* the client takes in the TLS 1.3 ticket now, not in the timed loop */
	st = f->take_session(ctx);
	if (s->op == CS_OP_RESUME)
		f->end_pair(ctx);
	return st;
}

cs_status
cs_tls_flow_run(const cs_tls_flow *f, void *ctx, const cs_alg *alg, cs_op op, const cs_io *io,
		char *error, size_t n)
{
	cs_status st;
	switch (op) {
	case CS_OP_SEND: return f->transfer(ctx, true, io->in, io->out, io->len);
	case CS_OP_RECV: return f->transfer(ctx, false, io->in, io->out, io->len);
	case CS_OP_HANDSHAKE:
	case CS_OP_RESUME:
		st = f->new_pair(ctx);
		if (st == CS_OK)
			st = f->handshake(ctx);
		if (st == CS_OK && op == CS_OP_RESUME) {
			if (!f->resumed(ctx)) {
				snprintf(error, n, "the server did not resume the session");
				st = CS_MISMATCH;
			} else if (alg->tls.version == 13) {
				/* a TLS 1.3 client resumes next with the new ticket */
				st = f->take_session(ctx);
			}
		}
		f->end_pair(ctx);
		return st;
	default: return CS_BAD_PARAM;
	}
}
