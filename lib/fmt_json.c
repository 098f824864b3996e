/* JSON: any sequence of objects separated by white space in, JSON Lines out. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

int sd_box_from_json(const json_t *v, struct sd_geom *g)
{
	if (json_is_string(v))
		return sd_geom_parse(json_string_value(v), g);
	if (!json_is_array(v) || json_array_size(v) != 2 ||
	    !json_is_integer(json_array_get(v, 0)) || !json_is_integer(json_array_get(v, 1)))
		return -1;
	json_int_t r = json_integer_value(json_array_get(v, 0));
	json_int_t c = json_integer_value(json_array_get(v, 1));
	if (r < 2 || c < 2 || r * c > SD_MAXN)
		return -1;
	g->r = (int)r;
	g->c = (int)c;
	g->n = (int)(r * c);
	return 0;
}

int sd_record_from_json(struct sd_record *rec, json_t *obj, const struct sd_read_opts *o,
			char *err, size_t errlen)
{
	const char *key;
	json_t *v;
	struct sd_geom stated = { 0, 0, 0 };
	int n = 0;
	char sub[200];

	if (!json_is_object(obj)) {
		snprintf(err, errlen, "expected an object");
		return -1;
	}
	if ((v = json_object_get(obj, "id")) && !json_is_null(v)) {
		if (json_is_string(v))
			sd_record_set_id(rec, json_string_value(v), json_string_length(v));
		else if (json_is_integer(v)) {
			char num[32];
			int len = snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
			sd_record_set_id(rec, num, (size_t)len);
		} else {
			snprintf(err, errlen, "id must be a string");
			return -1;
		}
	}
	if ((v = json_object_get(obj, "size"))) {
		if (!json_is_integer(v) || json_integer_value(v) < 4 || json_integer_value(v) > SD_MAXN) {
			snprintf(err, errlen, "size must be an integer from 4 to %d", SD_MAXN);
			return -1;
		}
		n = (int)json_integer_value(v);
	}
	if ((v = json_object_get(obj, "box")) && sd_box_from_json(v, &stated) < 0) {
		snprintf(err, errlen, "box must be [R, C] with R, C >= 2 and R*C <= %d", SD_MAXN);
		return -1;
	}
	if (stated.n && n && stated.n != n) {
		snprintf(err, errlen, "box %dx%d contradicts size %d", stated.r, stated.c, n);
		return -1;
	}
	if (!n)
		n = stated.n;
	if (!(v = json_object_get(obj, "puzzle"))) {
		snprintf(err, errlen, "no puzzle");
		return -1;
	}
	int given = n;
	if (sd_board_from_json(v, &o->alpha, &n, rec->puzzle, sub, sizeof sub) < 0) {
		if (given)
			snprintf(err, errlen, "puzzle does not fit size %d: %s", given, sub);
		else
			snprintf(err, errlen, "puzzle: %s", sub);
		return -1;
	}
	if (n < 4) {
		snprintf(err, errlen, "puzzle: size %d is out of range (4 to %d)", n, SD_MAXN);
		return -1;
	}
	if ((v = json_object_get(obj, "board")) && !json_is_null(v) &&
	    !(json_is_string(v) && json_string_length(v) == 0)) {
		if (sd_board_from_json(v, &o->alpha, &n, rec->board, sub, sizeof sub) < 0) {
			snprintf(err, errlen, "board: %s", sub);
			return -1;
		}
		rec->has_board = true;
	}
	json_object_foreach(obj, key, v) {
		static const char *const known[] = { "id", "size", "box", "puzzle", "board" };
		bool skip = false;
		for (int i = 0; i < 5; i++)
			skip |= !strcmp(key, known[i]);
		if (!skip)
			sd_record_set_new(rec, key, json_incref(v));
	}
	rec->g.n = n;
	return sd_record_settle(rec, o, stated.n ? &stated : NULL, err, errlen);
}

/* Skips white space and comment lines up to the next '{'; returns its
 * position in the current line, or NULL at the end. */
static int next_start(struct sd_reader *rd, char **at, size_t *left)
{
	for (;;) {
		while (rd->restlen && (*rd->rest == ' ' || *rd->rest == '\t')) {
			rd->rest++;
			rd->restlen--;
		}
		if (rd->restlen && *rd->rest != '#') {
			*at = rd->rest;
			*left = rd->restlen;
			return SD_LINE_OK;
		}
		int r = sd_input_line(&rd->in, &rd->rest, &rd->restlen);
		if (r != SD_LINE_OK) {
			rd->restlen = 0;
			return r;
		}
	}
}

/* Drops lines up to one that starts with '{'. */
static void resync(struct sd_reader *rd)
{
	char *line;
	size_t len;

	rd->restlen = 0;
	while (sd_input_line(&rd->in, &line, &len) == SD_LINE_OK)
		if (len && line[0] == '{') {
			sd_input_unread(&rd->in);
			return;
		}
}

