/* The largest input size in bytes of one operation: the one limit that the
   CLI (run --sizes), the protocol (prepare), the worker's cell, the importer
   and the result file's decoder all check. */
#ifndef CS_SIZE_H
#define CS_SIZE_H

#define CS_SIZE_MAX (64 * 1024 * 1024)	     /* 64 MiB */
#define CS_SIZE_MAX_TEXT "67108864 (64 MiB)" /* the same, for messages */

#endif
