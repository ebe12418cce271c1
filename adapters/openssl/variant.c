/*
 * The OpenSSL worker's variant: which provider or engine serves its cells
 * (docs/providers.md). The orchestrator starts one OpenSSL worker per
 * `--variant openssl:NAME` (`--openssl-provider NAME`) and per
 * `--variant openssl:engine=ID` (`--openssl-engine ID`); the worker turns
 * them into the environment cs_openssl_variants names (ENV_* below):
 *
 *   CRYPTOSPEED_OPENSSL_PROVIDER=NAME  [CRYPTOSPEED_OPENSSL_PROVIDER_PATH=DIR]
 *                                      [CRYPTOSPEED_OPENSSL_PROPQ=QUERY]
 *   CRYPTOSPEED_OPENSSL_ENGINE=ID
 *
 * Set by hand, the same variables choose the variant of a worker started
 * directly (`--list`, `--kat`).
 *
 * A provider is loaded into the default library context and the context's
 * default property query becomes QUERY or "provider=NAME": every fetch (the
 * implicit one behind EVP_sha256(), EVP_MD_fetch, EVP_PKEY_CTX_new_from_name)
 * then goes to it, so the evp, fetch and oneshot paths are all its rows; an
 * algorithm it lacks is unavailable on that path, with OpenSSL's reason. The
 * lowlevel calls (SHA256_Init, AES_encrypt, EC_KEY) never go through a
 * provider: unavailable. A worker built against OpenSSL 1.1.1 has no
 * providers: its provider rows are all unavailable, saying so.
 *
 * An engine is started as the default for everything it implements. OpenSSL
 * consults engines only for its implicit EVP objects (evp and oneshot); the
 * fetch path never does: unavailable. An engine that exists but cannot start
 * on this machine (afalg without AF_ALG sockets, devcrypto without
 * /dev/crypto) leaves every impl unavailable with the engine's error; one
 * that does not exist at all fails init(), like a provider that does not load.
 *
 * The describe helpers at the end say what served a cell by asking OpenSSL
 * about the objects the cell used.
 */
#define _GNU_SOURCE /* dl_iterate_phdr, readlink */
#ifndef OPENSSL_SUPPRESS_DEPRECATED
#define OPENSSL_SUPPRESS_DEPRECATED /* the ENGINE API */
#endif

#include <limits.h>
#include <link.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/opensslconf.h>
#include <openssl/evp.h>
#include <openssl/objects.h>

#include "openssl_impls.h"
#include "text.h"

#if CS_OPENSSL_3
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#endif

/* The ENGINE API: gone in no-engine builds, and with the rest of 3.0's
   deprecated API in no-deprecated ones. */
#if !defined(OPENSSL_NO_ENGINE) && !defined(OPENSSL_NO_DEPRECATED_3_0)
#define CS_ENGINES 1
#include <openssl/engine.h>
#else
#define CS_ENGINES 0
#endif

typedef enum variant_kind { VARIANT_NONE, VARIANT_PROVIDER, VARIANT_ENGINE } variant_kind;

static variant_kind kind;
static char init_error[1536];	/* why init failed, quoting OpenSSL */
static char info[2048];		/* variant_info(): what was loaded */
static char variant_down[1024]; /* why nothing runs in this variant ("" = it runs) */
#if CS_ENGINES
static ENGINE *engine; /* engine: structural + functional reference */
#endif
#if CS_OPENSSL_3
static char query[512];		    /* provider: the default property query set */
static OSSL_PROVIDER *providers[2]; /* provider: the one named (+ "default") */
static size_t n_providers;
#endif

/* ---- text ---- */

