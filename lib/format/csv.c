/* CSV through libcsv: a header row naming the columns, one record a row.
 * A row becomes a JSON object, so both formats share one set of rules. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "format/codec.h"

#define MAX_COLUMNS 1024

struct csv_state {
	struct csv_parser parser;
	bool header_done, dead, row_done, too_wide;
	int ncols;
	json_t *names;                 /* the header's keys, mapped */
	struct sd_buf fields;          /* the row's fields, NUL separated */
	size_t start[MAX_COLUMNS];
	int nfields;
};

void sd_csv_free(struct csv_state *cs)
{
	if (!cs)
		return;
	csv_free(&cs->parser);
	json_decref(cs->names);
	sd_buf_free(&cs->fields);
	free(cs);
}

static void on_field(void *s, size_t len, void *data)
{
	struct csv_state *cs = data;

	if (cs->nfields == MAX_COLUMNS) {
		cs->too_wide = true;
		return;
	}
	cs->start[cs->nfields++] = cs->fields.len;
	sd_buf_add(&cs->fields, s ? s : "", s ? len : 0);
	sd_buf_putc(&cs->fields, '\0');
}

static void on_row(int c, void *data)
{
	(void)c;
	((struct csv_state *)data)->row_done = true;
}

static void restart(struct csv_state *cs)
{
	csv_free(&cs->parser);
	csv_init(&cs->parser, CSV_STRICT | CSV_STRICT_FINI);
	cs->nfields = 0;
	cs->fields.len = 0;
	cs->row_done = cs->too_wide = false;
}

/* Whether a quoted field is open after text, given whether one was
 * before it: each quote opens or closes one ("" inside a field does both). */
static bool quote_open(bool open, const char *text, size_t len)
{
	for (const char *q = text; (q = memchr(q, '"', len - (size_t)(q - text))); q++)
		open = !open;
	return open;
}

/* A row over SD_MAXRECORD bytes, its field still quoted: the rest of it
 * is skipped, never buffered, up to the newline that ends it outside
 * quotes (or the end of the input, for a quote never closed). */
static int skip_long_row(struct sd_reader *rd, long line)
{
	char *text;
	size_t len;
	bool open = true;
	int r;

	while (open && (r = sd_input_line(&rd->in, &text, &len)) != SD_LINE_EOF) {
		if (r == SD_LINE_ERROR)
			return sd_read_failed(rd);
		if (r == SD_LINE_OK)
			open = quote_open(open, text, len);
	}
	return sd_bad(rd, line, "record over 1 MiB%s", open ? " (a quoted field never closed)" : "");
}

/* Reads one row; *line is where it started. */
static int read_row(struct sd_reader *rd, struct csv_state *cs, long *line)
{
	char *text;
	size_t len, fed = 0;
	int r;

	restart(cs);
	*line = 0;
	for (;;) {
		r = sd_input_line(&rd->in, &text, &len);
		if (r == SD_LINE_ERROR)
			return sd_read_failed(rd);
		if (r == SD_LINE_LONG)
			return sd_bad(rd, rd->in.lineno, "record over 1 MiB");
		if (r == SD_LINE_EOF) {
			if (!*line)
				return SD_READ_EOF;
			if (csv_fini(&cs->parser, on_field, on_row, cs) != 0)
				return sd_bad(rd, *line, "bad CSV: unterminated quoted field");
			return SD_READ_OK;
		}
		if (!*line) {
			if (sd_is_blank(text, len))
				continue;
			*line = rd->in.lineno;
		}
		if (csv_parse(&cs->parser, text, len, on_field, on_row, cs) != len ||
		    csv_parse(&cs->parser, "\n", 1, on_field, on_row, cs) != 1)
			return sd_bad(rd, *line, "bad CSV: %s", csv_strerror(csv_error(&cs->parser)));
		if (cs->too_wide)
			return sd_bad(rd, *line, "row has more than %d fields", MAX_COLUMNS);
		if (cs->fields.failed) {
			errno = ENOMEM;
			return sd_read_failed(rd);
		}
		if (cs->row_done)
			return cs->fields.len > SD_MAXRECORD ?
				sd_bad(rd, *line, "record over 1 MiB") : SD_READ_OK;
		/* a quoted field goes on: the parser holds its lines, count them */
		fed += len + 1;
		if (fed > SD_MAXRECORD)
			return skip_long_row(rd, *line);
	}
}

/* The key a header's column names.  "solutions" is the board of the
 * public data sets (quizzes,solutions) only where no other column is the
 * board: beside one it is the count of solutions our solvers write. */
