/* Records (givens, current values and the keys programs add) and what
 * every format shares: boards as symbols or as rows, records from JSON
 * objects (csv rows become one too), and a reader's errors. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "format/codec.h"

void sd_record_init(struct sd_record *rec)
{
	memset(rec, 0, sizeof *rec);
}

void sd_record_free(struct sd_record *rec)
{
	free(rec->cand);
	free(rec->id);
	sd_rules_free(rec->rules);
	json_decref(rec->keys);
	json_decref(rec->columns);
	sd_record_init(rec);
}

void sd_record_reset(struct sd_record *rec)
{
	json_decref(rec->keys);
	rec->keys = NULL;
	json_decref(rec->columns);
	rec->columns = NULL;
	rec->columns_whole = false;
	free(rec->id);
	rec->id = NULL;
	sd_rules_free(rec->rules);
	rec->rules = NULL;
	rec->g.n = 0;
	rec->has_board = false;
	free(rec->cand);
	rec->cand = NULL;
	rec->changes_given = false;
	rec->file = NULL;
	rec->line = 0;
	rec->format = SD_FMT_AUTO;
	rec->write_as = SD_FMT_AUTO;
}

uint64_t *sd_record_new_cand(struct sd_record *rec, int n)
{
	size_t cells = (size_t)n * (size_t)n;

	free(rec->cand);
	if ((rec->cand = malloc(cells * sizeof *rec->cand)))
		for (size_t i = 0; i < cells; i++)
			rec->cand[i] = sd_all_values(n);
	return rec->cand;
}

int sd_record_set_id(struct sd_record *rec, const char *id, size_t len)
{
	char *p = realloc(rec->id, len + 1);

	if (!p)
		return -1;
	memcpy(p, id, len);
	p[len] = '\0';
	rec->id = p;
	return 0;
}

int sd_record_set_rules(struct sd_record *rec, struct sd_rules *rules)
{
	if (rules == rec->rules)
		return 0;
	sd_rules_free(rec->rules);
	rec->rules = NULL;
	if (rec->keys)
		json_object_del(rec->keys, "rules");
	if (sd_rules_classic(rules)) {
		sd_rules_free(rules);
		return 0;
	}
	json_t *v = sd_rules_json(rules);
	rec->rules = rules;
	if (!v)
		return -1;
	sd_record_set_new(rec, "rules", v);
	return 0;
}

void sd_wrong_cells(const struct sd_record *rec, bool *wrong)
{
	json_t *list = sd_record_get(rec, "wrong"), *v;
	size_t i;

	memset(wrong, 0, (size_t)sd_cells(&rec->g) * sizeof *wrong);
	if (!json_is_array(list))
		return;
	json_array_foreach(list, i, v) {
		int cell = json_is_string(v) ? sd_cell_parse(&rec->g, json_string_value(v)) : -1;
		if (cell >= 0)
			wrong[cell] = true;
	}
}

bool sd_record_solves(const struct sd_record *rec, const uint8_t *v)
{
	char err[160];
	struct sd_ruleset *rs;
	bool solved;

	if (!rec->rules)
		return sd_is_solution(&rec->g, v);
	/* rules that make no board were refused when read; out of memory,
	 * nothing is called solved */
	if (!(rs = sd_ruleset_new(&rec->g, rec->rules, err, sizeof err)))
		return false;
	solved = sd_ruleset_solved(rs, v);
	sd_ruleset_free(rs);
	return solved;
}

int sd_rules_refuse(const struct sd_record *rec, unsigned honoured, char *err, size_t errlen)
{
	unsigned left = sd_rules_used(rec->rules) & ~honoured;

	for (int k = 0; k < SD_RULE_COUNT; k++)
		if (left & (1u << k)) {
			snprintf(err, errlen, "the %s rule is not one this program honours yet",
				 k == SD_RULE_REGION ? "jigsaw" : k == SD_RULE_DIAGONAL ? "X (diagonal)" :
				 k == SD_RULE_CAGE ? "killer cage" : sd_rule_names[k]);
			return -1;
		}
	return 0;
}

static json_t *keys_of(struct sd_record *rec)
{
	if (!rec->keys)
		rec->keys = json_object();
	return rec->keys;
}

void sd_record_set_new(struct sd_record *rec, const char *key, json_t *value)
{
	json_t *keys = keys_of(rec);

	if (!keys || !value) {
		json_decref(value);
		return;
	}
	json_object_set_new(keys, key, value);
}

void sd_record_set_int(struct sd_record *rec, const char *key, long long v)
{
	sd_record_set_new(rec, key, json_integer(v));
}

