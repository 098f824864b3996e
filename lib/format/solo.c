/* Simon Tatham's Solo game IDs, one a line: PARAMS:DESC [name].
 *
 * PARAMS is "RxC" (boxes of R rows and C columns) or "Nj" (jigsaw), then
 * "x" (both diagonals) and "k" (killer); Solo's letters for symmetry and
 * difficulty (r2, m4, md2, a, dt ... du) say how a puzzle was made, not
 * its rules, and are read past.  DESC is the givens, row by row: a letter
 * a..z for a run of 1..26 empty cells, a number for a given, "_" between
 * two numbers; then, for a jigsaw, ",BLOCKS" its regions; then, for a
 * killer, ",BLOCKS,SUMS" its cages and each cage's sum in one of its
 * cells, written as the givens are.  BLOCKS walks the lines between
 * cells, first the n-1 inside each row (row by row), then the n-1 inside
 * each column (column by column), and says how many are no wall between
 * two walls: "_" none, a..y 1..25, and z 26 with no wall after them. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "format/codec.h"

#define SOLO_MAXN 31           /* Solo's largest board */
#define SOLO_KILLER_MAXN 9     /* and its largest killer */

struct solo_params { int n, rows, cols; bool jigsaw, x, killer; };

/* ---- the shape of an ID --------------------------------------------- */

static size_t digits(const char *s, size_t i, size_t len)
{
	while (i < len && isdigit((unsigned char)s[i]))
		i++;
	return i;
}

bool sd_solo_shaped(const char *s, size_t len)
{
	const char *colon = memchr(s, ':', len);
	size_t i, plen;

	if (!colon || colon == s + len - 1)
		return false;
	plen = (size_t)(colon - s);
	if ((i = digits(s, 0, plen)) == 0)
		return false;
	if (i < plen && s[i] == 'x' && i + 1 < plen && isdigit((unsigned char)s[i + 1]))
		i = digits(s, i + 1, plen);
	for (; i < plen; i++)
		if (!islower((unsigned char)s[i]) && !isdigit((unsigned char)s[i]))
			return false;
	for (i = plen + 1; i < len; i++)
		if (!islower((unsigned char)s[i]) && !isdigit((unsigned char)s[i]) &&
		    s[i] != '_' && s[i] != ',')
			return false;
	return true;
}

/* A number of at most 3 digits at s[*i] (Solo's are below 1000). */
static int small_number(const char *s, size_t *i, size_t len)
{
	int v = 0;
	size_t start = *i;

	while (*i < len && isdigit((unsigned char)s[*i]) && *i - start < 4)
		v = v * 10 + (s[(*i)++] - '0');
	return *i - start < 4 ? v : -1;
}

/* PARAMS, as Solo reads them: 0, or -1 with a message. */
static int read_params(const char *s, size_t len, struct solo_params *p, char *err, size_t errlen)
{
	size_t i = 0;
	int c, r;
	bool seen_r = false;

	memset(p, 0, sizeof *p);
	c = r = small_number(s, &i, len);
	if (i < len && s[i] == 'x' && i + 1 < len && isdigit((unsigned char)s[i + 1])) {
		i++;
		r = small_number(s, &i, len);
		seen_r = true;
	}
	while (i < len) {
		char ch = s[i++];
		if (ch == 'j') {
			if (seen_r)
				c *= r;
			r = 1;
			p->jigsaw = true;
		} else if (ch == 'x') {
			p->x = true;
		} else if (ch == 'k') {
			p->killer = true;
		} else if (ch == 'a') {
			;              /* no symmetry */
		} else if ((ch == 'r' || ch == 'm') && i < len) {
			if (ch == 'm' && s[i] == 'd')
				i++;
			size_t at = i;
			int k = small_number(s, &i, len);
			if (i == at || (ch == 'r' ? k != 2 && k != 4 : k != 2 && k != 4 && k != 8))
				goto unknown;
		} else if (ch == 'd' && i < len && strchr("tbiaeu", s[i])) {
			i++;           /* a difficulty */
		} else {
		unknown:
			snprintf(err, errlen, "Solo parameters '%.*s': '%c' is no rule or setting "
				 "of Solo's that the toolkit knows", (int)len, s, ch);
			return -1;
		}
	}
	if (c < 1 || r < 1 || (r == 1 && !p->jigsaw)) {
		snprintf(err, errlen, "Solo parameters '%.*s' make no board", (int)len, s);
		return -1;
	}
	p->n = c * r;
	p->rows = p->jigsaw ? 0 : c;
	p->cols = p->jigsaw ? 0 : r;
	if (p->n < 4 || p->n > SOLO_MAXN) {
		snprintf(err, errlen, "Solo parameters '%.*s' make a %dx%d board; the toolkit's "
			 "Solo boards are 4x4 to %dx%d", (int)len, s, p->n, p->n, SOLO_MAXN, SOLO_MAXN);
		return -1;
	}
	return 0;
}

