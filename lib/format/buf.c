/* Output records are built in a buffer, then written whole. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "format/text.h"

bool sd_buf_reserve(struct sd_buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : 256;
	char *p;

	if (b->failed)
		return false;
	while (cap < b->len + need + 1)
		cap *= 2;
	if (cap == b->cap)
		return true;
	p = realloc(b->p, cap);
	if (!p) {
		b->failed = true;
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

void sd_buf_add(struct sd_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap && !sd_buf_reserve(b, n))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void sd_buf_puts(struct sd_buf *b, const char *s)
{
	sd_buf_add(b, s, strlen(s));
}

void sd_buf_putc(struct sd_buf *b, char c)
{
	if (b->len + 2 > b->cap && !sd_buf_reserve(b, 1))
		return;
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

void sd_buf_printf(struct sd_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !sd_buf_reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

static int dump_cb(const char *s, size_t n, void *data)
{
	sd_buf_add(data, s, n);
	return 0;
}

void sd_buf_json(struct sd_buf *b, const json_t *v)
{
	json_dump_callback(v, dump_cb, b, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(10));
}

void sd_buf_put_shown(struct sd_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p; p++) {
		/* U+0080..U+009F are 0xc2 0x80..0x9f in UTF-8 */
		bool c1 = p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f;
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f || c1) {
			sd_buf_printf(b, "\\x%02x", *p);
			if (c1)
				sd_buf_printf(b, "\\x%02x", *++p);
		} else {
			sd_buf_putc(b, (char)*p);
		}
	}
}

void sd_buf_free(struct sd_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}
