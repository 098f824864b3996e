/* Messages in the form every tool uses: "prog: FILE:LINE: what". */
#include <stdarg.h>
#include <stdio.h>
#include "sudoku.h"

const char *sd_progname = "sudoku";

void sd_error_at(const char *file, long line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: %s:%ld: ", sd_progname, file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void sd_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", sd_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