void sd_record_set_str(struct sd_record *rec, const char *key, const char *s)
{
	sd_record_set_new(rec, key, json_string(s));
}

json_t *sd_record_get(const struct sd_record *rec, const char *key)
{
	return rec->keys ? json_object_get(rec->keys, key) : NULL;
}

uint64_t sd_record_seed(uint64_t run_seed, const struct sd_record *rec)
{
	if (rec->id && *rec->id)
		return sd_seed_mix(run_seed, rec->id, strlen(rec->id));
	return sd_seed_mix(run_seed, rec->puzzle, (size_t)sd_cells(&rec->g));
}

int sd_record_settle(struct sd_record *rec, const struct sd_read_opts *o,
		     const struct sd_geom *stated, char *err, size_t errlen)
{
	int n = rec->g.n;
	struct sd_geom g;

	if (rec->rules && rec->rules->jigsaw) {
		/* regions replace the boxes: a shape stated beside them is a
		 * contradiction */
		if ((stated && stated->r) || o->have_box) {
			snprintf(err, errlen, "jigsaw regions replace the boxes; %s must not state a box",
				 stated && stated->r ? "the record" : "-b");
			return -1;
		}
		g = (struct sd_geom){ n, 0, 0 };
	} else if (stated && stated->r) {
		if (stated->n != n) {
			snprintf(err, errlen, "box %dx%d does not fit a %dx%d board",
				 stated->r, stated->c, n, n);
			return -1;
		}
		if (o->have_box && (o->box.r != stated->r || o->box.c != stated->c)) {
			snprintf(err, errlen, "box %dx%d contradicts -b %dx%d",
				 stated->r, stated->c, o->box.r, o->box.c);
			return -1;
		}
		g = *stated;
	} else if (o->have_box) {
		if (o->box.n != n) {
			snprintf(err, errlen, "-b %dx%d does not fit a %dx%d board",
				 o->box.r, o->box.c, n, n);
			return -1;
		}
		g = o->box;
	} else if (sd_geom_default(n, &g) < 0) {
		if (n > SD_MAXN || n < 4)
			snprintf(err, errlen, "size %d is out of range (4 to %d)", n, SD_MAXN);
		else
			snprintf(err, errlen, "size %d has no boxes", n);
		return -1;
	}
	rec->g = g;
	if (rec->rules) {
		/* rules that make no board of this shape are the reader's error */
		struct sd_ruleset *rs = sd_ruleset_new(&g, rec->rules, err, errlen);
		if (!rs)
			return -1;
		sd_ruleset_free(rs);
	}
	if (sd_rules_refuse(rec, o->rules_honoured, err, errlen) < 0)
		return -1;
	/* a given is its cell's one candidate, whatever the marks say */
	for (int i = 0; rec->cand && i < n * n; i++)
		if (rec->puzzle[i])
			rec->cand[i] = 1ULL << (rec->puzzle[i] - 1);
	if (!rec->has_board)
		return 0;
	for (int i = 0; i < n * n; i++) {
		if (!rec->puzzle[i])
			continue;
		if (rec->board[i] && rec->board[i] != rec->puzzle[i] && o->keep_changed_givens) {
			if (!rec->changes_given)
				rec->changed_cell = i;
			rec->changes_given = true;
			continue;
		}
		if (rec->board[i] && rec->board[i] != rec->puzzle[i]) {
			char name[32];
			sd_cell_name(&g, i, name);
			snprintf(err, errlen, "board changes the given at %s", name);
			return -1;
		}
		rec->board[i] = rec->puzzle[i];
	}
	return 0;
}

int sd_bad(struct sd_reader *rd, long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rd->message, sizeof rd->message, fmt, ap);
	va_end(ap);
	rd->message_line = line;
	return SD_READ_BAD;
}

int sd_read_failed(struct sd_reader *rd)
{
	snprintf(rd->message, sizeof rd->message, "%s", strerror(errno));
	rd->message_line = 0;
	return SD_READ_FAIL;
}

int sd_content_line(struct sd_reader *rd, char **line, size_t *len)
{
	for (;;) {
		int r = sd_input_line(&rd->in, line, len);
		if (r == SD_LINE_EOF)
			return SD_READ_EOF;
		if (r == SD_LINE_ERROR)
			return sd_read_failed(rd);
		if (r == SD_LINE_LONG)
			return sd_bad(rd, rd->in.lineno, "record over 1 MiB");
		if (!sd_is_blank(*line, *len) && (*line)[0] != '#')
			return SD_READ_OK;
		if (sd_box_comment(*line, *len, &rd->line_box) < 0)
			return sd_bad(rd, rd->in.lineno, "bad box shape in '%.*s'; expected # box RxC",
				      (int)(*len > 40 ? 40 : *len), *line);
		if (sd_rules_comment(rd, *line, *len) == SD_READ_BAD)
			return SD_READ_BAD;
	}
}

