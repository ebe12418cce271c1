/*
 * libFuzzer: the protocol's decoders, both directions: the orchestrator's
 * (hello and every reply) and the worker's (any request). Every input goes
 * through each decoder; whatever decodes must encode, and decode again to
 * the same encoding (no decoder accepts what its encoder cannot say).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"

static cs_msg_hello hello;
static cs_msg_prepare_reply prepare_reply;
static cs_msg_sample_reply sample_reply;
static cs_msg_evidence_reply evidence_reply;
static cs_msg_reply reply;
static cs_msg_verify_reply verify_reply;
static cs_msg_request request;

typedef int decode_fn(const char *line, char *err, size_t n);
typedef char *encode_fn(void);

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
d_verify_reply(const char *l, char *e, size_t n)
{
	return cs_msg_verify_reply_decode(l, &verify_reply, e, n);
}
static char *
e_verify_reply(void)
{
	return cs_msg_verify_reply_encode(&verify_reply);
}

static int
d_request(const char *l, char *e, size_t n)
{
	int64_t id;
	return cs_msg_request_decode(l, &request, &id, e, n);
}

static char *
e_request(void)
{
	switch (request.cmd) {
	case CS_CMD_PREPARE: return cs_msg_prepare_encode(&request.prepare);
	case CS_CMD_SAMPLE: return cs_msg_sample_encode(&request.sample);
	case CS_CMD_EVIDENCE: return cs_msg_evidence_encode(&request.evidence);
	case CS_CMD_RELEASE: return cs_msg_release_encode(&request.release);
	case CS_CMD_VERIFY: return cs_msg_verify_encode(&request.verify);
	default: return cs_msg_quit_encode();
	}
}

static const struct {
	decode_fn *decode;
	encode_fn *encode;
} codecs[] = {
	{d_hello, e_hello},
	{d_prepare_reply, e_prepare_reply},
	{d_sample_reply, e_sample_reply},
	{d_evidence_reply, e_evidence_reply},
	{d_reply, e_reply},
	{d_verify_reply, e_verify_reply},
	{d_request, e_request},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1);
	if (!line)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';
	for (size_t i = 0; i < sizeof codecs / sizeof codecs[0]; i++) {
		char err[256];
		if (codecs[i].decode(line, err, sizeof err) != 0) {
			if (!memchr(err, '\0', sizeof err))
				abort(); /* an error message always ends */
			continue;
		}
		char *once = codecs[i].encode();
		if (!once)
			abort();
		if (codecs[i].decode(once, err, sizeof err) != 0)
			abort(); /* decoded, encoded, and then refused */
		char *twice = codecs[i].encode();
		if (!twice || strcmp(once, twice) != 0)
			abort();
		free(once);
		free(twice);
	}
	free(line);
	return 0;
}
