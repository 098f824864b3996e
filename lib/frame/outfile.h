/* The files a run writes by name (-o FILE, --trace FILE), for the frame's
 * own files: opened at the start, flushed and then replaced or left as
 * they were at the end. */
#ifndef SD_OUTFILE_H
#define SD_OUTFILE_H

#include "frame/frame.h"

/* Opens name for writing (standard output when NULL): its stream, or
 * NULL after a message (run NULL: no message, errno says why; sudoku-play
 * saves a game so, under its screen). */
FILE *sd_outfile_open(const struct sd_run *run, struct sd_outfile *f, const char *name);
/* Checks that all written went out: 0, or 2 after a message. */
int sd_outfile_flush(const struct sd_run *run, struct sd_outfile *f);
/* Closes f: a temporary file is renamed into place when replace is true
 * (and no signal came), else removed, leaving the file as it was.  0, or
 * 2 after a message (run NULL: none, errno says why); f is empty after it. */
int sd_outfile_close(const struct sd_run *run, struct sd_outfile *f, bool replace);

#endif
