/* An output file (-o) that is never clobbered: checked first, replaced atomically. */
#ifndef CS_OUTFILE_H
#define CS_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Before anything is measured: may `path` be written? Refused (-1, `why` one
 * phrase naming the path) when it is empty, a directory, an existing file
 * that is not a regular file (a device, a FIFO, a socket), an existing file
 * we may not write (a 0444 file is refused, never replaced behind its
 * owner's back), or its directory does not take new files. A symbolic link is followed: `target` receives the
 * file that will really be replaced (the link stays a link). 0 = fine.
 */
int cs_outfile_check(const char *path, char *target, size_t target_size, char *why,
		     size_t why_size);

/* Writes the content through `write` (0 = ok) into a fresh temporary file
   created with O_EXCL next to `target`, flushes it to disk and renames it over
   `target`. An existing target keeps its mode (0600 stays 0600) and, when
   the caller may set it, its owner and group; a new file is created with
   0666 less the umask. On any failure the previous file is untouched and the
   temporary file removed. 0, or -1 with `why`. */
typedef int cs_outfile_writer(FILE *f, void *arg);
int cs_outfile_write(const char *target, cs_outfile_writer *write, void *arg, char *why,
		     size_t why_size);

/* The result file's writer is core/results' cs_results_writer; the conform
   file's is cs_conform_writer (core/results/conform_file.h). */

#endif