static void say(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Messages quote OpenSSL at length: cut to the buffer, by design. */
static void
say(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

static void
append(char *buf, size_t size, const char *fmt, ...)
{
	size_t used = strlen(buf);
	if (used + 1 >= size)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + used, size - used, fmt, ap);
	va_end(ap);
}

/*
 * OpenSSL's queued errors, oldest first, as one line into buf (emptying the
 * queue): "error:...:reason" with the error's detail text after it when
 * `detail` (a module's file name and dlopen's reason, say), and the
 * source file when the library has no name for the error (an engine whose
 * error strings left with it). *seen is set when an error of (lib, reason)
 * is among them.
 */
static void
take_errors(char *buf, size_t size, int detail, int lib, int reason, int *seen)
{
	const char *file, *data;
	int line, flags;
	unsigned long e;
	char items[8][320]; /* the first errors, each with its detail */
	size_t n = 0, more = 0;
#if CS_OPENSSL_3
	while ((e = ERR_get_error_all(&file, &line, NULL, &data, &flags)) != 0) {
#else
	while ((e = ERR_get_error_line_data(&file, &line, &data, &flags)) != 0) {
#endif
		if (seen && (int)ERR_GET_LIB(e) == lib && ERR_GET_REASON(e) == reason)
			*seen = 1;
		if (n == sizeof items / sizeof items[0]) {
			more++;
			continue;
		}
		char *one = items[n++];
		ERR_error_string_n(e, one, sizeof items[0]);
		if (detail && data && *data && (flags & ERR_TXT_STRING))
			append(one, sizeof items[0], " (%s)", data);
		else if (!ERR_lib_error_string(e) && file) {
			const char *base = strrchr(file, '/');
			append(one, sizeof items[0], " (%s:%d)", base ? base + 1 : file, line);
		}
	}
	if (!n) {
		snprintf(buf, size, "OpenSSL queued no reason");
		return;
	}
	cs_join(buf, size, items, n, sizeof items[0], true, "; ");
	if (more)
		append(buf, size, " (and %zu more)", more);
}

/* ---- the shared objects a variant brings (evidence sampling) ---- */

#define MAX_OBJECTS 12

/* libcrypto, then what loading the provider or engine mapped: its module and
   the libraries the module needs (cryptospeed-nettle.so, libnettle.so, ...). */
const char *cs_openssl_objects[MAX_OBJECTS + 2] = {"libcrypto.so", NULL};
static char object_paths[MAX_OBJECTS][PATH_MAX];
static size_t n_objects = 1;

struct object_walk {
	size_t seen; /* objects visited so far */
	size_t skip; /* add only those after the first `skip` */
};

static int
object_cb(struct dl_phdr_info *o, size_t size, void *arg)
{
	struct object_walk *w = arg;
	(void)size;
	if (w->seen++ < w->skip || !o->dlpi_name || !o->dlpi_name[0] || n_objects > MAX_OBJECTS)
		return 0;
	char *path = object_paths[n_objects - 1];
	snprintf(path, sizeof object_paths[0], "%s", o->dlpi_name);
	cs_openssl_objects[n_objects] = path;
	n_objects++;
	cs_openssl_objects[n_objects] = NULL;
	return 0;
}

/* How many objects are mapped now: those after it are new (dlopen appends). */
static size_t
objects_now(void)
{
	struct object_walk w = {.skip = (size_t)-1};
	dl_iterate_phdr(object_cb, &w);
	return w.seen;
}

static void
objects_add_since(size_t before)
{
	struct object_walk w = {.skip = before};
	dl_iterate_phdr(object_cb, &w);
}

/* ---- providers ---- */

#if CS_OPENSSL_3
/* The directory of this worker's executable, where the build puts the bridge
   provider (cryptospeed-nettle.so). */
static int
own_dir(char *dir, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", dir, size - 1);
	if (n <= 0)
		return 0;
	dir[n] = '\0';
	char *slash = strrchr(dir, '/');
	if (!slash)
		return 0;
	if (slash == dir)
		slash++; /* the worker is in "/" */
	*slash = '\0';
	return 1;
}

/* What the loaded providers say they are: one item each, joined into info. */
#define MAX_PROVIDERS_SHOWN 4
struct provider_list {
	char items[MAX_PROVIDERS_SHOWN + 1][480]; /* "provider NAME: name version (build)",
						     then the property query */
	size_t n;
};

/* One loaded provider's name, version and build information. */
static int
provider_info(OSSL_PROVIDER *p, void *arg)
{
	struct provider_list *l = arg;
	const char *name = NULL, *version = NULL, *build = NULL;
	OSSL_PARAM params[] = {
		OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, &name, 0),
		OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, &version, 0),
		OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, &build, 0),
		OSSL_PARAM_END,
	};
	if (l->n == MAX_PROVIDERS_SHOWN)
		return 1;
	if (!OSSL_PROVIDER_get_params(p, params))
		ERR_clear_error();
	say(l->items[l->n++], sizeof l->items[0], "provider %s: %s %s%s%s%s",
	    OSSL_PROVIDER_get0_name(p), name ? name : "(no name)",
	    version ? version : "(no version)", build ? " (" : "", build ? build : "",
	    build ? ")" : "");
	return 1;
}

