/* Messages in the form every tool uses: "prog: FILE:LINE: what". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "frame/frame.h"

void sd_vreport(const struct sd_run *run, const char *file, long line, const char *fmt,
		va_list ap)
{
	/* text from outside (a file's name, a bad record's bytes in a
	 * reader's message) reaches a terminal: shown, never acted on */
	char what[4096];
	struct sd_buf b = { 0 };

	sd_buf_printf(&b, "%s: ", run->tool->name);
	if (file) {
		sd_buf_put_shown(&b, file);
		if (line > 0)
			sd_buf_printf(&b, ":%ld", line);
		sd_buf_puts(&b, ": ");
	}
	vsnprintf(what, sizeof what, fmt, ap);
	sd_buf_put_shown(&b, what);
	sd_buf_putc(&b, '\n');
	if (b.p)
		fputs(b.p, stderr);
	else
		fputs("out of memory\n", stderr);
	sd_buf_free(&b);
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