/* ---- the description ------------------------------------------------ */

/* A grid of numbers (the givens, or the cages' sums) up to a ',' or the
 * end, each from 1 to most: *i moves past it; 0, or -1 with a message. */
static int read_grid(const char *s, size_t *i, size_t len, int n, int most, int *v,
		     const char *what, char *err, size_t errlen)
{
	long cells = (long)n * n, at = 0;

	while (*i < len && s[*i] != ',') {
		char ch = s[*i];
		if (ch >= 'a' && ch <= 'z') {
			for (int run = ch - 'a' + 1; run > 0; run--, at++)
				if (at < cells)
					v[at] = 0;
			(*i)++;
		} else if (ch == '_') {
			(*i)++;
		} else if (ch >= '1' && ch <= '9') {
			size_t start = *i;
			int x = small_number(s, i, len);
			if (x < 1 || x > most) {
				snprintf(err, errlen, "%s: '%.*s' is not a number from 1 to %d", what,
					 (int)(*i - start), s + start, most);
				return -1;
			}
			if (at < cells)
				v[at] = x;
			at++;
		} else {
			snprintf(err, errlen, "%s: '%c' is neither a run of empty cells (a-z), "
				 "a number nor '_'", what, ch);
			return -1;
		}
	}
	if (at != cells) {
		snprintf(err, errlen, "%s: %ld cells; a %dx%d board has %ld", what, at, n, n, cells);
		return -1;
	}
	return 0;
}

/* The two cells on either side of line pos of BLOCKS. */
static void line_cells(int n, int pos, int *a, int *b)
{
	int inside = n * (n - 1);

	if (pos < inside) {
		*a = (pos / (n - 1)) * n + pos % (n - 1);
		*b = *a + 1;
	} else {
		*a = (pos % (n - 1)) * n + (pos - inside) / (n - 1);
		*b = *a + n;
	}
}

