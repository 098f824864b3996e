/* The files a run writes by name (-o FILE, --trace FILE) and standard
 * output, for the frame's own files: opened at the start, flushed and then
 * replaced or left as they were at the end; every write error said once,
 * in the words of the write that failed. */
#ifndef SD_OUTFILE_H
#define SD_OUTFILE_H

#include "frame/frame.h"

/* Makes each of descriptors 0, 1 and 2 that is closed a /dev/null open
 * the wrong way round, so that a file the run opens never takes its place
 * and a read or write there fails (EBADF) as it would have. */
void sd_hold_standard_fds(void);
/* Opens name for writing (standard output when NULL): its stream, or
 * NULL after a message (run NULL: no message, errno says why; sudoku-play
 * saves a game so, under its screen). */
FILE *sd_outfile_open(const struct sd_run *run, struct sd_outfile *f, const char *name);
/* Whether a and b, both open, write one regular file: replacing it with
 * one would lose the other. */
bool sd_outfile_same(const struct sd_outfile *a, const struct sd_outfile *b);
/* Checks that all written went out: 0, or 2 after a message. */
int sd_outfile_flush(const struct sd_run *run, struct sd_outfile *f);
/* Closes f: a temporary file is renamed into place when replace is true
 * (and no signal came), else removed, leaving the file as it was.  0, or
 * 2 after a message (run NULL: none, errno says why); f is empty after it. */
int sd_outfile_close(const struct sd_run *run, struct sd_outfile *f, bool replace);

#endif
