/* Text below the formats: output buffers, bounded input lines, the line
 * alphabet, and small checks every reader makes. */
#ifndef SD_TEXT_H
#define SD_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <jansson.h>
#include "board/board.h"

#define SD_MAXLINE_N 35          /* largest size the line alphabet can hold */
#define SD_MAXRECORD (1 << 20)   /* a record over 1 MiB is an error */

/* A growable byte buffer: an output record is built whole, then written.
 * When memory runs out, failed is set and what follows is dropped. */
struct sd_buf { char *p; size_t len, cap; bool failed; };
/* Room for more bytes (and a NUL); false when there is none. */
bool sd_buf_reserve(struct sd_buf *b, size_t more);
void sd_buf_add(struct sd_buf *b, const char *s, size_t n);
void sd_buf_puts(struct sd_buf *b, const char *s);
void sd_buf_putc(struct sd_buf *b, char c);
void sd_buf_printf(struct sd_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sd_buf_json(struct sd_buf *b, const json_t *v);     /* compact JSON text */
/* A name as people see it (pretty, svg, text): the control characters a
 * terminal would act on or XML forbids (C0 but tab, DEL, C1) as \xNN,
 * the rest of its UTF-8 as it is. */
void sd_buf_put_shown(struct sd_buf *b, const char *s);
void sd_buf_free(struct sd_buf *b);

/* The symbols of the line format: -A sets them.  JSON and CSV boards
 * always use the standard ones, 1-9 then A-Z. */
#define SD_STANDARD_SYMBOLS "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
struct sd_alphabet {
	signed char value[256];          /* -1 unknown, 0 empty, 1..35 */
	char symbol[SD_MAXLINE_N + 2];   /* symbol[v] writes value v; symbol[0] is '.' */
	int size;
};
void sd_alphabet_default(struct sd_alphabet *a);   /* the standard symbols, and 0 empty */
int sd_alphabet_set(struct sd_alphabet *a, const char *symbols);
/* a, and the standard symbols of an n×n board besides where no symbol
 * would mean another value in one than in the other (-A abcdefghi reads
 * digits too, -A 0123456789ABCDEF does not): true and out, or false. */
bool sd_alphabet_widen(const struct sd_alphabet *a, const struct sd_alphabet *standard, int n,
		       struct sd_alphabet *out);

/* Lines from a file descriptor, at most SD_MAXRECORD bytes each, with CR
 * before LF dropped.  A read interrupted by a signal that set *interrupt
 * ends the input. */
struct sd_input {
	int fd;
	const volatile sig_atomic_t *interrupt;
	const char *name;
	char *buf;
	size_t cap, start, end;
	long lineno;
	bool eof, again;
	char *last;
	size_t lastlen;
	long long consumed, total;
};
enum { SD_LINE_OK = 1, SD_LINE_EOF = 0, SD_LINE_LONG = -1, SD_LINE_ERROR = -2 };
int sd_input_open(struct sd_input *in, const char *path);
/* An operand's name in messages: path, or <stdin> for "-", whether or not
 * it could be opened. */
const char *sd_input_name(const char *path);
/* Lines from a copy of text in memory, named name in messages. */
int sd_input_open_text(struct sd_input *in, const char *name, const char *text, size_t len);
void sd_input_close(struct sd_input *in);
int sd_input_line(struct sd_input *in, char **line, size_t *len);
/* The next call returns the same line again. */
static inline void sd_input_unread(struct sd_input *in) { in->again = true; }

bool sd_is_blank(const char *s, size_t len);
/* s with bytes outside printable ASCII as \xNN, cut to fit size. */
const char *sd_printable(const char *s, char *out, size_t size);
bool sd_utf8_valid(const char *s, size_t len);
int sd_isqrt(size_t x);

/* "s" after a count other than one: "1 solution", "2 solutions". */
static inline const char *sd_plural(long long count) { return count == 1 ? "" : "s"; }

#endif
