/* Opening an operand, detecting its format, and helpers every reader uses. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "internal.h"

static const char *const format_names[] = {
	"auto", "line", "grid", "csv", "json", "pretty", "svg", "text"
};

int sd_format_parse(const char *s)
{
	for (int i = 0; i < (int)(sizeof format_names / sizeof *format_names); i++)
		if (!strcmp(s, format_names[i]))
			return i;
	return -1;
}

int sd_bad(struct sd_reader *rd, long line, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	sd_error_at(rd->in.name, line, "%s", msg);
	return SD_READ_BAD;
}

const char *sd_printable(const char *s, char *out, size_t size)
{
	size_t k = 0;

	for (; *s && k + 5 < size; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch >= ' ' && ch < 127)
			out[k++] = (char)ch;
		else
			k += (size_t)snprintf(out + k, size - k, "\\x%02x", ch);
	}
	out[k] = '\0';
	return out;
}

bool sd_is_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

int sd_isqrt(size_t x)
{
	size_t r = 0;

	while ((r + 1) * (r + 1) <= x)
		r++;
	return (int)r;
}

bool sd_utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	while (p < end) {
		int extra;
		if (*p < 0x80) {
			p++;
			continue;
		}
		if ((*p & 0xe0) == 0xc0 && *p >= 0xc2)
			extra = 1;
		else if ((*p & 0xf0) == 0xe0)
			extra = 2;
		else if ((*p & 0xf8) == 0xf0 && *p <= 0xf4)
			extra = 3;
		else
			return false;
		if (end - p <= extra)
			return false;
		for (int i = 1; i <= extra; i++)
			if ((p[i] & 0xc0) != 0x80)
				return false;
		p += extra + 1;
	}
	return true;
}

static bool names_board_column(const char *field, size_t len)
{
	static const char *const names[] = {
		"puzzle", "quizzes", "quiz", "board", "solution", "solutions"
	};

	while (len && (*field == ' ' || *field == '"')) {
		field++;
		len--;
	}
	while (len && (field[len - 1] == ' ' || field[len - 1] == '"'))
		len--;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strlen(names[i]) == len && !strncasecmp(field, names[i], len))
			return true;
	return false;
}

/* The SPEC's rule, on the first line that is not blank or a comment. */
static int detect(const char *line, size_t len)
{
	size_t i = 0, start, flen;

	while (i < len && isspace((unsigned char)line[i]))
		i++;
	if (i < len && line[i] == '{')
		return SD_FMT_JSON;
	for (const char *f = line; f <= line + len;) {
		const char *comma = memchr(f, ',', (size_t)(line + len - f));
		const char *end = comma ? comma : line + len;
		if (names_board_column(f, (size_t)(end - f)))
			return SD_FMT_CSV;
		f = end + 1;
	}
	start = i;
	while (i < len && !isspace((unsigned char)line[i]))
		i++;
	flen = i - start;
	int n = sd_isqrt(flen);
	if (n >= 4 && n <= SD_MAXLINE_N && (size_t)n * (size_t)n == flen &&
	    !memchr(line + start, ',', flen))
		return SD_FMT_LINE;
	return SD_FMT_GRID;
}

struct sd_reader *sd_reader_open(const char *path, const struct sd_read_opts *o)
{
	struct sd_reader *rd = calloc(1, sizeof *rd);

	if (!rd || sd_input_open(&rd->in, path) < 0) {
		sd_error("%s: %s", path, strerror(errno));
		free(rd);
		return NULL;
	}
	rd->o = o;
	rd->format = o->format;
	return rd;
}

void sd_reader_close(struct sd_reader *rd)
{
	if (!rd)
		return;
	sd_input_close(&rd->in);
	sd_csv_free(rd->csv);
	sd_buf_free(&rd->text);
	free(rd);
}

void sd_reader_progress(const struct sd_reader *rd, long long *done, long long *total)
{
	*done = rd->in.consumed - (long long)(rd->in.end - rd->in.start);
	*total = rd->in.total;
}