int sd_read_json(struct sd_reader *rd, struct sd_record *rec)
{
	char *p;
	size_t left;
	int depth = 0, r;
	bool in_string = false, escaped = false;
	long first;

	r = next_start(rd, &p, &left);
	if (r == SD_LINE_EOF)
		return SD_READ_EOF;
	if (r == SD_LINE_ERROR)
		return SD_READ_FAIL;
	first = rd->in.lineno;
	if (r == SD_LINE_LONG) {
		resync(rd);
		return sd_bad(rd, first, "record over 1 MiB");
	}
	if (*p != '{') {
		resync(rd);
		return sd_bad(rd, first, "expected a JSON object");
	}
	rd->text.len = 0;
	/* find the end of the object: count braces outside strings */
	for (;;) {
		size_t i;
		for (i = 0; i < left; i++) {
			char ch = p[i];
			if (in_string) {
				if (escaped)
					escaped = false;
				else if (ch == '\\')
					escaped = true;
				else if (ch == '"')
					in_string = false;
			} else if (ch == '"') {
				in_string = true;
			} else if (ch == '{' || ch == '[') {
				depth++;
			} else if ((ch == '}' || ch == ']') && --depth == 0) {
				i++;
				break;
			}
		}
		sd_buf_add(&rd->text, p, i);
		if (depth == 0) {
			rd->rest = p + i;
			rd->restlen = left - i;
			break;
		}
		if (rd->text.len > SD_MAXRECORD) {
			resync(rd);
			return sd_bad(rd, first, "record over 1 MiB");
		}
		sd_buf_putc(&rd->text, '\n');
		r = sd_input_line(&rd->in, &p, &left);
		if (r == SD_LINE_ERROR)
			return SD_READ_FAIL;
		if (r == SD_LINE_EOF) {
			rd->restlen = 0;
			return sd_bad(rd, first, "truncated JSON object");
		}
		if (r == SD_LINE_LONG) {
			resync(rd);
			return sd_bad(rd, first, "record over 1 MiB");
		}
		/* a line opening a new object ends a broken one */
		if (left && *p == '{') {
			sd_input_unread(&rd->in);
			rd->restlen = 0;
			return sd_bad(rd, first, "truncated JSON object");
		}
	}
	rec->file = rd->in.name;
	rec->line = first;
	rec->format = SD_FMT_JSON;
	json_error_t jerr;
	json_t *obj = json_loadb(rd->text.p, rd->text.len, JSON_REJECT_DUPLICATES, &jerr);
	if (!obj) {
		bool later = rd->in.lineno > first;
		if (later)
			resync(rd);
		return sd_bad(rd, first + jerr.line - 1, "bad JSON: %s", jerr.text);
	}
	r = sd_record_from_json(rec, obj, rd->o, rd->err, sizeof rd->err);
	json_decref(obj);
	if (r < 0)
		return sd_bad(rd, first, "%s", rd->err);
	return SD_READ_OK;
}

void sd_put_json_string(struct sd_buf *b, const char *s)
{
	sd_buf_putc(b, '"');
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\') {
			sd_buf_putc(b, '\\');
			sd_buf_putc(b, (char)ch);
		} else if (ch < 0x20) {
			sd_buf_printf(b, "\\u%04x", ch);
		} else {
			sd_buf_putc(b, (char)ch);
		}
	}
	sd_buf_putc(b, '"');
}

/* A board as a string of symbols up to 35×35, as rows of numbers beyond. */
void sd_put_board_value(struct sd_buf *b, const struct sd_geom *g, const uint8_t *v,
			const struct sd_alphabet *a)
{
	if (g->n <= SD_MAXLINE_N && a->size >= g->n) {
		sd_buf_putc(b, '"');
		sd_put_symbols(b, g, v, a);
		sd_buf_putc(b, '"');
		return;
	}
	sd_buf_putc(b, '[');
	for (int r = 0; r < g->n; r++) {
		sd_buf_putc(b, '[');
		for (int c = 0; c < g->n; c++)
			sd_buf_printf(b, c ? ",%d" : "%d", v[r * g->n + c]);
		sd_buf_puts(b, r + 1 < g->n ? "]," : "]");
	}
	sd_buf_putc(b, ']');
}

void sd_put_json(struct sd_buf *b, const struct sd_record *rec, const struct sd_alphabet *a)
{
	const char *key;
	json_t *v;

	sd_buf_putc(b, '{');
	if (rec->id) {
		sd_buf_puts(b, "\"id\":");
		sd_put_json_string(b, rec->id);
		sd_buf_putc(b, ',');
	}
	sd_buf_printf(b, "\"size\":%d,\"box\":[%d,%d],\"puzzle\":", rec->g.n, rec->g.r, rec->g.c);
	sd_put_board_value(b, &rec->g, rec->puzzle, a);
	if (rec->has_board) {
		sd_buf_puts(b, ",\"board\":");
		sd_put_board_value(b, &rec->g, rec->board, a);
	}
	if (rec->keys)
		json_object_foreach(rec->keys, key, v) {
			sd_buf_putc(b, ',');
			sd_put_json_string(b, key);
			sd_buf_putc(b, ':');
			sd_buf_json(b, v);
		}
	sd_buf_puts(b, "}\n");
}
