/*
 * The protocol's messages: each one decodes and encodes back to the same
 * JSON, and each field's bad type or range is refused with a message naming
 * the message and the field. With a path argument, docs/protocol.md's field
 * tables must equal what the code prints (`test_protocol --print-doc`).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "protocol.h"
#include "workload.h"

typedef int decode_fn(const char *line, char *err, size_t n);
typedef char *reencode_fn(void);

/* Each message: decode into static storage, encode what was decoded. */
static cs_msg_hello hello;
static cs_msg_prepare prepare;
static cs_msg_sample sample;
static cs_msg_evidence evidence;
static cs_msg_release release_;
static cs_msg_prepare_reply prepare_reply;
static cs_msg_sample_reply sample_reply;
static cs_msg_evidence_reply evidence_reply;
static cs_msg_reply reply;
static cs_msg_verify verify_;
static cs_msg_verify_reply verify_reply;

static int
d_hello(const char *l, char *e, size_t n)
{
	return cs_msg_hello_decode(l, &hello, e, n);
}
static char *
e_hello(void)
{
	return cs_msg_hello_encode(&hello);
}
static int
d_prepare(const char *l, char *e, size_t n)
{
	return cs_msg_prepare_decode(l, &prepare, e, n);
}
static char *
e_prepare(void)
{
	return cs_msg_prepare_encode(&prepare);
}
static int
d_sample(const char *l, char *e, size_t n)
{
	return cs_msg_sample_decode(l, &sample, e, n);
}
static char *
e_sample(void)
{
	return cs_msg_sample_encode(&sample);
}
static int
d_evidence(const char *l, char *e, size_t n)
{
	return cs_msg_evidence_decode(l, &evidence, e, n);
}
static char *
e_evidence(void)
{
	return cs_msg_evidence_encode(&evidence);
}
static int
d_release(const char *l, char *e, size_t n)
{
	return cs_msg_release_decode(l, &release_, e, n);
}
static char *
e_release(void)
{
	return cs_msg_release_encode(&release_);
}
static int
d_quit(const char *l, char *e, size_t n)
{
	return cs_msg_quit_decode(l, e, n);
}
static char *
e_quit(void)
{
	return cs_msg_quit_encode();
}
static int
d_prepare_reply(const char *l, char *e, size_t n)
{
	return cs_msg_prepare_reply_decode(l, &prepare_reply, e, n);
}
static char *
e_prepare_reply(void)
{
	return cs_msg_prepare_reply_encode(&prepare_reply);
}
static int
d_sample_reply(const char *l, char *e, size_t n)
{
	return cs_msg_sample_reply_decode(l, &sample_reply, e, n);
}
static char *
e_sample_reply(void)
{
	return cs_msg_sample_reply_encode(&sample_reply);
}
static int
d_evidence_reply(const char *l, char *e, size_t n)
{
	return cs_msg_evidence_reply_decode(l, &evidence_reply, e, n);
}
static char *
e_evidence_reply(void)
{
	return cs_msg_evidence_reply_encode(&evidence_reply);
}
static int
d_reply(const char *l, char *e, size_t n)
{
	return cs_msg_reply_decode(l, &reply, e, n);
}
static char *
e_reply(void)
{
	return cs_msg_reply_encode(&reply);
}
static int
d_verify(const char *l, char *e, size_t n)
{
	return cs_msg_verify_decode(l, &verify_, e, n);
}
static char *
e_verify(void)
{
	return cs_msg_verify_encode(&verify_);
}
static int
d_verify_reply(const char *l, char *e, size_t n)
{
	return cs_msg_verify_reply_decode(l, &verify_reply, e, n);
}
static char *
e_verify_reply(void)
{
	return cs_msg_verify_reply_encode(&verify_reply);
}

typedef struct message {
	const char *name;
	decode_fn *decode;
	reencode_fn *encode;
	const char *line; /* valid, every field given */
} message;

