/* Bounded line input: a line over SD_MAXRECORD bytes is skipped, never
 * buffered whole. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "format/text.h"

#define CHUNK 65536

const char *sd_input_name(const char *path)
{
	return strcmp(path, "-") ? path : "<stdin>";
}

int sd_input_open(struct sd_input *in, const char *path)
{
	struct stat st = { 0 };

	memset(in, 0, sizeof *in);
	in->name = sd_input_name(path);
	if (!strcmp(path, "-")) {
		in->fd = 0;
	} else {
		in->fd = open(path, O_RDONLY);
		if (in->fd < 0)
			return -1;
	}
	if (fstat(in->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (in->fd > 0)
			close(in->fd);
		errno = EISDIR;
		return -1;
	}
	in->total = S_ISREG(st.st_mode) ? st.st_size : -1;
	in->cap = SD_MAXRECORD + CHUNK + 1;
	in->buf = malloc(in->cap);
	if (!in->buf) {
		if (in->fd > 0)
			close(in->fd);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

int sd_input_open_text(struct sd_input *in, const char *name, const char *text, size_t len)
{
	memset(in, 0, sizeof *in);
	in->fd = -1;
	in->name = name;
	in->buf = malloc(len + 1);
	if (!in->buf) {
		errno = ENOMEM;
		return -1;
	}
	memcpy(in->buf, text, len);
	/* all of it is read already: the lines come from the copy alone */
	in->cap = len + 1;
	in->end = len;
	in->eof = true;
	in->consumed = in->total = (long long)len;
	return 0;
}

void sd_input_close(struct sd_input *in)
{
	if (in->fd > 0)
		close(in->fd);
	free(in->buf);
	in->buf = NULL;
}

/* Reads more bytes after in->end; 0 at the end, -1 on error. */
static int fill(struct sd_input *in)
{
	ssize_t got;

	if (in->start > 0 && in->cap - in->end < CHUNK) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		in->start = 0;
	}
	for (;;) {
		/* input that never pauses (a line of /dev/zero) is no read a
		 * signal interrupts: look at the flag before each */
		if (in->interrupt && *in->interrupt)
			return 0;
		got = read(in->fd, in->buf + in->end, in->cap - 1 - in->end);
		if (got >= 0)
			break;
		if (errno != EINTR)
			return -1;
	}
	in->end += (size_t)got;
	in->consumed += got;
	return got > 0;
}

int sd_input_line(struct sd_input *in, char **line, size_t *len)
{
	size_t scanned = 0;

	if (in->again) {
		in->again = false;
		*line = in->last;
		*len = in->lastlen;
		return SD_LINE_OK;
	}
	for (;;) {
		char *p = in->buf + in->start, *nl = NULL;
		size_t have = in->end - in->start;

		if (have > scanned)
			nl = memchr(p + scanned, '\n', have - scanned);
		if (nl || (in->eof && have)) {
			size_t n = nl ? (size_t)(nl - p) : have;
			in->start += nl ? n + 1 : n;
			in->lineno++;
			if (n > SD_MAXRECORD)
				return SD_LINE_LONG;
			if (n && p[n - 1] == '\r')
				n--;
			p[n] = '\0';
			/* the byte order mark spreadsheets put before UTF-8 text */
			if (in->lineno == 1 && n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0) {
				p += 3;
				n -= 3;
			}
			*line = in->last = p;
			*len = in->lastlen = n;
			return SD_LINE_OK;
		}
		if (in->eof)
			return SD_LINE_EOF;
		scanned = have;
		if (have > SD_MAXRECORD) {
			/* too long: drop what we hold and skip to the newline */
			in->start = in->end = 0;
			for (;;) {
				int r = fill(in);
				if (r < 0)
					return SD_LINE_ERROR;
				nl = memchr(in->buf, '\n', in->end);
				if (nl || r == 0) {
					in->start = nl ? (size_t)(nl - in->buf) + 1 : in->end;
					in->eof = r == 0 && !nl;
					in->lineno++;
					return SD_LINE_LONG;
				}
				in->start = in->end = 0;
			}
		}
		int r = fill(in);
		if (r < 0)
			return SD_LINE_ERROR;
		if (r == 0)
			in->eof = true;
	}
}
