/* Messages in the form every tool uses: "prog: FILE:LINE: what". */
#include <stdarg.h>
#include <stdio.h>
#include "frame/frame.h"

void sd_report(const struct sd_run *run, const char *file, long line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", run->tool->name);
	if (file && line > 0)
		fprintf(stderr, "%s:%ld: ", file, line);
	else if (file)
		fprintf(stderr, "%s: ", file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