static const message messages[] = {
	{"hello", d_hello, e_hello,
	 "{\"type\":\"hello\",\"protocol\":1,\"abi\":2,\"lib\":\"openssl\","
	 "\"worker\":\"cryptospeed-worker-openssl\",\"version\":\"OpenSSL 3.0.19\","
	 "\"build\":\"compiler: gcc\",\"cpu_info\":\"CPUINFO: x\","
	 "\"cpu\":{\"arch\":\"x86_64\",\"model\":\"AMD EPYC\",\"features\":\"aes sha_ni\","
	 "\"source\":\"cpuid\",\"cpus\":2},\"clock\":\"CLOCK_MONOTONIC_RAW\",\"clock_res_ns\":1,"
	 "\"paths\":[\"evp\",\"lowlevel\"],"
	 "\"impls\":[{\"alg\":\"sha256\",\"path\":\"evp\",\"ops\":[\"digest\"],\"available\":true},"
	 "{\"alg\":\"aes-128-gcm\",\"path\":\"lowlevel\",\"ops\":[\"seal\",\"open\"],"
	 "\"available\":false,\"why\":\"no low-level GCM\"}],"
	 "\"masks\":{\"none\":{\"status\":\"ok\"},\"no-sha\":{\"status\":\"ok\","
	 "\"env\":\"OPENSSL_ia32cap\",\"value\":\"~0x0:~0x20000000\"},"
	 "\"scalar\":{\"status\":\"unsupported\"}},"
	 "\"mask\":\"no-sha\",\"mask_applied\":true,\"variant\":\"provider=default\","
	 "\"init_error\":\"\"}"},
	{"prepare", d_prepare, e_prepare,
	 "{\"cmd\":\"prepare\",\"id\":3,\"alg\":\"sha256\",\"path\":\"evp\",\"op\":\"digest\","
	 "\"size\":64,\"misalign\":1,\"target_ns\":250000,\"warmup_ns\":1000000}"},
	{"sample", d_sample, e_sample,
	 "{\"cmd\":\"sample\",\"id\":3,\"n\":3,\"start_ns\":1000,\"end_ns\":2000}"},
	{"evidence", d_evidence, e_evidence, "{\"cmd\":\"evidence\",\"id\":3,\"ms\":10}"},
	{"release", d_release, e_release, "{\"cmd\":\"release\",\"id\":3}"},
	{"quit", d_quit, e_quit, "{\"cmd\":\"quit\"}"},
	{"prepare reply", d_prepare_reply, e_prepare_reply,
	 "{\"id\":3,\"status\":\"ok\",\"kat\":\"pass\",\"batch\":100,"
	 "\"fingerprint\":\"0123456789abcdef\",\"served_by\":\"provider=default\","
	 "\"error\":\"\",\"why\":\"\",\"signature\":\"00ff\"}"},
	{"sample reply", d_sample_reply, e_sample_reply,
	 "{\"id\":3,\"status\":\"ok\",\"batch\":100,\"ns\":[1000,2000,3000],\"began_ns\":5,"
	 "\"ended_ns\":10}"},
	{"evidence reply", d_evidence_reply, e_evidence_reply,
	 "{\"id\":3,\"status\":\"ok\",\"evidence\":{\"available\":true,\"reason\":\"\","
	 "\"classes\":{\"aes-ni\":0.75,\"scalar\":0.25},\"samples\":100,\"samples_total\":120,"
	 "\"objects\":\"libcrypto.so.3\"}}"},
	{"reply", d_reply, e_reply, "{\"id\":-1,\"status\":\"error\",\"error\":\"no such cell\"}"},
	{"verify", d_verify, e_verify,
	 "{\"cmd\":\"verify\",\"id\":1099511627776,\"alg\":\"ed25519\",\"path\":\"evp\","
	 "\"signature\":\"0a1b2c3d\"}"},
	{"verify reply", d_verify_reply, e_verify_reply,
	 "{\"id\":1099511627776,\"status\":\"wrong\",\"why\":\"\",\"error\":\"\"}"},
};
#define N_MESSAGES (sizeof messages / sizeof messages[0])

static const message *
find(const char *name)
{
	for (size_t i = 0; i < N_MESSAGES; i++)
		if (strcmp(messages[i].name, name) == 0)
			return &messages[i];
	return NULL;
}

/* JSON equality where an empty string or absent key mean the same. */
static void
drop_empty(json_t *o)
{
	const char *k;
	json_t *v;
	void *tmp;
	json_object_foreach_safe(o, tmp, k, v)
	{
		if (json_is_string(v) && json_string_length(v) == 0)
			json_object_del(o, k);
		else if (json_is_object(v))
			drop_empty(v);
	}
}

