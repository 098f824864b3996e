/* Messages in the form every tool uses: "prog: FILE:LINE: what". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
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

void sd_report_errno(const struct sd_run *run, const char *name, int err)
{
	sd_report(run, name ? name : "standard output", 0, "%s", strerror(err));
}

int sd_check_written(const struct sd_run *run, FILE *fp, const char *name)
{
	/* a write that failed earlier is tried again by the flush, which
	 * then says why; should it not, the error stays unnamed */
	errno = 0;
	if (fflush(fp) == 0 && !ferror(fp))
		return SD_EXIT_OK;
	sd_report_errno(run, name, errno ? errno : EIO);
	return SD_EXIT_TROUBLE;
}
