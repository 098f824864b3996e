/* JSON: any sequence of objects separated by white space in, JSON Lines out. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "format/codec.h"

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

int sd_read_json_object(struct sd_reader *rd, json_t **out, long *at)
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
		return sd_read_failed(rd);
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
		if (rd->text.failed) {
			errno = ENOMEM;
			return sd_read_failed(rd);
		}
		if (rd->text.len > SD_MAXRECORD) {
			resync(rd);
			return sd_bad(rd, first, "record over 1 MiB");
		}
		sd_buf_putc(&rd->text, '\n');
		r = sd_input_line(&rd->in, &p, &left);
		if (r == SD_LINE_ERROR)
			return sd_read_failed(rd);
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
	*at = first;
	json_error_t jerr;
	*out = json_loadb(rd->text.p, rd->text.len, JSON_REJECT_DUPLICATES, &jerr);
	if (!*out) {
		bool later = rd->in.lineno > first;
		if (later)
			resync(rd);
		return sd_bad(rd, first + jerr.line - 1, "bad JSON: %s", jerr.text);
	}
	return SD_READ_OK;
}

int sd_json_record(struct sd_reader *rd, struct sd_record *rec, json_t *obj, long first)
{
	rec->file = rd->in.name;
	rec->line = first;
	rec->format = SD_FMT_JSON;
	if (sd_record_from_json(rd, rec, obj) < 0)
		return sd_bad(rd, first, "%s", rd->err);
	return SD_READ_OK;
}

void sd_put_json(struct sd_buf *b, const struct sd_record *rec)
{
	const char *key;
	json_t *v;

	sd_buf_putc(b, '{');
	if (rec->id) {
		sd_buf_puts(b, "\"id\":");
		sd_put_json_string(b, rec->id);
		sd_buf_putc(b, ',');
	}
	/* a jigsaw has regions in place of boxes */
	sd_buf_printf(b, "\"size\":%d,", rec->g.n);
	if (rec->g.r)
		sd_buf_printf(b, "\"box\":[%d,%d],", rec->g.r, rec->g.c);
	sd_buf_puts(b, "\"puzzle\":");
	sd_put_board_value(b, &rec->g, rec->puzzle);
	if (rec->cand && rec->g.n <= SD_MAXLINE_N) {
		sd_buf_puts(b, ",\"candidates\":\"");
		sd_put_cand_symbols(b, &rec->g, rec->cand, "." SD_STANDARD_SYMBOLS);
		sd_buf_putc(b, '"');
	}
	if (rec->has_board) {
		sd_buf_puts(b, ",\"board\":");
		sd_put_board_value(b, &rec->g, rec->board);
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