static bool
same_json(const char *a, const char *b)
{
	json_t *ja = json_loads(a, 0, NULL), *jb = json_loads(b, 0, NULL);
	if (ja)
		drop_empty(ja);
	if (jb)
		drop_empty(jb);
	bool same = ja && jb && json_equal(ja, jb);
	json_decref(ja);
	json_decref(jb);
	return same;
}

/* decode -> encode gives the same JSON back; decoding that again works too. */
static void
round_trip(const message *m)
{
	char err[256] = "";
	int rc = m->decode(m->line, err, sizeof err);
	if (rc != 0)
		printf("FAIL %s: %s\n", m->name, err);
	CHECK(rc == 0);
	char *out = m->encode();
	CHECK(out != NULL);
	if (!out)
		return;
	bool same = same_json(m->line, out);
	if (!same)
		printf("FAIL %s round trip:\n  in:  %s\n  out: %s\n", m->name, m->line, out);
	CHECK(same);
	CHECK(m->decode(out, err, sizeof err) == 0);
	free(out);
}

/* Set the value at a path like "a", "a.b" or "a[1].b" (creating nothing);
   value NULL removes the key. */
static bool
set_path(json_t *root, const char *path, json_t *value)
{
	char buf[128];
	snprintf(buf, sizeof buf, "%s", path);
	json_t *parent = root;
	char *tok = buf;
	for (;;) {
		char *dot = strchr(tok, '.');
		if (dot)
			*dot = '\0';
		char *br = strchr(tok, '[');
		size_t idx = 0;
		if (br) {
			*br = '\0';
			idx = strtoul(br + 1, NULL, 10);
		}
		if (!dot && !br) {
			if (value)
				json_object_set(parent, tok, value);
			else
				json_object_del(parent, tok);
			return true;
		}
		json_t *next = json_object_get(parent, tok);
		if (br) {
			if (!dot) {
				json_array_set(next, idx, value);
				return true;
			}
			next = json_array_get(next, idx);
		}
		if (!next)
			return false;
		parent = next;
		tok = dot + 1;
	}
}

/* The message with `path` set to `bad` (JSON; NULL = the key removed) is
   refused, and the error starts with `want`. */
static void
refuse(const char *name, const char *path, const char *bad, const char *want)
{
	const message *m = find(name);
	json_t *root = json_loads(m->line, 0, NULL);
	if (bad) {
		json_t *v = json_loads(bad, JSON_DECODE_ANY, NULL);
		CHECK(v && set_path(root, path, v));
		json_decref(v);
	} else {
		CHECK(set_path(root, path, NULL));
	}
	char *line = json_dumps(root, JSON_COMPACT);
	char err[256] = "";
	int rc = m->decode(line, err, sizeof err);
	if (rc == 0 || strncmp(err, want, strlen(want)) != 0)
		printf("FAIL refuse %s %s=%s: rc %d, error '%s', expected '%s...'\n", name, path,
		       bad ? bad : "(removed)", rc, err, want);
	CHECK(rc != 0 && strncmp(err, want, strlen(want)) == 0);
	free(line);
	json_decref(root);
}

/* Refused with exactly this message. */
static void
refuse_exact(const char *name, const char *path, const char *bad, const char *want)
{
	refuse(name, path, bad, want);
	const message *m = find(name);
	json_t *root = json_loads(m->line, 0, NULL);
	json_t *v = json_loads(bad, JSON_DECODE_ANY, NULL);
	set_path(root, path, v);
	json_decref(v);
	char *line = json_dumps(root, JSON_COMPACT);
	char err[256] = "";
	m->decode(line, err, sizeof err);
	if (strcmp(err, want) != 0)
		printf("FAIL exact: '%s' != '%s'\n", err, want);
	CHECK(strcmp(err, want) == 0);
	free(line);
	json_decref(root);
}

