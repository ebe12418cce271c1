/*
 * Adding an algorithm: a line in algs.def (here, extra_alg.def appended by
 * -DCS_ALGS_EXTRA), its vectors, and each adapter's table. This build of the
 * catalogue and of the noop adapter (whose table derives from algs.def too)
 * gets the throw-away "toy-hash" without another line of core/ changed: the
 * object and its declaration, cs_algs[], CS_ALG_COUNT, the names the CLI
 * prints and accepts, the vectors' declaration.
 */
#include <string.h>

#include "check.h"
#include "workload.h"

extern const cs_adapter cs_adapter_noop;

int
main(void)
{
	size_t n = 0;
	while (cs_algs[n])
		n++;
	CHECK(n == CS_ALG_COUNT);
	CHECK(cs_algs[CS_ALG_COUNT - 1] == &cs_alg_toy_hash);
	CHECK(cs_alg_find("toy-hash") == &cs_alg_toy_hash);
	CHECK(cs_alg_find("sha256") == &cs_alg_sha256); /* the real ones stay */
	CHECK(cs_alg_toy_hash.kind == CS_HASH && cs_alg_toy_hash.out_len == 4);
	CHECK(cs_alg_toy_hash.kats == cs_kats_toy_hash);
	CHECK(strcmp(cs_alg_toy_hash.kats[1].out, "000000ff") == 0);

	char buf[1024];
	cs_alg_names(buf, sizeof buf);
	size_t len = strlen(buf);
	CHECK(len > 10 && strcmp(buf + len - 10, ", toy-hash") == 0);
	CHECK(strncmp(buf, "aes-128-gcm, ", 13) == 0);
	cs_alg_ops_string(&cs_alg_toy_hash, buf, sizeof buf);
	CHECK(strcmp(buf, "digest") == 0);

	/* an adapter whose table derives from the list has the new algorithm */
	size_t in_noop = 0, impls = 0;
	for (const cs_impl *const *p = cs_adapter_noop.impls; *p; p++, impls++)
		in_noop += (*p)->alg == &cs_alg_toy_hash && (*p)->ops == CS_OPBIT(CS_OP_DIGEST);
	CHECK(in_noop == 1);
	CHECK(impls == CS_ALG_COUNT);
	return check_done("test_extra_alg");
}
