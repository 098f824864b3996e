/* Messages in the form every tool uses: "prog: FILE:LINE: what". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "frame/frame.h"

/* Text from outside (a file's name, a bad record's bytes in a reader's
 * message) reaches a terminal: control bytes go out as \xNN. */
static void put_escaped(const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch < 0x20 || ch == 0x7f)
			fprintf(stderr, "\\x%02x", ch);
		else
			fputc(ch, stderr);
	}
}

void sd_vreport(const struct sd_run *run, const char *file, long line, const char *fmt,
		va_list ap)
{
	char what[4096];

	fprintf(stderr, "%s: ", run->tool->name);
	if (file) {
		put_escaped(file);
		if (line > 0)
			fprintf(stderr, ":%ld", line);
		fputs(": ", stderr);
	}
	vsnprintf(what, sizeof what, fmt, ap);
	put_escaped(what);
	fputc('\n', stderr);
}

void sd_report(const struct sd_run *run, const char *file, long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sd_vreport(run, file, line, fmt, ap);
	va_end(ap);
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