static void
bad_fields(void)
{
	/* the issue's own examples */
	refuse_exact("sample reply", "ns[2]", "0", "sample reply: ns[2]: must be an integer >= 1");
	refuse_exact("sample reply", "batch", "0", "sample reply: batch: must be an integer >= 1");
	refuse("sample reply", "batch", "-1", "sample reply: batch: must be an integer >= 1");
	refuse("sample reply", "ns", "[1.5]", "sample reply: ns[0]: must be an integer >= 1");
	refuse("sample reply", "ns", "\"fast\"", "sample reply: ns: must be an array of 0..1000");
	refuse("sample reply", "batch", NULL, "sample reply: batch: missing");
	refuse("sample reply", "id", "\"3\"", "sample reply: id: must be an integer >= -1");
	refuse("sample reply", "id", NULL, "sample reply: id: missing");
	refuse("sample reply", "status", "\"fine\"", "sample reply: status: must be one of ok,");
	refuse("sample reply", "status", "\"wrong\"", "sample reply: status: must be ok or error");
	refuse("sample reply", "began_ns", "0", "sample reply: began_ns: must be an integer >= 1");
	refuse("sample reply", "ended_ns", "4", "sample reply: ended_ns: must not be before");
	refuse("sample reply", "ended_ns", NULL, "sample reply: began_ns: began_ns and ended_ns");
	refuse("sample reply", "error", "7", "sample reply: error: must be a string");

	/* hello: the crash of the issue (a number among the paths), and every kind */
	refuse_exact("hello", "paths[1]", "7",
		     "hello: paths[1]: must be a name of 1..47 letters, "
		     "digits or . _ - @ +");
	refuse("hello", "paths", "{}", "hello: paths: must be an array of 0..16 items");
	refuse("hello", "paths", "[\"a b\"]", "hello: paths[0]: must be a name");
	refuse("hello", "paths", "[\"evp\"]", "hello: impls: an impl's path is not one of");
	refuse("hello", "paths", "[]", "hello: paths: must list at least one path");
	refuse("hello", "protocol", "2", "hello: protocol: 2, this cryptospeed speaks protocol 1");
	refuse("hello", "protocol", NULL, "hello: protocol: missing");
	refuse("hello", "protocol", "\"1\"", "hello: protocol: must be an integer");
	refuse("hello", "type", "\"hi\"", "hello: type: must be \"hello\"");
	refuse("hello", "abi", "0", "hello: abi: must be an integer 1..1000");
	refuse("hello", "lib", "\"\"", "hello: lib: must be a name");
	refuse("hello", "lib", NULL, "hello: lib: missing");
	refuse("hello", "version", "[]", "hello: version: must be a string of at most 255 bytes");
	refuse("hello", "version", NULL, "hello: version: missing");
	refuse("hello", "worker", NULL, "hello: worker: missing");
	refuse("hello", "clock", NULL, "hello: clock: missing");
	refuse("hello", "build", "null", "hello: build: must be a string");
	refuse("hello", "cpu_info", "1", "hello: cpu_info: must be a string");
	refuse("hello", "cpu", "[]", "hello: cpu: must be an object");
	refuse("hello", "cpu.cpus", "0", "hello: cpu.cpus: must be an integer 1..1048576");
	refuse("hello", "cpu.arch", "\"x 86\"", "hello: cpu.arch: must be a name");
	refuse("hello", "cpu.model", "{}", "hello: cpu.model: must be a string");
	refuse("hello", "cpu.features", "1", "hello: cpu.features: must be a string");
	refuse("hello", "cpu.source", "1", "hello: cpu.source: must be a string");
	refuse("hello", "clock_res_ns", "-1", "hello: clock_res_ns: must be an integer 0..");
	refuse("hello", "impls", "7", "hello: impls: must be an array");
	refuse("hello", "impls[0].alg", "1", "hello: impls[0].alg: must be a name");
	refuse("hello", "impls[0].path", "null", "hello: impls[0].path: must be a name");
	refuse("hello", "impls[1].ops", "[\"digest\",\"digest\"]",
	       "hello: impls[1].ops: must be an array of distinct names among seal, open");
	refuse("hello", "impls[1].ops", "[\"fly\"]", "hello: impls[1].ops: must be an array");
	refuse("hello", "impls[0].available", "1",
	       "hello: impls[0].available: must be true or false");
	refuse("hello", "impls[1].why", "false", "hello: impls[1].why: must be a string");
	refuse("hello", "masks", "[]", "hello: masks: must be an object of 0..8 entries");
	refuse("hello", "masks.no-avx", "{\"status\":\"ok\"}",
	       "hello: masks.no-avx: is not one of "
	       "none, no-sha, no-aes, scalar");
	refuse("hello", "masks.none.status", "\"maybe\"",
	       "hello: masks.none.status: must be one of");
	refuse("hello", "masks.none", "{}", "hello: masks.none.status: missing");
	refuse("hello", "masks.no-sha.env", "\"A=B\"", "hello: masks.no-sha.env: must be a name");
	refuse("hello", "masks.no-sha.value", "2", "hello: masks.no-sha.value: must be a string");
	refuse("hello", "mask", "3", "hello: mask: must be a name");
	refuse("hello", "mask_applied", "\"yes\"", "hello: mask_applied: must be true or false");
	refuse("hello", "variant", "[]", "hello: variant: must be a string");
	refuse("hello", "init_error", "{}", "hello: init_error: must be a string");

	/* requests */
	refuse_exact("prepare", "size", "9223372036854775807",
		     "prepare: size: must be an integer 0..67108864");
	refuse("prepare", "size", "-1", "prepare: size: must be an integer 0..67108864");
	refuse("prepare", "size", "67108865", "prepare: size: must be an integer 0..67108864");
	refuse("prepare", "size", NULL, "prepare: size: missing");
	refuse("prepare", "id", "-1", "prepare: id: must be an integer >= 0");
	refuse("prepare", "alg", "\"sha 256\"", "prepare: alg: must be a name");
	refuse("prepare", "path", "1", "prepare: path: must be a name");
	refuse("prepare", "op", "\"fly\"", "prepare: op: must be one of seal, open, encrypt");
	refuse("prepare", "misalign", "64", "prepare: misalign: must be an integer 0..63");
	refuse("prepare", "target_ns", "0", "prepare: target_ns: must be an integer 1000..");
	refuse("prepare", "warmup_ns", "-5", "prepare: warmup_ns: must be an integer 0..");
	refuse("prepare", "cmd", "\"sample\"", "prepare: cmd: must be \"prepare\"");
	refuse("sample", "n", "0", "sample: n: must be an integer 1..1000");
	refuse("sample", "n", "1001", "sample: n: must be an integer 1..1000");
	refuse("sample", "n", "2.5", "sample: n: must be an integer 1..1000");
	refuse("sample", "id", "null", "sample: id: must be an integer >= 0");
	refuse("sample", "start_ns", "0", "sample: start_ns: must be an integer >= 1");
	refuse("sample", "end_ns", "1000", "sample: end_ns: must be after start_ns");
	refuse("sample", "end_ns", NULL, "sample: start_ns: start_ns and end_ns go together");
	refuse("evidence", "ms", "0", "evidence: ms: must be an integer 1..10000");
	refuse("evidence", "id", "true", "evidence: id: must be an integer >= 0");
	refuse("release", "id", NULL, "release: id: missing");
	refuse("quit", "cmd", "\"exit\"", "quit: cmd: must be \"quit\"");

	/* replies */
	refuse("prepare reply", "status", "\"great\"",
	       "prepare reply: status: must be one of ok, "
	       "wrong, unsupported, error");
	refuse("prepare reply", "batch", "0", "prepare reply: batch: must be an integer >= 1");
	refuse("prepare reply", "batch", NULL, "prepare reply: batch: missing (required with");
	refuse("prepare reply", "kat", NULL, "prepare reply: kat: missing (required with");
	refuse("prepare reply", "kat", "\"fail\"",
	       "prepare reply: kat: must be one of pass, exempt");
	refuse("prepare reply", "fingerprint", "\"0123456789abcdef0\"",
	       "prepare reply: fingerprint: must be a string of at most 16 bytes");
	refuse("prepare reply", "served_by", "1", "prepare reply: served_by: must be a string");
	refuse("prepare reply", "error", "1", "prepare reply: error: must be a string");
	refuse("prepare reply", "why", "1", "prepare reply: why: must be a string");
	refuse("prepare reply", "id", "1.0", "prepare reply: id: must be an integer >= -1");
	refuse("evidence reply", "evidence", "[]", "evidence reply: evidence: must be an object");
	refuse("evidence reply", "evidence.available", NULL,
	       "evidence reply: evidence.available: "
	       "missing");
	refuse("evidence reply", "evidence.classes", "{\"aes-ni\":1.5}",
	       "evidence reply: evidence.classes.aes-ni: must be a number 0..1");
	refuse("evidence reply", "evidence.classes", "{\"aes-ni\":\"most\"}",
	       "evidence reply: evidence.classes.aes-ni: must be a number 0..1");
	refuse("evidence reply", "evidence.classes", "{\"a b\":0.5}",
	       "evidence reply: evidence.classes.a b: is not a name");
	refuse("evidence reply", "evidence.samples", "-1",
	       "evidence reply: evidence.samples: must "
	       "be an integer >= 0");
	refuse("evidence reply", "evidence.samples_total", "\"x\"",
	       "evidence reply: "
	       "evidence.samples_total: must be an integer >= 0");
	refuse("evidence reply", "evidence.reason", "0",
	       "evidence reply: evidence.reason: must be");
	refuse("evidence reply", "evidence.objects", "0",
	       "evidence reply: evidence.objects: must be");
	refuse("evidence reply", "status", "\"unsupported\"",
	       "evidence reply: status: must be ok or");
	refuse("evidence reply", "error", "[]", "evidence reply: error: must be a string");
	refuse("reply", "status", NULL, "reply: status: missing");
	refuse("reply", "error", "{}", "reply: error: must be a string");
	refuse("reply", "id", "-2", "reply: id: must be an integer >= -1");

	/* interop: a signature is lowercase hex of whole bytes, only with ok or wrong */
	refuse_exact("prepare reply", "signature", "\"0g\"",
		     "prepare reply: signature: must be lowercase hex of whole bytes");
	refuse("prepare reply", "signature", "\"abc\"",
	       "prepare reply: signature: must be lowercase");
	refuse("prepare reply", "signature", "\"ABCD\"",
	       "prepare reply: signature: must be lowercase");
	refuse("prepare reply", "signature", "12", "prepare reply: signature: must be a string");
	refuse("verify", "signature", "\"\"", "verify: signature: must be lowercase hex");
	refuse("verify", "signature", "\"xyz0\"", "verify: signature: must be lowercase hex");
	refuse("verify", "signature", NULL, "verify: signature: missing");
	refuse("verify", "alg", NULL, "verify: alg: missing");
	refuse("verify", "path", "\"a b\"", "verify: path: must be a name");
	refuse("verify", "id", "-1", "verify: id: must be an integer >= 0");
	refuse("verify reply", "status", "\"fine\"", "verify reply: status: must be one of ok,");
	refuse("verify reply", "status", NULL, "verify reply: status: missing");
	refuse("verify reply", "why", "[]", "verify reply: why: must be a string");
}