int sd_rules_comment(struct sd_reader *rd, const char *line, size_t len)
{
	size_t i = 1;
	json_error_t jerr;
	json_t *v;

	if (!len || line[0] != '#')
		return 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (len - i < 6 || strncmp(line + i, "rules", 5) != 0 || (line[i + 5] != ' ' && line[i + 5] != '\t'))
		return 0;
	/* "# rules {": a comment that only begins with the word stays one */
	size_t at = i + 5;
	while (at < len && (line[at] == ' ' || line[at] == '\t'))
		at++;
	if (at == len || line[at] != '{')
		return 0;
	/* the records under a rules line that cannot be read are not read as
	 * if it were not there: they are refused up to the next one */
	rd->line_rules_bad = rd->in.lineno;
	if (!(v = json_loadb(line + i + 6, len - i - 6, JSON_REJECT_DUPLICATES, &jerr)))
		return sd_bad(rd, rd->in.lineno, "bad rules: %s; expected # rules {JSON object}", jerr.text);
	if (sd_rules_check_names(v, rd->err, sizeof rd->err) < 0) {
		json_decref(v);
		return sd_bad(rd, rd->in.lineno, "%s", rd->err);
	}
	rd->line_rules_bad = 0;
	json_decref(rd->line_rules);
	rd->line_rules = json_object_size(v) ? v : NULL;
	if (!rd->line_rules)
		json_decref(v);
	return 1;
}

int sd_stated_rules(struct sd_reader *rd, struct sd_record *rec)
{
	struct sd_rules *rules;
	char sub[200];

	if (rd->line_rules_bad)
		return sd_bad(rd, rec->line, "under the '# rules' line %ld, which could not be read",
			      rd->line_rules_bad);
	if (!rd->line_rules)
		return 0;
	if (sd_rules_from_json(rd->line_rules, rec->g.n, &rules, sub, sizeof sub) < 0)
		return sd_bad(rd, rec->line, "rules: %s", sub);
	if (sd_record_set_rules(rec, rules) < 0)
		return sd_read_failed(rd);
	return 0;
}

int sd_box_comment(const char *line, size_t len, struct sd_geom *g)
{
	char shape[16];
	size_t i = 1, start;

	if (!len || line[0] != '#')
		return 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (len - i < 4 || strncmp(line + i, "box", 3) != 0 || (line[i + 3] != ' ' && line[i + 3] != '\t'))
		return 0;
	for (i += 3; i < len && (line[i] == ' ' || line[i] == '\t'); i++)
		;
	start = i;
	while (i < len && line[i] != ' ' && line[i] != '\t')
		i++;
	if (i - start >= sizeof shape)
		return -1;
	memcpy(shape, line + start, i - start);
	shape[i - start] = '\0';
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	return i == len && sd_geom_parse(shape, g) == 0 ? 1 : -1;
}