static cs_status
load_provider(const char *name, const char *path, const char *propq)
{
	char first[1024], dir[PATH_MAX] = "";
	kind = VARIANT_PROVIDER;
	if (path && !OSSL_PROVIDER_set_default_search_path(NULL, path)) {
		take_errors(first, sizeof first, 1, 0, 0, NULL);
		say(init_error, sizeof init_error, "cannot search '%s' for providers: %s", path,
		    first);
		return CS_LIB_ERROR;
	}
	size_t before = objects_now();
	OSSL_PROVIDER *p = OSSL_PROVIDER_load(NULL, name);
	if (!p) {
		/* Not in OPENSSL_MODULES or OpenSSL's directory: try the worker's own
		   (where the build puts cryptospeed-nettle.so). */
		take_errors(first, sizeof first, 1, 0, 0, NULL);
		if (!path && own_dir(dir, sizeof dir) &&
		    OSSL_PROVIDER_set_default_search_path(NULL, dir))
			p = OSSL_PROVIDER_load(NULL, name);
		if (!p) {
			ERR_clear_error();
			say(init_error, sizeof init_error, "cannot load provider '%s': %s%s%s%s",
			    name, first, dir[0] ? " (also looked in " : "", dir, dir[0] ? ")" : "");
			return CS_LIB_ERROR;
		}
	}
	providers[n_providers++] = p;
	/* With "provider=NAME" nothing else could serve a fetch. A query of the
	   user's own ("fips=yes", "?provider=NAME") may select OpenSSL's default
	   provider for what NAME lacks, so it is loaded too. */
	if (propq && strcmp(name, "default") != 0) {
		if (!(p = OSSL_PROVIDER_load(NULL, "default"))) {
			take_errors(first, sizeof first, 1, 0, 0, NULL);
			say(init_error, sizeof init_error,
			    "cannot load provider 'default' next to '%s': %s", name, first);
			return CS_LIB_ERROR;
		}
		providers[n_providers++] = p;
	}
	if (propq)
		snprintf(query, sizeof query, "%s", propq);
	else
		snprintf(query, sizeof query, "provider=%s", name);
	if (!EVP_set_default_properties(NULL, query)) {
		take_errors(first, sizeof first, 1, 0, 0, NULL);
		say(init_error, sizeof init_error,
		    "OpenSSL does not accept the property query '%s': %s", query, first);
		return CS_LIB_ERROR;
	}
	objects_add_since(before);
	struct provider_list loaded = {.n = 0};
	OSSL_PROVIDER_do_all(NULL, provider_info, &loaded);
	say(loaded.items[loaded.n++], sizeof loaded.items[0], "default property query: %s", query);
	cs_join(info, sizeof info, loaded.items, loaded.n, sizeof loaded.items[0], true, "; ");
	return CS_OK;
}
#endif

/* ---- engines ---- */

static cs_status
start_engine(const char *id)
{
	kind = VARIANT_ENGINE;
#if !CS_ENGINES
	say(init_error, sizeof init_error,
	    "cannot use engine '%s': this OpenSSL is built without the ENGINE API "
	    "(no-engine or no-deprecated)",
	    id);
	return CS_LIB_ERROR;
#else
	char why[1024];
	int missing = 0;
	OPENSSL_init_crypto(OPENSSL_INIT_ENGINE_ALL_BUILTIN, NULL);
	size_t before = objects_now();
	ENGINE *e = ENGINE_by_id(id);
	if (!e) {
		take_errors(why, sizeof why, 1, ERR_LIB_ENGINE, ENGINE_R_DSO_NOT_FOUND, &missing);
		if (missing) {
			say(init_error, sizeof init_error, "no engine '%s': %s", id, why);
			return CS_LIB_ERROR;
		}
		/* its module is there, but it would not bind (afalg: no AF_ALG) */
		say(variant_down, sizeof variant_down, "engine %s cannot start here: %s", id, why);
	} else if (!ENGINE_init(e)) {
		take_errors(why, sizeof why, 1, 0, 0, NULL);
		say(variant_down, sizeof variant_down,
		    "engine %s does not initialise here (ENGINE_init failed): %s", id, why);
		ENGINE_free(e);
	} else if (!ENGINE_set_default(e, ENGINE_METHOD_ALL)) {
		take_errors(why, sizeof why, 1, 0, 0, NULL);
		say(variant_down, sizeof variant_down, "engine %s cannot be made the default: %s",
		    id, why);
		ENGINE_finish(e);
		ENGINE_free(e);
	} else {
		engine = e;
		objects_add_since(before);
		say(info, sizeof info, "engine %s: %s", id, ENGINE_get_name(e));
		return CS_OK;
	}
	say(info, sizeof info, "%s", variant_down);
	return CS_OK;
#endif
}