/* Lines that are not messages at all. */
static void
not_messages(void)
{
	char err[256];
	CHECK(d_sample_reply("", err, sizeof err) != 0 && strstr(err, "sample reply: not JSON"));
	CHECK(d_sample_reply("[1,2]", err, sizeof err) != 0 && strcmp(err, "sample reply: not a "
									   "JSON object") == 0);
	CHECK(d_sample_reply("{\"id\":1,\"id\":2,\"status\":\"ok\"}", err, sizeof err) != 0);
	CHECK(d_hello(NULL, err, sizeof err) != 0);
	/* a string with a NUL inside is not a name */
	CHECK(d_prepare("{\"cmd\":\"prepare\",\"id\":1,\"alg\":\"sha\\u0000256\",\"path\":\"evp\","
			"\"op\":\"digest\",\"size\":1}",
			err, sizeof err) != 0);
	/* deep nesting: refused, never a crash */
	char deep[5000];
	size_t k = 0;
	k += (size_t)snprintf(deep, sizeof deep, "{\"id\":1,\"status\":\"ok\",\"x\":");
	for (int i = 0; i < 2000; i++)
		deep[k++] = '[';
	deep[k] = '\0';
	CHECK(d_sample_reply(deep, err, sizeof err) != 0);

	/* the worker's dispatch */
	cs_msg_request req;
	int64_t id;
	CHECK(cs_msg_request_decode("{\"cmd\":\"sample\",\"id\":4,\"n\":2}", &req, &id, err,
				    sizeof err) == 0);
	CHECK(req.cmd == CS_CMD_SAMPLE && req.sample.id == 4 && req.sample.n == 2 &&
	      req.sample.start_ns == 0);
	CHECK(cs_msg_request_decode("{\"cmd\":\"quit\"}", &req, &id, err, sizeof err) == 0 &&
	      req.cmd == CS_CMD_QUIT);
	CHECK(cs_msg_request_decode("{\"cmd\":\"fly\",\"id\":9}", &req, &id, err, sizeof err) != 0);
	CHECK(id == 9 && req.cmd == CS_CMD_COUNT && strstr(err, "request: cmd: must be one of"));
	CHECK(cs_msg_request_decode("{\"cmd\":\"prepare\",\"id\":5,\"alg\":\"sha256\"}", &req, &id,
				    err, sizeof err) != 0);
	CHECK(id == 5 && strcmp(err, "prepare: path: missing") == 0);
	/* defaults of optional fields */
	CHECK(cs_msg_request_decode("{\"cmd\":\"prepare\",\"id\":5,\"alg\":\"sha256\",\"path\":"
				    "\"evp\",\"op\":\"seal\",\"size\":16}",
				    &req, &id, err, sizeof err) == 0);
	CHECK(req.prepare.target_ns == 1000000 && req.prepare.warmup_ns == 5000000 &&
	      req.prepare.misalign == 0 && req.prepare.op == CS_OP_SEAL);
	CHECK(cs_msg_request_decode("{\"cmd\":\"verify\",\"id\":6,\"alg\":\"ed25519\","
				    "\"path\":\"evp\",\"signature\":\"ff00\"}",
				    &req, &id, err, sizeof err) == 0);
	CHECK(req.cmd == CS_CMD_VERIFY && req.verify.id == 6 &&
	      strcmp(req.verify.signature, "ff00") == 0);
	/* a prepare reply's signature: with wrong too, never with error */
	cs_msg_prepare_reply pr;
	CHECK(cs_msg_prepare_reply_decode("{\"id\":3,\"status\":\"wrong\",\"error\":\"x\","
					  "\"signature\":\"00\"}",
					  &pr, err, sizeof err) == 0);
	CHECK(cs_msg_prepare_reply_decode("{\"id\":3,\"status\":\"error\",\"error\":\"x\","
					  "\"signature\":\"00\"}",
					  &pr, err, sizeof err) != 0 &&
	      strcmp(err, "prepare reply: signature: only with status ok or wrong") == 0);
}