static const char *column_key(const char *name, bool board_column)
{
	static const char *const alias[][2] = {
		{ "puzzle", "puzzle" }, { "quizzes", "puzzle" }, { "quiz", "puzzle" },
		{ "board", "board" }, { "solution", "board" },
		{ "id", "id" }, { "size", "size" }, { "box", "box" },
	};

	if (!board_column && !strcasecmp(name, "solutions"))
		return "board";
	for (size_t i = 0; i < sizeof alias / sizeof *alias; i++)
		if (!strcasecmp(name, alias[i][0]))
			return alias[i][1];
	return name;
}

static int read_header(struct sd_reader *rd, struct csv_state *cs)
{
	long line;
	int r = read_row(rd, cs, &line);
	bool puzzle = false, board = false;

	if (r != SD_READ_OK)
		return r;
	cs->names = json_array();
	for (int i = 0; i < cs->nfields; i++) {
		const char *name = cs->fields.p + cs->start[i];
		if (!sd_utf8_valid(name, strlen(name))) {
			cs->dead = true;
			return sd_bad(rd, line, "column %d: name is not valid UTF-8", i + 1);
		}
		board |= !strcmp(column_key(name, true), "board");
	}
	for (int i = 0; i < cs->nfields; i++) {
		const char *key = column_key(cs->fields.p + cs->start[i], board);
		puzzle |= !strcmp(key, "puzzle");
		json_array_append_new(cs->names, json_string(key));
	}
	cs->ncols = cs->nfields;
	cs->header_done = true;
	if (!puzzle) {
		cs->dead = true;
		return sd_bad(rd, line, "no puzzle column in the CSV header");
	}
	return SD_READ_OK;
}

/* Numbers, lists and objects come back as JSON; everything else as text
 * ("0042" stays text: JSON numbers have no leading zeros). */
static json_t *field_value(const char *key, const char *s)
{
	bool board = !strcmp(key, "puzzle") || !strcmp(key, "board") || !strcmp(key, "box");

	if (strcmp(key, "id") && (*s == '[' || (!board && (*s == '{' || *s == '-' ||
							    isdigit((unsigned char)*s))))) {
		json_t *v = json_loads(s, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, NULL);
		if (v && (json_is_number(v) || json_is_array(v) || json_is_object(v)))
			return v;
		json_decref(v);
	}
	return json_string(s);
}

int sd_read_csv(struct sd_reader *rd, struct sd_record *rec)
{
	struct csv_state *cs = rd->csv;
	long line;
	int r;

	if (!cs) {
		cs = rd->csv = calloc(1, sizeof *cs);
		if (!cs || csv_init(&cs->parser, CSV_STRICT | CSV_STRICT_FINI) != 0) {
			errno = ENOMEM;
			return sd_read_failed(rd);
		}
	}
	if (cs->dead)
		return SD_READ_EOF;
	if (!cs->header_done && (r = read_header(rd, cs)) != SD_READ_OK)
		return r;
	r = read_row(rd, cs, &line);
	if (r != SD_READ_OK)
		return r;
	rec->file = rd->in.name;
	rec->line = line;
	rec->format = SD_FMT_CSV;
	if (cs->nfields != cs->ncols)
		return sd_bad(rd, line, "row has %d field%s; the header has %d", cs->nfields, sd_plural(cs->nfields), cs->ncols);
	/* an empty field is a key the record does not have */
	json_t *obj = json_object();
	for (int i = 0; i < cs->ncols; i++) {
		const char *key = json_string_value(json_array_get(cs->names, (size_t)i));
		const char *s = cs->fields.p + cs->start[i];
		if (!sd_utf8_valid(s, strlen(s))) {
			json_decref(obj);
			return sd_bad(rd, line, "%s: not valid UTF-8", key);
		}
		if (*s)
			json_object_set_new(obj, key, field_value(key, s));
	}
	r = sd_record_from_json(rd, rec, obj);
	json_decref(obj);
	if (r < 0)
		return sd_bad(rd, line, "%s", rd->err);
	rec->columns = json_incref(cs->names);
	return SD_READ_OK;
}

static void put_field(struct sd_buf *b, const char *s, size_t len)
{
	size_t need;

	/* quote only where CSV needs it, as the public data sets do */
	if (!len || (s[0] != ' ' && s[len - 1] != ' ' && !memchr(s, ',', len) &&
		     !memchr(s, '"', len) && !memchr(s, '\n', len) && !memchr(s, '\r', len))) {
		sd_buf_add(b, s, len);
		return;
	}
	need = csv_write(NULL, 0, s, len);
	if (!sd_buf_reserve(b, need))
		return;
	csv_write(b->p + b->len, need, s, len);
	b->len += need;
	b->p[b->len] = '\0';
}