/* ---- the adapter's variants, init, fini, init_error, variant_info ---- */

/* The variables a variant is chosen by: spelled here, and only here. */
#define ENV_PROVIDER "CRYPTOSPEED_OPENSSL_PROVIDER"
#define ENV_PROVIDER_PATH "CRYPTOSPEED_OPENSSL_PROVIDER_PATH"
#define ENV_PROPQ "CRYPTOSPEED_OPENSSL_PROPQ"
#define ENV_ENGINE "CRYPTOSPEED_OPENSSL_ENGINE"

const cs_variant_param cs_openssl_variants[] = {
	{.name = "provider",
	 .env = ENV_PROVIDER,
	 .accepted = "a provider OpenSSL can load by name, searched in "
		     "--openssl-provider-path, OPENSSL_MODULES or its default directory"},
	{.name = "engine",
	 .env = ENV_ENGINE,
	 .accepted = "an engine OpenSSL can load by id, from OPENSSL_ENGINES or its engines "
		     "directory"},
	{.name = "provider-path", .env = ENV_PROVIDER_PATH, .of = "provider"},
	{.name = "propq", .env = ENV_PROPQ, .of = "provider"},
	{.name = NULL},
};

cs_status
cs_openssl_variant_init(void)
{
	const char *prov = getenv(ENV_PROVIDER);
	const char *path = getenv(ENV_PROVIDER_PATH);
	const char *propq = getenv(ENV_PROPQ);
	const char *eng = getenv(ENV_ENGINE);
	if (prov && !*prov)
		prov = NULL;
	if (path && !*path)
		path = NULL;
	if (propq && !*propq)
		propq = NULL;
	if (eng && !*eng)
		eng = NULL;
	if (prov && eng) {
		say(init_error, sizeof init_error,
		    ENV_PROVIDER "=%s and " ENV_ENGINE "=%s: a "
				 "worker is one variant (accepted: one of them)",
		    prov, eng);
		return CS_BAD_PARAM;
	}
	if (eng)
		return start_engine(eng);
	if (!prov)
		return CS_OK;
#if CS_OPENSSL_3
	return load_provider(prov, path, propq);
#else
	/* Not an error of the run: this worker's rows just have nothing to show. */
	kind = VARIANT_PROVIDER;
	say(variant_down, sizeof variant_down,
	    "provider %s: providers need OpenSSL 3.0; this worker is built "
	    "with " OPENSSL_VERSION_TEXT,
	    prov);
	say(info, sizeof info, "%s", variant_down);
	return CS_OK;
#endif
}

void
cs_openssl_variant_fini(void)
{
#if CS_ENGINES
	if (engine) {
		ENGINE_finish(engine);
		ENGINE_free(engine);
		engine = NULL;
	}
#endif
#if CS_OPENSSL_3
	while (n_providers)
		OSSL_PROVIDER_unload(providers[--n_providers]);
#endif
}

const char *
cs_openssl_init_error(void)
{
	return init_error[0] ? init_error : "OpenSSL did not initialise";
}

const char *
cs_openssl_variant_info(void)
{
	return info;
}

/*
 * Whether OPENSSL_ia32cap / OPENSSL_armcap still decide what runs: yes for
 * OpenSSL's own providers (their code reads the same switch), no for a
 * third-party provider (the bridge runs Nettle) or an engine (its own code).
 */
int
cs_openssl_variant_maskable(void)
{
	if (kind == VARIANT_ENGINE)
		return 0;
#if CS_OPENSSL_3
	static const char *const own[] = {"default", "base", "legacy", "fips", "null"};
	for (size_t i = 0; i < n_providers; i++) {
		const char *name = OSSL_PROVIDER_get0_name(providers[i]);
		size_t k = 0;
		while (k < sizeof own / sizeof own[0] && strcmp(name, own[k]) != 0)
			k++;
		if (k == sizeof own / sizeof own[0])
			return 0;
	}
#endif
	return 1;
}

/* ---- availability ---- */