/* The decoded values, not only the round trip. */
static void
values(void)
{
	char err[256];
	CHECK(d_hello(find("hello")->line, err, sizeof err) == 0);
	CHECK(hello.protocol == CS_PROTOCOL_VERSION && hello.abi == 2 && hello.cpu.cpus == 2);
	CHECK(hello.n_paths == 2 && strcmp(hello.paths[1], "lowlevel") == 0);
	CHECK(hello.n_impls == 2 && !hello.impls[1].available &&
	      hello.impls[1].ops == (CS_OPBIT(CS_OP_SEAL) | CS_OPBIT(CS_OP_OPEN)));
	CHECK(hello.n_masks == 3 && hello.mask_applied == 1);
	CHECK(strcmp(hello.masks[1].name, "no-sha") == 0 &&
	      hello.masks[1].status == CS_MASK_STATUS_OK &&
	      hello.masks[2].status == CS_MASK_STATUS_UNSUPPORTED);
	/* an init_error hello says little else, and is fine */
	CHECK(d_hello("{\"type\":\"hello\",\"protocol\":1,\"abi\":2,\"lib\":\"x\",\"version\":"
		      "\"v\","
		      "\"init_error\":\"no provider\",\"paths\":[],\"impls\":[],\"masks\":{}}",
		      err, sizeof err) == 0);
	CHECK(strcmp(hello.init_error, "no provider") == 0 && hello.mask_applied == -1);
	/* another version: refused, and the version it said is kept */
	CHECK(d_hello("{\"type\":\"hello\",\"protocol\":7}", err, sizeof err) != 0);
	CHECK(hello.protocol == 7);
	CHECK(d_sample_reply(find("sample reply")->line, err, sizeof err) == 0);
	CHECK(sample_reply.n_ns == 3 && sample_reply.ns[2] == 3000 && sample_reply.batch == 100);
	CHECK(d_evidence_reply(find("evidence reply")->line, err, sizeof err) == 0);
	CHECK(evidence_reply.evidence.n_classes == 2);
	CHECK_NEAR(evidence_reply.evidence.classes[0].share, 0.75, 0);
	/* the result file's copy of a hello */
	CHECK(d_hello(find("hello")->line, err, sizeof err) == 0);
	json_t *j = cs_msg_hello_json(&hello);
	CHECK(json_integer_value(json_object_get(json_object_get(j, "cpu"), "cpus")) == 2);
	json_decref(j);
	/* a window may end before any batch did */
	CHECK(d_sample_reply("{\"id\":2,\"status\":\"ok\",\"batch\":5,\"ns\":[],\"began_ns\":9,"
			     "\"ended_ns\":9}",
			     err, sizeof err) == 0 &&
	      sample_reply.n_ns == 0);
	CHECK(d_sample_reply("{\"id\":2,\"status\":\"ok\",\"batch\":5,\"ns\":[]}", err,
			     sizeof err) != 0);
	CHECK(strcmp(err, "sample reply: ns: must hold at least one batch with status ok (but in "
			  "a window)") == 0);
	/* an error reply carries no samples and is fine */
	CHECK(d_sample_reply("{\"id\":2,\"status\":\"error\",\"error\":\"no such cell\"}", err,
			     sizeof err) == 0);
	/* ns at its limits */
	char big[16384];
	size_t k = (size_t)snprintf(big, sizeof big,
				    "{\"id\":1,\"status\":\"ok\",\"batch\":1,\"ns\":[");
	for (int i = 0; i < CS_MSG_MAX_N; i++)
		k += (size_t)snprintf(big + k, sizeof big - k, "%s9", i ? "," : "");
	snprintf(big + k, sizeof big - k, "]}");
	CHECK(d_sample_reply(big, err, sizeof err) == 0 && sample_reply.n_ns == CS_MSG_MAX_N);
	snprintf(big + k, sizeof big - k, ",9]}");
	CHECK(d_sample_reply(big, err, sizeof err) != 0);
}

