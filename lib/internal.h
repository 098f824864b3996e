/* Shared by the readers and writers; not part of the library's interface. */
#ifndef SUDOKU_INTERNAL_H
#define SUDOKU_INTERNAL_H

#include <csv.h>
#include "sudoku.h"

/* Lines from a file descriptor, at most SD_MAXRECORD bytes each, with CR
 * before LF dropped. */
struct sd_input {
	int fd;
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
void sd_input_close(struct sd_input *in);
int sd_input_line(struct sd_input *in, char **line, size_t *len);
/* The next call returns the same line again. */
static inline void sd_input_unread(struct sd_input *in) { in->again = true; }

struct csv_state;
struct sd_reader {
	struct sd_input in;
	const struct sd_read_opts *o;
	int format;
	bool skip_to_blank;            /* grid: resynchronise at a blank line */
	struct csv_state *csv;
	struct sd_buf text;            /* json: the object being read */
	char *rest;                    /* json: what follows it on its line */
	size_t restlen;
	char err[256];
};

int sd_read_line(struct sd_reader *rd, struct sd_record *rec);
int sd_read_grid(struct sd_reader *rd, struct sd_record *rec);
int sd_read_csv(struct sd_reader *rd, struct sd_record *rec);
int sd_read_json(struct sd_reader *rd, struct sd_record *rec);
void sd_csv_free(struct csv_state *cs);
/* Reports a bad record at a line and returns SD_READ_BAD. */
int sd_bad(struct sd_reader *rd, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

bool sd_is_blank(const char *s, size_t len);
/* s with bytes outside printable ASCII as \xNN, cut to fit size. */
const char *sd_printable(const char *s, char *out, size_t size);
bool sd_utf8_valid(const char *s, size_t len);
int sd_isqrt(size_t x);
/* Record keys taken from a json object (id, size, box, puzzle, board; the
 * rest kept); 0, or -1 with a message in err. */
int sd_record_from_json(struct sd_record *rec, json_t *obj, const struct sd_read_opts *o,
			char *err, size_t errlen);
int sd_box_from_json(const json_t *v, struct sd_geom *g);
void sd_put_json_string(struct sd_buf *b, const char *s);
void sd_put_symbols(struct sd_buf *b, const struct sd_geom *g, const uint8_t *v,
		    const struct sd_alphabet *a);
int sd_put_csv(struct sd_buf *b, const struct sd_record *rec, json_t **columns,
	       const struct sd_alphabet *a);

#endif
