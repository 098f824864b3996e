/* The grid format: N rows of N cells, an optional "N" or "RxC" header,
 * records separated by blank lines. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "format/codec.h"

/* Splits a row into cells: on tabs or commas when it has any (an empty
 * field is an empty cell), else on runs of blanks.  Returns the count, or
 * -1 with a message. */
static int split_row(char *line, size_t len, char **cells, int max)
{
	bool delimited = memchr(line, '\t', len) || memchr(line, ',', len);
	char *p = line, *end = line + len;
	int count = 0;

	for (;;) {
		char *start, *stop;
		if (!delimited) {
			while (p < end && *p == ' ')
				p++;
			if (p == end)
				return count;
		}
		start = p;
		while (p < end && (delimited ? *p != '\t' && *p != ',' : *p != ' '))
			p++;
		stop = p;
		while (start < stop && *start == ' ')
			start++;
		while (stop > start && stop[-1] == ' ')
			stop--;
		if (count == max)
			return max + 1;
		cells[count++] = start;
		if (p == end) {
			*stop = '\0';
			return count;
		}
		*stop = '\0';
		p++;
	}
}

/* A cell: 0, ., -1 or nothing for empty; a number; or a symbol. */
static int cell_value(const char *s, const struct sd_alphabet *a, int n)
{
	char *end;
	long v;

	if (!*s || !strcmp(s, ".") || !strcmp(s, "-1"))
		return 0;
	if (isdigit((unsigned char)*s)) {
		v = strtol(s, &end, 10);
		return *end || v > n ? -1 : (int)v;
	}
	if (!s[1] && a->value[(unsigned char)*s] > 0 && a->value[(unsigned char)*s] <= n)
		return a->value[(unsigned char)*s];
	return -1;
}

static bool parse_header(const char *s, struct sd_geom *g)
{
	char *end;
	long n;

	memset(g, 0, sizeof *g);
	if (strchr(s, 'x') || strchr(s, 'X'))
		return sd_geom_parse(s, g) == 0;
	n = strtol(s, &end, 10);
	if (*end || end == s || !sd_size_ok(n))
		return false;
	g->n = (int)n;
	return true;
}

/* Skips the rest of a bad record, up to its blank line. */
static int resync(struct sd_reader *rd, long line, const char *fmt, const char *detail)
{
	rd->skip_to_blank = true;
	return sd_bad(rd, line, fmt, detail);
}

int sd_read_grid(struct sd_reader *rd, struct sd_record *rec)
{
	const struct sd_alphabet *a = &rd->o->alpha;
	char *line, *cells[SD_MAXN + 1];
	size_t len;
	int r, n = 0, rows = 0;
	bool started = false;
	struct sd_geom stated = { 0, 0, 0 };

	for (;;) {
		r = sd_input_line(&rd->in, &line, &len);
		if (r == SD_LINE_ERROR)
			return sd_read_failed(rd);
		if (r == SD_LINE_EOF) {
			if (!started)
				return SD_READ_EOF;
			return sd_bad(rd, rec->line, "grid has %d row%s; expected %d", rows, sd_plural(rows), n);
		}
		if (r == SD_LINE_LONG)
			return resync(rd, rd->in.lineno, "%s", "record over 1 MiB");
		bool blank = sd_is_blank(line, len);
		if (rd->skip_to_blank) {
			rd->skip_to_blank = !blank;
			continue;
		}
		if (!started) {
			if (!blank && sd_rules_comment(rd, line, len) == SD_READ_BAD)
				return SD_READ_BAD;
			if (blank || line[0] == '#')
				continue;
			started = true;
			rec->file = rd->in.name;
			rec->line = rd->in.lineno;
			rec->format = SD_FMT_GRID;
		}
		if (blank) {
			if (rows == 0)
				return sd_bad(rd, rec->line, "grid header without rows");
			return sd_bad(rd, rec->line, "grid has %d row%s; expected %d", rows, sd_plural(rows), n);
		}
		int count = split_row(line, len, cells, SD_MAXN);
		if (rows == 0 && n == 0 && count == 1) {
			if (!parse_header(cells[0], &stated)) {
				char shown[40];
				return resync(rd, rd->in.lineno, "bad grid header '%s'; expected N or RxC",
					      sd_printable(cells[0], shown, sizeof shown));
			}
			n = stated.n;
			continue;
		}
		if (count > SD_MAXN)
			return resync(rd, rd->in.lineno, "%s", "row has more than 64 cells");
		if (n == 0)
			n = count;
		if (count != n) {
			snprintf(rd->err, sizeof rd->err, "row has %d cell%s; expected %d", count, sd_plural(count), n);
			return resync(rd, rd->in.lineno, "%s", rd->err);
		}
		for (int c = 0; c < n; c++) {
			int i = rows * n + c;
			/* n places: a cell's candidates (no value has n digits) */
			if (strlen(cells[c]) == (size_t)n) {
				if (!rec->cand && !sd_record_new_cand(rec, n))
					return sd_read_failed(rd);
				if (sd_cell_cand_from_symbols(cells[c], a, n, &rec->cand[i]) < 0) {
					char shown[40];
					snprintf(rd->err, sizeof rd->err, "bad candidates '%s' at r%dc%d "
						 "(place k holds symbol k or '.')",
						 sd_printable(cells[c], shown, sizeof shown), rows + 1, c + 1);
					return resync(rd, rd->in.lineno, "%s", rd->err);
				}
				rec->puzzle[i] = 0;
				continue;
			}
			int v = cell_value(cells[c], a, n);
			if (v < 0) {
				char shown[40];
				snprintf(rd->err, sizeof rd->err, "bad cell '%s' at r%dc%d (0 to %d)",
					 sd_printable(cells[c], shown, sizeof shown), rows + 1, c + 1, n);
				return resync(rd, rd->in.lineno, "%s", rd->err);
			}
			rec->puzzle[i] = (uint8_t)v;
		}
		if (++rows == n)
			break;
	}
	/* the record ends at a blank line or the end of the input */
	r = sd_input_line(&rd->in, &line, &len);
	if (r == SD_LINE_OK && !sd_is_blank(line, len))
		return resync(rd, rd->in.lineno, "%s", "grid has more rows than columns");
	rec->g.n = n;
	if ((r = sd_stated_rules(rd, rec)) != 0)
		return r;
	if (sd_record_settle(rec, rd->o, stated.r ? &stated : NULL, rd->err, sizeof rd->err) < 0)
		return sd_bad(rd, rec->line, "%s", rd->err);
	return SD_READ_OK;
}

void sd_put_grid(struct sd_buf *b, const struct sd_record *rec)
{
	const struct sd_geom *g = &rec->g;
	const uint8_t *v = sd_values(rec);

	if (!g->r || sd_geom_is_default(g))
		sd_buf_printf(b, "%d\n", g->n);
	else
		sd_buf_printf(b, "%dx%d\n", g->r, g->c);
	for (int r = 0; r < g->n; r++)
		for (int c = 0; c < g->n; c++) {
			int i = r * g->n + c;
			if (rec->cand && !v[i]) {
				sd_put_cell_cand_symbols(b, g->n, rec->cand[i], "." SD_STANDARD_SYMBOLS);
				sd_buf_putc(b, c + 1 == g->n ? '\n' : ' ');
			} else {
				sd_buf_printf(b, "%d%c", v[i], c + 1 == g->n ? '\n' : ' ');
			}
		}
	sd_buf_putc(b, '\n');
}