/* The protocol's names are the catalogue's. */
static void
names(void)
{
	for (int op = 0; op < CS_OP_COUNT; op++)
		CHECK(cs_msg_op_names[op] &&
		      strcmp(cs_msg_op_names[op], cs_op_name((cs_op)op)) == 0);
	CHECK(cs_msg_op_names[CS_OP_COUNT] == NULL);
}

/* docs/protocol.md holds exactly the tables the code prints. */
static void
doc_matches(const char *path)
{
	static const char begin[] = "<!-- fields: printed by `test_protocol --print-doc` -->";
	static const char end[] = "<!-- end of fields -->";
	FILE *f = fopen(path, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	char *doc = NULL;
	size_t cap = 0;
	ssize_t len = getdelim(&doc, &cap, '\0', f);
	fclose(f);
	char *b = len > 0 ? strstr(doc, begin) : NULL;
	char *e = b ? strstr(b, end) : NULL;
	CHECK(b && e);
	if (!b || !e) {
		printf("FAIL %s: no '%s' ... '%s' section\n", path, begin, end);
		free(doc);
		return;
	}
	b += strlen(begin);
	*e = '\0';
	char *want = NULL;
	size_t want_len = 0;
	FILE *m = open_memstream(&want, &want_len);
	cs_msg_doc(m);
	fputc('\n', m);
	fclose(m);
	if (strcmp(b, want) != 0) {
		/* the first line that differs */
		const char *x = b, *y = want;
		while (*x && *x == *y)
			x++, y++;
		while (x > b && x[-1] != '\n')
			x--, y--;
		printf("FAIL %s differs from the code's field tables at:\n  doc:  %.*s\n  code: "
		       "%.*s\n"
		       "  (print them with: test_protocol --print-doc)\n",
		       path, (int)strcspn(x, "\n"), x, (int)strcspn(y, "\n"), y);
		check_failures++;
	}
	free(want);
	free(doc);
}

int
main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--print-doc") == 0) {
		cs_msg_doc(stdout);
		return 0;
	}
	for (size_t i = 0; i < N_MESSAGES; i++)
		round_trip(&messages[i]);
	bad_fields();
	not_messages();
	values();
	names();
	if (argc > 1)
		doc_matches(argv[1]);
	return check_done("test_protocol");
}