#if CS_OPENSSL_3
/* A fetch of what the path will use, under the variant's property query. */
static int
fetch_probe(const cs_alg *alg, cs_openssl_route route, char *why, size_t size)
{
	const char *name = NULL;
	int ok = 1;
	if (alg->kind == CS_HASH) {
		const EVP_MD *md = cs_openssl_implicit_md(alg);
		name = route == CS_OPENSSL_IMPLICIT ? md ? OBJ_nid2sn(EVP_MD_get_type(md)) : NULL
						    : cs_openssl_fetch_name(alg);
		EVP_MD *f = name ? EVP_MD_fetch(NULL, name, NULL) : NULL;
		ok = !name || f;
		EVP_MD_free(f);
	} else if (alg->kind == CS_AEAD || alg->kind == CS_CIPHER) {
		const EVP_CIPHER *c = cs_openssl_implicit_cipher(alg);
		name = route == CS_OPENSSL_IMPLICIT ? c ? OBJ_nid2sn(EVP_CIPHER_get_nid(c)) : NULL
						    : cs_openssl_fetch_name(alg);
		EVP_CIPHER *f = name ? EVP_CIPHER_fetch(NULL, name, NULL) : NULL;
		ok = !name || f;
		EVP_CIPHER_free(f);
	} else if (alg->kind == CS_MAC) {
		name = "HMAC";
		EVP_MAC *m = EVP_MAC_fetch(NULL, name, NULL);
		ok = m != NULL;
		EVP_MAC_free(m);
	} else if (alg->kind == CS_SIG) {
		const char *keymgmt, *signature;
		cs_openssl_sig_names(alg, &keymgmt, &signature);
		name = keymgmt;
		EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(NULL, name, NULL);
		EVP_SIGNATURE *sg = NULL;
		if (km) {
			name = signature;
			sg = EVP_SIGNATURE_fetch(NULL, name, NULL);
		}
		ok = km && sg;
		EVP_SIGNATURE_free(sg);
		EVP_KEYMGMT_free(km);
	} else if (alg->kind == CS_KEM) {
		/* ML-KEM-768: key management and KEM of that name */
		const char *keymgmt, *kem;
		cs_openssl_kex_names(alg, &keymgmt, &kem);
		name = keymgmt;
		EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(NULL, name, NULL);
		EVP_KEM *k = NULL;
		if (km) {
			name = kem;
			k = EVP_KEM_fetch(NULL, name, NULL);
		}
		ok = km && k;
		EVP_KEM_free(k);
		EVP_KEYMGMT_free(km);
	} else {
		/* X25519: key management and exchange "X25519"; P-256: "EC" and "ECDH" */
		const char *keymgmt, *exchange;
		cs_openssl_kex_names(alg, &keymgmt, &exchange);
		name = keymgmt;
		EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(NULL, name, NULL);
		EVP_KEYEXCH *kx = NULL;
		if (km) {
			name = exchange;
			kx = EVP_KEYEXCH_fetch(NULL, name, NULL);
		}
		ok = km && kx;
		EVP_KEYEXCH_free(kx);
		EVP_KEYMGMT_free(km);
	}
	if (ok) {
		ERR_clear_error();
		return 1;
	}
	char err[512];
	take_errors(err, sizeof err, 0, 0, 0, NULL);
	say(why, size, "the property query '%s' fetches no %s (OpenSSL: %s)", query, name, err);
	return 0;
}
#endif

/* How an impl's path reaches its algorithm. */
static cs_openssl_route
route_of(const cs_impl *self)
{
	if (strcmp(self->path, "fetch") == 0)
		return CS_OPENSSL_FETCHED;
	if (strcmp(self->path, "lowlevel") == 0)
		return CS_OPENSSL_LOWLEVEL;
	return CS_OPENSSL_IMPLICIT;
}

int
cs_openssl_available(const cs_impl *self, const char **why)
{
	const cs_alg *alg = self->alg;
	cs_openssl_route route = route_of(self);
	if (kind == VARIANT_NONE)
		return 1;
	if (variant_down[0]) {
		*why = variant_down;
		return 0;
	}
	if (kind == VARIANT_ENGINE) {
		if (route == CS_OPENSSL_IMPLICIT)
			return 1;
		*why = route == CS_OPENSSL_FETCHED
			       ? "engines serve only the evp and oneshot paths (EVP_*_fetch never "
				 "consults an engine)"
			       : "engines serve only the evp and oneshot paths";
		return 0;
	}
	if (route == CS_OPENSSL_LOWLEVEL) {
		*why = "lowlevel calls bypass providers";
		return 0;
	}
#if CS_OPENSSL_3
	/* One probe per algorithm and route, remembered. */
	static struct probe {
		int done, ok;
		char why[1024];
	} probes[CS_ALG_COUNT][2];
	size_t i = 0;
	while (cs_algs[i] && cs_algs[i] != alg)
		i++;
	if (!cs_algs[i])
		return 1; /* not in the catalogue: setup will say */
	struct probe *p = &probes[i][route == CS_OPENSSL_FETCHED];
	if (!p->done) {
		p->ok = fetch_probe(alg, route, p->why, sizeof p->why);
		p->done = 1;
	}
	if (!p->ok)
		*why = p->why;
	return p->ok;
#else
	(void)alg;
	return 1; /* not reached: a 1.1.1 provider variant is down (init) */
#endif
}