static int root(int *parent, int x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

/* BLOCKS up to a ',' or the end: each cell's block, numbered from 0 in
 * the order of their first cells; returns how many, or -1 with a message. */
static int read_blocks(const char *s, size_t *i, size_t len, int n, int *block,
		       const char *what, char *err, size_t errlen)
{
	int cells = n * n, lines = 2 * n * (n - 1), pos = 0, count = 0;
	int parent[SOLO_MAXN * SOLO_MAXN], number[SOLO_MAXN * SOLO_MAXN];

	for (int k = 0; k < cells; k++)
		parent[k] = k;
	while (*i < len && s[*i] != ',') {
		char ch = s[(*i)++];
		int open;
		if (ch == '_')
			open = 0;
		else if (ch >= 'a' && ch <= 'z')
			open = ch - 'a' + 1;
		else {
			snprintf(err, errlen, "%s: '%c' is neither a run of lines (a-z) nor '_'", what, ch);
			return -1;
		}
		for (int k = 0; k < open; k++, pos++) {
			int a, b;
			if (pos >= lines) {
				snprintf(err, errlen, "%s: more lines than a %dx%d board has", what, n, n);
				return -1;
			}
			line_cells(n, pos, &a, &b);
			parent[root(parent, a)] = root(parent, b);
		}
		if (open != 26)
			pos++;         /* the wall after them */
	}
	/* the last wall is the one past the end */
	if (pos != lines + 1) {
		snprintf(err, errlen, "%s: %s lines than a %dx%d board has", what,
			 pos > lines + 1 ? "more" : "fewer", n, n);
		return -1;
	}
	for (int k = 0; k < cells; k++)
		number[k] = -1;
	for (int k = 0; k < cells; k++) {
		int r = root(parent, k);
		if (number[r] < 0)
			number[r] = count++;
		block[k] = number[r];
	}
	return count;
}

/* ---- reading -------------------------------------------------------- */

static int expect_comma(const char *s, size_t *i, size_t len, const char *what,
			char *err, size_t errlen)
{
	if (*i < len && s[*i] == ',') {
		(*i)++;
		return 0;
	}
	snprintf(err, errlen, "expected %s after ','", what);
	return -1;
}

/* The jigsaw's regions from their blocks: 0, or -1 with a message. */
static int set_regions(struct sd_rules *rules, const int *block, int count,
		       char *err, size_t errlen)
{
	int n = rules->n, size[SOLO_MAXN] = { 0 };

	if (count != n) {
		snprintf(err, errlen, "jigsaw: %d regions; a %dx%d board has %d", count, n, n, n);
		return -1;
	}
	for (int k = 0; k < n * n; k++)
		size[block[k]]++;
	for (int b = 0; b < n; b++)
		if (size[b] != n) {
			snprintf(err, errlen, "jigsaw: a region of %d cells; each has %d", size[b], n);
			return -1;
		}
	for (int k = 0; k < n * n; k++)
		rules->region[k] = (uint8_t)block[k];
	rules->jigsaw = true;
	return 0;
}

/* The killer's cages from their blocks and the sums: 0, or -1. */
static int set_cages(struct sd_rules *rules, const int *block, int count, const int *sum,
		     char *err, size_t errlen)
{
	int n = rules->n, cells = n * n;
	struct sd_geom g = { n, 0, 0 };
	char name[32], why[160];

	for (int b = 0; b < count; b++) {
		int cell[SD_MAXCELLS], size = 0, total = 0, first = -1;
		for (int k = 0; k < cells; k++) {
			if (block[k] != b)
				continue;
			if (first < 0)
				first = k;
			if (size == n) {
				sd_cell_name(&g, first, name);
				snprintf(err, errlen, "killer: the cage at %s has more than %d cells", name, n);
				return -1;
			}
			cell[size++] = k;
			if (sum[k] && total) {
				sd_cell_name(&g, first, name);
				snprintf(err, errlen, "killer: the cage at %s has two sums", name);
				return -1;
			}
			total += sum[k];
		}
		sd_cell_name(&g, first, name);
		if (!total) {
			snprintf(err, errlen, "killer: the cage at %s has no sum", name);
			return -1;
		}
		if (sd_rules_add_cage(rules, cell, size, total, why, sizeof why) < 0) {
			snprintf(err, errlen, "killer: the cage at %s: %s", name, why);
			return -1;
		}
	}
	return 0;
}

/* An ID into the record's givens and rules; 0, or -1 with a message. */
static int read_id(const char *s, size_t len, struct sd_record *rec, struct solo_params *p,
		   char *err, size_t errlen)
{
	const char *colon = memchr(s, ':', len);
	int value[SOLO_MAXN * SOLO_MAXN], block[SOLO_MAXN * SOLO_MAXN];
	size_t i;

	if (!colon) {
		snprintf(err, errlen, "'%.*s' is no Solo game ID (PARAMS:DESC)", (int)(len > 40 ? 40 : len), s);
		return -1;
	}
	if (read_params(s, (size_t)(colon - s), p, err, errlen) < 0)
		return -1;
	i = (size_t)(colon - s) + 1;
	int n = p->n;
	if (read_grid(s, &i, len, n, n, value, "givens", err, errlen) < 0)
		return -1;
	rec->g.n = n;
	for (int k = 0; k < n * n; k++)
		rec->puzzle[k] = (uint8_t)value[k];
	struct sd_rules *rules = sd_rules_new(n);
	if (!rules) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rules->diagonals = p->x ? SD_DIAGONAL_MAIN | SD_DIAGONAL_ANTI : 0;
	int count;
	if (p->jigsaw &&
	    (expect_comma(s, &i, len, "the jigsaw's regions", err, errlen) < 0 ||
	     (count = read_blocks(s, &i, len, n, block, "jigsaw", err, errlen)) < 0 ||
	     set_regions(rules, block, count, err, errlen) < 0))
		goto fail;
	if (p->killer &&
	    (expect_comma(s, &i, len, "the killer's cages", err, errlen) < 0 ||
	     (count = read_blocks(s, &i, len, n, block, "killer", err, errlen)) < 0 ||
	     expect_comma(s, &i, len, "the killer's sums", err, errlen) < 0 ||
	     read_grid(s, &i, len, n, n * n * n, value, "killer sums", err, errlen) < 0 ||
	     set_cages(rules, block, count, value, err, errlen) < 0))
		goto fail;
	if (i < len) {
		snprintf(err, errlen, "'%.*s' follows the description", (int)(len - i > 20 ? 20 : len - i),
			 s + i);
		goto fail;
	}
	if (sd_record_set_rules(rec, rules) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
fail:
	sd_rules_free(rules);
	return -1;
}

int sd_read_solo(struct sd_reader *rd, struct sd_record *rec)
{
	struct solo_params p;
	char *line;
	size_t len, i = 0, end;
	int r;

	if ((r = sd_content_line(rd, &line, &len)) != SD_READ_OK)
		return r;
	rec->file = rd->in.name;
	rec->line = rd->in.lineno;
	rec->format = SD_FMT_SOLO;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	for (end = i; end < len && line[end] != ' ' && line[end] != '\t'; end++)
		;
	if (read_id(line + i, end - i, rec, &p, rd->err, sizeof rd->err) < 0)
		return sd_bad(rd, rec->line, "%s", rd->err);
	while (end < len && (line[end] == ' ' || line[end] == '\t'))
		end++;
	while (len > end && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	if (len > end) {
		if (!sd_utf8_valid(line + end, len - end))
			return sd_bad(rd, rec->line, "name is not valid UTF-8");
		sd_record_set_id(rec, line + end, len - end);
	}
	struct sd_geom box = { p.n, p.rows, p.cols };
	if (sd_record_settle(rec, rd->o, p.jigsaw ? NULL : &box, rd->err, sizeof rd->err) < 0)
		return sd_bad(rd, rec->line, "%s", rd->err);
	return SD_READ_OK;
}

/* ---- writing -------------------------------------------------------- */

/* Numbers as Solo writes them: runs of zeros as letters, "_" between two
 * numbers. */
static void put_grid(struct sd_buf *b, const int *v, int cells)
{
	int run = 0;
	bool number_last = false;

	for (int k = 0; k <= cells; k++) {
		if (k < cells && !v[k]) {
			run++;
			continue;
		}
		for (; run > 0; number_last = false) {
			int step = run > 26 ? 26 : run;
			sd_buf_putc(b, (char)('a' - 1 + step));
			run -= step;
		}
		if (k == cells)
			break;
		sd_buf_printf(b, "%s%d", number_last ? "_" : "", v[k]);
		number_last = true;
	}
}

/* BLOCKS of a board of blocks: ',' then the lines, and the count of
 * blocks they make (a block in two pieces is two). */
static int put_blocks(struct sd_buf *b, int n, const int *block)
{
	int lines = 2 * n * (n - 1), open = 0, parent[SOLO_MAXN * SOLO_MAXN], count = 0;

	for (int k = 0; k < n * n; k++)
		parent[k] = k;
	sd_buf_putc(b, ',');
	for (int pos = 0; pos <= lines; pos++) {
		int a = 0, c = 0;
		if (pos < lines)
			line_cells(n, pos, &a, &c);
		if (pos < lines && block[a] == block[c]) {
			parent[root(parent, a)] = root(parent, c);
			open++;
			continue;
		}
		/* z is 26 open lines with no wall after them, as Solo reads it */
		for (; open >= 26; open -= 26)
			sd_buf_putc(b, 'z');
		sd_buf_putc(b, open ? (char)('a' - 1 + open) : '_');
		open = 0;
	}
	for (int k = 0; k < n * n; k++)
		count += root(parent, k) == k;
	return count;
}

/* What Solo's IDs cannot say of a record: NULL, or why. */
static const char *unsayable(const struct sd_record *rec, char *why, size_t len)
{
	const struct sd_rules *r = rec->rules;
	int n = rec->g.n;

	if (n > SOLO_MAXN)
		snprintf(why, len, "Solo's boards go up to %dx%d, not %dx%d", SOLO_MAXN, SOLO_MAXN, n, n);
	else if (rec->cand)
		snprintf(why, len, "a puzzle of candidates does not fit a Solo game ID");
	else if (!r)
		return NULL;
	else if (r->diagonals && r->diagonals != (SD_DIAGONAL_MAIN | SD_DIAGONAL_ANTI))
		snprintf(why, len, "Solo's X holds both diagonals, not the %s one alone",
			 r->diagonals == SD_DIAGONAL_MAIN ? "main" : "anti");
	else if (r->extra_set)
		snprintf(why, len, "Solo has no extra regions");
	else if (r->anti_knight || r->anti_king)
		snprintf(why, len, "Solo has no anti-%s rule", r->anti_knight ? "knight" : "king");
	else if (r->non_consecutive)
		snprintf(why, len, "Solo has no non-consecutive rule");
	else if (r->has_parity)
		snprintf(why, len, "Solo has no odd/even rule");
	else if (r->ncages && n > SOLO_KILLER_MAXN)
		snprintf(why, len, "Solo's killer puzzles go up to %dx%d, not %dx%d",
			 SOLO_KILLER_MAXN, SOLO_KILLER_MAXN, n, n);
	else
		return NULL;
	return why;
}

/* Solo's killer: cages of 2 to n cells covering the board, each with its
 * sum.  Each cell's cage (block) and the sums at each cage's first cell;
 * NULL, or why not. */
static const char *killer_cages(const struct sd_rules *r, int *block, int *sum,
				char *why, size_t len)
{
	int cells = r->n * r->n;
	struct sd_geom g = { r->n, 0, 0 };
	char name[32];

	for (int k = 0; k < cells; k++)
		block[k] = -1, sum[k] = 0;
	for (int c = 0; c < r->ncages; c++) {
		const struct sd_cage *cage = &r->cage[c];
		int first = cells;
		for (int j = 0; j < cage->count; j++) {
			int cell = r->cage_cell[cage->first + j];
			block[cell] = c;
			first = cell < first ? cell : first;
		}
		sd_cell_name(&g, first, name);
		if (cage->count < 2) {
			snprintf(why, len, "Solo's cages have 2 cells or more; the cage at %s has 1", name);
			return why;
		}
		if (!cage->sum) {
			snprintf(why, len, "Solo's cages each have a sum; the cage at %s has none", name);
			return why;
		}
		sum[first] = cage->sum;
	}
	for (int k = 0; k < cells; k++)
		if (block[k] < 0) {
			sd_cell_name(&g, k, name);
			snprintf(why, len, "Solo's cages cover the board; %s is in none", name);
			return why;
		}
	return NULL;
}

int sd_put_solo(struct sd_buf *b, const struct sd_record *rec, char *err, size_t errlen)
{
	const struct sd_rules *r = rec->rules;
	int n = rec->g.n, cells = n * n, value[SOLO_MAXN * SOLO_MAXN] = { 0 };
	int block[SOLO_MAXN * SOLO_MAXN], sum[SOLO_MAXN * SOLO_MAXN];
	const uint8_t *v = sd_values(rec);
	size_t start = b->len;

	if (unsayable(rec, err, errlen))
		return -1;
	if (rec->id && strpbrk(rec->id, "\r\n")) {
		snprintf(err, errlen, "the name would not read back from a line (a line break)");
		return -1;
	}
	if (r && r->ncages && killer_cages(r, block, sum, err, errlen))
		return -1;
	if (r && r->jigsaw)
		sd_buf_printf(b, "%dj", n);
	else
		sd_buf_printf(b, "%dx%d", rec->g.r, rec->g.c);
	if (r && r->diagonals)
		sd_buf_putc(b, 'x');
	if (r && r->ncages)
		sd_buf_putc(b, 'k');
	sd_buf_putc(b, ':');
	for (int k = 0; k < cells; k++)
		value[k] = v[k];
	put_grid(b, value, cells);
	if (r && r->jigsaw) {
		for (int k = 0; k < cells; k++)
			block[k] = r->region[k];
		if (put_blocks(b, n, block) != n) {
			snprintf(err, errlen, "Solo's jigsaw regions are each in one piece; one of these is not");
			goto refused;
		}
	}
	if (r && r->ncages) {
		killer_cages(r, block, sum, err, errlen);
		if (put_blocks(b, n, block) != r->ncages) {
			snprintf(err, errlen, "Solo's cages are each in one piece; one of these is not");
			goto refused;
		}
		sd_buf_putc(b, ',');
		put_grid(b, sum, cells);
	}
	if (rec->id) {
		sd_buf_putc(b, ' ');
		sd_buf_puts(b, rec->id);
	}
	sd_buf_putc(b, '\n');
	return 0;
refused:
	b->len = start;
	return -1;
}
