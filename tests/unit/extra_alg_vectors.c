/* The throw-away algorithm's vectors (extra_alg.def): the second step of
   adding an algorithm. Not a real hash; only its shape is tested. */
#include "workload.h"

const cs_kat cs_kats_toy_hash[] = {
	{.source = "test_extra_alg: made up", .in = "00", .out = "00000000"},
	{.source = "test_extra_alg: made up", .in = "ff", .out = "000000ff"},
	{.source = NULL},
};