/* ---- what served a cell ---- */

#if CS_OPENSSL_3
static int
put_provider(const OSSL_PROVIDER *prov, char *buf, size_t size)
{
	if (!prov)
		return 0;
	snprintf(buf, size, "provider=%s", OSSL_PROVIDER_get0_name(prov));
	return 1;
}
#endif

#if CS_ENGINES
static int
put_engine(ENGINE *e, char *buf, size_t size)
{
	if (!e)
		return 0;
	snprintf(buf, size, "engine=%s", ENGINE_get_id(e));
	ENGINE_finish(e); /* the ENGINE_get_*_engine calls return a functional reference */
	return 1;
}
#endif

void
cs_openssl_describe_md(const EVP_MD *md, cs_openssl_route route, char *buf, size_t size)
{
	snprintf(buf, size, "builtin");
	if (!md)
		return;
#if CS_OPENSSL_3
	int nid = EVP_MD_get_type(md);
#else
	int nid = EVP_MD_type(md);
#endif
#if CS_ENGINES
	/* EVP_DigestInit_ex hands an implicit digest to the default engine for its
	   NID when there is one. */
	if (route == CS_OPENSSL_IMPLICIT && put_engine(ENGINE_get_digest_engine(nid), buf, size))
		return;
#endif
#if CS_OPENSSL_3
	if (route != CS_OPENSSL_IMPLICIT) {
		put_provider(EVP_MD_get0_provider(md), buf, size);
		return;
	}
	/* OpenSSL 3.0 keeps the digest it fetched for EVP_sha256() to itself
	   (EVP_MD_CTX_get0_md returns EVP_sha256()), so ask the method store the
	   question EVP_DigestInit_ex asked: its name, the default context, the
	   default query. The store answers both with the same object. */
	EVP_MD *f = EVP_MD_fetch(NULL, OBJ_nid2sn(nid), "");
	put_provider(f ? EVP_MD_get0_provider(f) : NULL, buf, size);
	EVP_MD_free(f);
	ERR_clear_error();
#else
	(void)nid;
	(void)route;
#endif
}

void
cs_openssl_describe_cipher_ctx(const EVP_CIPHER_CTX *cctx, char *buf, size_t size)
{
	snprintf(buf, size, "builtin");
#if CS_OPENSSL_3
	const EVP_CIPHER *c = EVP_CIPHER_CTX_get0_cipher(cctx);
	if (!c || put_provider(EVP_CIPHER_get0_provider(c), buf, size))
		return;
	int nid = EVP_CIPHER_get_nid(c);
#else
	const EVP_CIPHER *c = EVP_CIPHER_CTX_cipher(cctx);
	if (!c)
		return;
	int nid = EVP_CIPHER_nid(c);
#endif
#if CS_ENGINES
	/* A context an engine serves holds that engine's cipher. */
	ENGINE *e = ENGINE_get_cipher_engine(nid);
	if (e && ENGINE_get_cipher(e, nid) == c) {
		put_engine(e, buf, size);
		return;
	}
	if (e)
		ENGINE_finish(e);
#else
	(void)nid;
#endif
}

void
cs_openssl_describe_pkey_ctx(EVP_PKEY_CTX *pctx, int pkey_id, char *buf, size_t size)
{
	snprintf(buf, size, "builtin");
	if (!pctx)
		return;
#if CS_OPENSSL_3
	if (put_provider(EVP_PKEY_CTX_get0_provider(pctx), buf, size))
		return;
#endif
#if CS_ENGINES
	/* No provider: a legacy method, the default engine's if there is one. */
	put_engine(ENGINE_get_pkey_meth_engine(pkey_id), buf, size);
#else
	(void)pkey_id;
#endif
}