int sd_board_from_symbols(const char *s, size_t len, const struct sd_alphabet *a,
			  int n, uint8_t *cells, char *err, size_t errlen)
{
	if (len != (size_t)n * (size_t)n) {
		snprintf(err, errlen, "board has %zu symbol%s; size %d needs %d", len, sd_plural((long long)len), n, n * n);
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
		snprintf(err, errlen, "board has %d row%s; expected %d", rows, sd_plural(rows), *n);
		return -1;
	}
	for (int r = 0; r < rows; r++) {
		json_t *row = json_array_get(v, (size_t)r);
		if (json_is_string(row)) {
			size_t len = json_string_length(row);
			if (len != (size_t)*n) {
				snprintf(err, errlen, "row %d has %zu cell%s; expected %d", r + 1, len, sd_plural((long long)len), *n);
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

static int box_from_json(const json_t *v, struct sd_geom *g)
{
	if (json_is_string(v))
		return sd_geom_parse(json_string_value(v), g);
	if (!json_is_array(v) || json_array_size(v) != 2 ||
	    !json_is_integer(json_array_get(v, 0)) || !json_is_integer(json_array_get(v, 1)))
		return -1;
	return sd_geom_from_sides(json_integer_value(json_array_get(v, 0)),
				  json_integer_value(json_array_get(v, 1)), g);
}

int sd_record_from_json(struct sd_reader *rd, struct sd_record *rec, json_t *obj)
{
	char *err = rd->err;
	size_t errlen = sizeof rd->err;
	const char *key;
	json_t *v;
	struct sd_geom stated = { 0, 0, 0 };
	int n = 0;
	char sub[200];

	if (!json_is_object(obj)) {
		snprintf(err, errlen, "expected an object");
		return -1;
	}
	/* an empty name is none: csv writes no name as an empty field */
	if ((v = json_object_get(obj, "id")) && !json_is_null(v)) {
		if (json_is_string(v)) {
			if (json_string_length(v))
				sd_record_set_id(rec, json_string_value(v), json_string_length(v));
		} else if (json_is_integer(v)) {
			char num[32];
			int len = snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
			sd_record_set_id(rec, num, (size_t)len);
		} else {
			snprintf(err, errlen, "id must be a string");
			return -1;
		}
	}
	if ((v = json_object_get(obj, "size"))) {
		if (!json_is_integer(v) || !sd_size_ok(json_integer_value(v))) {
			snprintf(err, errlen, "size must be an integer from 4 to %d", SD_MAXN);
			return -1;
		}
		n = (int)json_integer_value(v);
	}
	if ((v = json_object_get(obj, "box")) && box_from_json(v, &stated) < 0) {
		snprintf(err, errlen, "box must be [R, C] with R, C >= 2 and R*C <= %d", SD_MAXN);
		return -1;
	}
	if (stated.n && n && stated.n != n) {
		snprintf(err, errlen, "box %dx%d contradicts size %d", stated.r, stated.c, n);
		return -1;
	}
	if (!n)
		n = stated.n;
	/* csv writes none as an empty field */
	json_t *cand = json_object_get(obj, "candidates");
	if (cand && !json_is_null(cand) && !(json_is_string(cand) && !json_string_length(cand))) {
		if (!json_is_string(cand)) {
			snprintf(err, errlen, "candidates must be a string of N×N×N symbols");
			return -1;
		}
		int size = sd_pencil_size(json_string_length(cand));
		if (!size || (n && size != n)) {
			snprintf(err, errlen, "candidates have %zu symbols; expected N×N×N for %s",
				 json_string_length(cand), n ? "the size" : "a size N from 4 to 35");
			return -1;
		}
		n = size;
		if (!sd_record_new_cand(rec, n)) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (sd_cand_from_symbols(json_string_value(cand), json_string_length(cand),
					 &rd->standard, n, rec->cand, sub, sizeof sub) < 0) {
			snprintf(err, errlen, "candidates: %s", sub);
			return -1;
		}
	}
	if (!(v = json_object_get(obj, "puzzle")) && rec->cand) {
		memset(rec->puzzle, 0, (size_t)n * (size_t)n);
	} else if (!v) {
		snprintf(err, errlen, "no puzzle");
		return -1;
	}
	int given = n;
	if (v && sd_board_from_json(v, &rd->standard, &n, rec->puzzle, sub, sizeof sub) < 0) {
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
		if (sd_board_from_json(v, &rd->standard, &n, rec->board, sub, sizeof sub) < 0) {
			snprintf(err, errlen, "board: %s", sub);
			return -1;
		}
		rec->has_board = true;
	}
	if ((v = json_object_get(obj, "rules"))) {
		struct sd_rules *rules;
		if (sd_rules_from_json(v, n, &rules, sub, sizeof sub) < 0) {
			snprintf(err, errlen, "rules: %s", sub);
			return -1;
		}
		if (sd_record_set_rules(rec, rules) < 0) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	json_object_foreach(obj, key, v) {
		static const char *const known[] = { "id", "size", "box", "puzzle", "board", "candidates", "rules" };
		bool skip = false;
		for (int i = 0; i < 7; i++)
			skip |= !strcmp(key, known[i]);
		if (!skip)
			sd_record_set_new(rec, key, json_incref(v));
	}
	rec->g.n = n;
	return sd_record_settle(rec, rd->o, stated.n ? &stated : NULL, err, errlen);
}

void sd_put_symbols(struct sd_buf *b, const struct sd_geom *g, const uint8_t *v,
		    const char *symbol)
{
	int cells = sd_cells(g);
	char *out;

	if (!sd_buf_reserve(b, (size_t)cells))
		return;
	out = b->p + b->len;
	for (int i = 0; i < cells; i++)
		out[i] = symbol[v[i]];
	b->len += (size_t)cells;
	b->p[b->len] = '\0';
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

void sd_put_board_value(struct sd_buf *b, const struct sd_geom *g, const uint8_t *v)
{
	if (g->n <= SD_MAXLINE_N) {
		sd_buf_putc(b, '"');
		sd_put_symbols(b, g, v, "." SD_STANDARD_SYMBOLS);
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