static bool has_column(const json_t *columns, const char *key)
{
	size_t i;
	json_t *col;

	json_array_foreach(columns, i, col)
		if (!strcmp(json_string_value(col), key))
			return true;
	return false;
}

static void add_column(json_t *columns, const char *key)
{
	/* size is the puzzle's, never a column of its own */
	if (strcmp(key, "size") && !has_column(columns, key))
		json_array_append_new(columns, json_string(key));
}

/* The columns, fixed by the first record: id, box, puzzle and board, the
 * keys the program adds (whether this record has them or not), then the
 * other keys of its input: a csv input's header, else the record's.  A
 * record from a pack carries the columns its packer's run fixed at its
 * own first record, so that every block writes one run's header and
 * refuses the rows that run refuses. */
json_t *sd_csv_columns(const struct sd_record *rec, const char *const *tool_keys, int ntool)
{
	static const char *const base[] = { "id", "box", "puzzle", "board" };
	json_t *columns, *v;
	const char *key;
	size_t i;

	if (rec->columns_whole)
		return json_copy(rec->columns);
	columns = json_array();
	for (size_t k = 0; k < sizeof base / sizeof *base; k++)
		add_column(columns, base[k]);
	if (rec->cand)
		add_column(columns, "candidates");
	for (int k = 0; k < ntool; k++)
		add_column(columns, tool_keys[k]);
	if (rec->columns)
		json_array_foreach(rec->columns, i, v)
			add_column(columns, json_string_value(v));
	if (rec->keys)
		json_object_foreach(rec->keys, key, v)
			add_column(columns, key);
	return columns;
}

int sd_put_csv(struct sd_buf *b, const struct sd_record *rec, json_t **columns,
	       const char *const *tool_keys, int ntool, const char **missing)
{
	struct sd_buf value = { 0 };
	const char *key;
	size_t i;
	json_t *col, *v;

	bool first = !*columns;

	*missing = NULL;
	if (first)
		*columns = sd_csv_columns(rec, tool_keys, ntool);
	if (rec->cand && !has_column(*columns, "candidates"))
		*missing = "candidates";
	if (rec->keys)
		json_object_foreach(rec->keys, key, v)
			if (!*missing && !has_column(*columns, key))
				*missing = key;
	if (*missing) {
		/* only a pack's header can refuse the first row: the next row
		 * written writes the header */
		if (first) {
			json_decref(*columns);
			*columns = NULL;
		}
		return -1;
	}
	if (first) {
		json_array_foreach(*columns, i, col) {
			if (i)
				sd_buf_putc(b, ',');
			put_field(b, json_string_value(col), json_string_length(col));
		}
		sd_buf_putc(b, '\n');
	}
	json_array_foreach(*columns, i, col) {
		const char *name = json_string_value(col);
		value.len = 0;
		if (!strcmp(name, "id")) {
			if (rec->id)
				sd_buf_puts(&value, rec->id);
		} else if (!strcmp(name, "box")) {
			/* RxC, without the comma of [R,C], keeps awk -F, in step */
			if (rec->g.r)
				sd_buf_printf(&value, "%dx%d", rec->g.r, rec->g.c);
		} else if (!strcmp(name, "puzzle") || !strcmp(name, "board")) {
			bool puzzle = name[0] == 'p';
			if (puzzle || rec->has_board) {
				sd_put_board_value(&value, &rec->g, puzzle ? rec->puzzle : rec->board);
				if (value.p[0] == '"') {
					memmove(value.p, value.p + 1, value.len - 2);
					value.len -= 2;
				}
			}
		} else if (!strcmp(name, "candidates")) {
			if (rec->cand)
				sd_put_cand_symbols(&value, &rec->g, rec->cand, "." SD_STANDARD_SYMBOLS);
		} else if ((v = sd_record_get(rec, name))) {
			if (json_is_string(v))
				sd_buf_puts(&value, json_string_value(v));
			else
				sd_buf_json(&value, v);
		}
		if (i)
			sd_buf_putc(b, ',');
		put_field(b, value.p ? value.p : "", value.len);
	}
	sd_buf_putc(b, '\n');
	sd_buf_free(&value);
	return 0;
}