int sd_reader_next(struct sd_reader *rd, struct sd_record *rec)
{
	sd_record_reset(rec);
	if (rd->format == SD_FMT_AUTO) {
		char *line;
		size_t len;
		int r;
		while ((r = sd_input_line(&rd->in, &line, &len)) == SD_LINE_OK)
			if (!sd_is_blank(line, len) && line[0] != '#')
				break;
		if (r == SD_LINE_EOF)
			return SD_READ_EOF;
		if (r == SD_LINE_ERROR) {
			sd_error("%s: %s", rd->in.name, strerror(errno));
			return SD_READ_FAIL;
		}
		if (r == SD_LINE_LONG)
			return sd_bad(rd, rd->in.lineno, "record over 1 MiB");
		rd->format = detect(line, len);
		sd_input_unread(&rd->in);
	}
	switch (rd->format) {
	case SD_FMT_LINE: return sd_read_line(rd, rec);
	case SD_FMT_GRID: return sd_read_grid(rd, rec);
	case SD_FMT_CSV: return sd_read_csv(rd, rec);
	default: return sd_read_json(rd, rec);
	}
}

int sd_board_from_symbols(const char *s, size_t len, const struct sd_alphabet *a,
			  int n, uint8_t *cells, char *err, size_t errlen)
{
	if (len != (size_t)n * (size_t)n) {
		snprintf(err, errlen, "board has %zu symbols; size %d needs %d", len, n, n * n);
		return -1;
	}
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		int v = a->value[ch];
		if (v < 0 || v > n) {
			char sym[8];
			snprintf(sym, sizeof sym, isprint(ch) ? "'%c'" : "\\x%02x", ch);
			snprintf(err, errlen, "%s symbol %s at r%zuc%zu", v < 0 ? "unknown" :
				 "out of range", sym, i / (size_t)n + 1, i % (size_t)n + 1);
			return -1;
		}
		cells[i] = (uint8_t)v;
	}
	return 0;
}

int sd_board_from_json(const json_t *v, const struct sd_alphabet *a,
		       int *n, uint8_t *cells, char *err, size_t errlen)
{
	if (json_is_string(v)) {
		size_t len = json_string_length(v);
		int size = sd_isqrt(len);
		if (!*n && (size_t)size * (size_t)size != len) {
			snprintf(err, errlen, "board has %zu symbols, not a square", len);
			return -1;
		}
		if (!*n)
			*n = size;
		if (*n > SD_MAXLINE_N) {
			snprintf(err, errlen, "a %dx%d board must be written as rows", *n, *n);
			return -1;
		}
		return sd_board_from_symbols(json_string_value(v), len, a, *n, cells, err, errlen);
	}
	if (!json_is_array(v)) {
		snprintf(err, errlen, "a board must be a string or an array of rows");
		return -1;
	}
	int rows = (int)json_array_size(v);
	if (!*n)
		*n = rows;
	if (rows != *n || rows > SD_MAXN) {
		snprintf(err, errlen, "board has %d rows; expected %d", rows, *n);
		return -1;
	}
	for (int r = 0; r < rows; r++) {
		json_t *row = json_array_get(v, (size_t)r);
		if (json_is_string(row)) {
			size_t len = json_string_length(row);
			if (len != (size_t)*n) {
				snprintf(err, errlen, "row %d has %zu cells; expected %d", r + 1, len, *n);
				return -1;
			}
			for (int c = 0; c < *n; c++) {
				int x = a->value[(unsigned char)json_string_value(row)[c]];
				if (x < 0 || x > *n) {
					snprintf(err, errlen, "bad symbol at r%dc%d", r + 1, c + 1);
					return -1;
				}
				cells[r * *n + c] = (uint8_t)x;
			}
			continue;
		}
		if (!json_is_array(row) || json_array_size(row) != (size_t)*n) {
			snprintf(err, errlen, "row %d is not an array of %d cells", r + 1, *n);
			return -1;
		}
		for (int c = 0; c < *n; c++) {
			json_t *x = json_array_get(row, (size_t)c);
			json_int_t val = json_is_integer(x) ? json_integer_value(x) : -2;
			if (val == -1)
				val = 0;
			if (val < 0 || val > *n) {
				snprintf(err, errlen, "r%dc%d: %s", r + 1, c + 1, json_is_integer(x) ?
					 "value out of range" : "not an integer");
				return -1;
			}
			cells[r * *n + c] = (uint8_t)val;
		}
	}
	return 0;
}
