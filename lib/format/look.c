/* One description of a board's picture, for every writer that draws. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "format/codec.h"
#include "format/look.h"

const struct sd_ink_style sd_inks[SD_INKS] = {
	[SD_INK_THIN] = { "line", "thin", "#888", 1, false, false, 0 },
	[SD_INK_THICK] = { "line", "thick", "#000", 3, true, false, 0 },
	[SD_INK_WRONG_CELL] = { "rect", "wrong", "#f8c8cc", 0, false, false, 0 },
	[SD_INK_CLASH_CELL] = { "rect", "clash", "#fde7a6", 0, false, false, 0 },
	[SD_INK_GIVEN] = { "text", "given", "#000", 0, false, true, 0 },
	[SD_INK_PLACED] = { "text", "placed", "#1a5fb4", 0, false, false, 0 },
	[SD_INK_WRONG] = { "text", "wrong", "#c01c28", 0, false, true, 0 },
	[SD_INK_MARK] = { "text", "mark", "#666", 0, false, false, 0 },
	[SD_INK_EXTRA_CELL] = { "rect", "extra", "#dfe8f2", 0, false, false, 0 },
	[SD_INK_PARITY] = { "rect", "parity", "#d9d9d9", 0, false, false, 0 },
	[SD_INK_PAPER] = { "rect", "paper", "#fff", 0, false, false, 0 },
	[SD_INK_DIAGONAL] = { "line", "diagonal", "#9bb7d4", 2, false, false, 0 },
	[SD_INK_CAGE] = { "line", "cage", "#333", 1, false, false, 3 },
	[SD_INK_SUM] = { "text", "sum", "#000", 0, false, false, 0 },
};

void sd_ink_rgb(int ink, double rgb[3])
{
	const char *hex = sd_inks[ink].colour + 1;
	size_t digits = strlen(hex) / 3;

	for (int i = 0; i < 3; i++) {
		char part[3] = { hex[i * digits], hex[i * digits + digits - 1], 0 };
		rgb[i] = (double)strtol(part, NULL, 16) / 255;
	}
}

int sd_look_side(int n)
{
	return n * 24 > 360 ? n * 24 : 360;
}

/* A value as people read it: the alphabet's symbol up to 35x35, its
 * number beyond. */
static void symbol_of(int n, uint8_t value, const struct sd_alphabet *a, char out[4])
{
	if (n <= SD_MAXLINE_N)
		snprintf(out, 4, "%c", a->symbol[value]);
	else
		snprintf(out, 4, "%u", value);
}

/* A symbol on a baseline set by hand: digits stand about 0.7 em high, so
 * it sits 0.35 em below the middle of its place (dominant-baseline is not
 * drawn alike everywhere); two characters get a smaller size. */
static void put_symbol(const struct sd_pen *pen, double x, double y, double w, double h,
		       int ink, const char *s)
{
	double size = (w < h ? w : h) * (s[1] ? 0.5 : 0.6) * (ink == SD_INK_MARK ? 1.2 : 1);

	pen->text(pen->ctx, x + w / 2, y + h / 2 + 0.35 * size, size, w * 0.9, ink, s);
}

void sd_look_board(const struct sd_record *rec, const struct sd_alphabet *a, double x0,
		   double y0, double side, const struct sd_pen *pen)
{
	const struct sd_geom *g = &rec->g;
	const uint8_t *v = sd_values(rec);
	bool conflict[SD_MAXCELLS], wrong[SD_MAXCELLS];
	int n = g->n;
	double cell = side / n;
	char sym[4];

	/* a judged board names its wrong entries: the cells they clash with,
	 * givens or right entries, are not at fault and are not marked */
	bool judged = sd_record_get(rec, "wrong") != NULL;
	/* the rules compiled once for the board's clashes and grounds */
	char err[160];
	struct sd_ruleset *rs = rec->rules ? sd_ruleset_new(g, rec->rules, err, sizeof err) : NULL;
	if (rec->rules)
		sd_look_clashes(rs, v, conflict);
	else
		sd_conflicts(g, v, conflict);
	sd_wrong_cells(rec, wrong);
	if (rs)
		sd_look_rules_grounds(rec, rs, x0, y0, cell, pen);
	sd_ruleset_free(rs);
	for (int i = 0; i < n * n; i++)
		if (wrong[i] || (conflict[i] && !judged))
			pen->rect(pen->ctx, x0 + (i % n) * cell, y0 + (i / n) * cell, cell, cell,
				  wrong[i] ? SD_INK_WRONG_CELL : SD_INK_CLASH_CELL);
	if (rec->rules) {
		sd_look_rules_lines(rec, x0, y0, cell, pen);
		sd_look_rules_sums(rec, x0, y0, cell, pen);
	}
	for (int k = 0; k <= n && !(rec->rules && rec->rules->jigsaw); k++) {
		pen->line(pen->ctx, x0 + k * cell, y0, x0 + k * cell, y0 + side,
			  k % g->c == 0 ? SD_INK_THICK : SD_INK_THIN);
		pen->line(pen->ctx, x0, y0 + k * cell, x0 + side, y0 + k * cell,
			  k % g->r == 0 ? SD_INK_THICK : SD_INK_THIN);
	}
	for (int i = 0; i < n * n; i++) {
		double x = x0 + (i % n) * cell, y = y0 + (i / n) * cell;
		if (v[i]) {
			symbol_of(n, v[i], a, sym);
			put_symbol(pen, x, y, cell, cell, wrong[i] ? SD_INK_WRONG :
				   rec->puzzle[i] ? SD_INK_GIVEN : SD_INK_PLACED, sym);
			continue;
		}
		/* a box's shape of marks: c across, r down (3x3 on a 9x9); a
		 * jigsaw's, the squarest that holds n */
		int across = g->c, down = g->r;
		if (!across) {
			for (down = 1; down * down < n; down++)
				;
			across = (n + down - 1) / down;
		}
		for (int d = 1; rec->cand && d <= n; d++) {
			if (!(rec->cand[i] >> (d - 1) & 1))
				continue;
			symbol_of(n, (uint8_t)d, a, sym);
			put_symbol(pen, x + (d - 1) % across * cell / across, y + (d - 1) / across * cell / down,
				   cell / across, cell / down, SD_INK_MARK, sym);
		}
	}
}

/* The caption with the first len bytes of name, "…" when cut, and what
 * is said of the puzzle (its level and rating) two spaces after. */
static void caption_with(struct sd_buf *b, int number, const char *name, size_t len, bool cut,
			 const char *said)
{
	b->len = 0;
	if (number)
		sd_buf_printf(b, "%d.%s", number, len ? " " : "");
	if (len)
		sd_buf_add(b, name, len);
	if (cut)
		sd_buf_puts(b, "\u2026");
	if (*said)
		sd_buf_printf(b, "%s%s", number || len ? "  " : "", said);
	sd_buf_reserve(b, 0);
	if (b->p)
		b->p[b->len] = '\0';
}

/* Where a name cut to len bytes is cut shorter: after its last whole word
 * before len, else (one long word) a character before len. */
static size_t shorter(const char *name, size_t len)
{
	size_t cut = len;

	while (cut > 0 && name[cut - 1] != ' ')
		cut--;
	if (cut == 0) {
		cut = len;
		do
			cut--;
		while (cut > 0 && ((unsigned char)name[cut] & 0xc0) == 0x80);
	}
	while (cut > 0 && name[cut - 1] == ' ')
		cut--;
	return cut;
}

void sd_look_caption(const struct sd_record *rec, int number, bool full,
		     bool (*fits)(void *ctx, const char *s), void *ctx, struct sd_buf *b)
{
	const char *level = full ? json_string_value(sd_record_get(rec, "level")) : NULL;
	json_t *rating = sd_record_get(rec, "er");
	struct sd_buf name = { 0 };
	char said[200] = "";

	char rules[120];

	if (!json_is_number(rating))
		rating = sd_record_get(rec, "score");
	if (full && json_is_number(rating))
		snprintf(said, sizeof said, "%.40s%s%.1f", level ? level : "", level ? " " : "",
			 json_number_value(rating));
	else if (level)
		snprintf(said, sizeof said, "%.40s", level);
	/* the rules, which the drawing shows only in part */
	sd_look_rules_words(rec->rules, rules, sizeof rules);
	if (*rules)
		snprintf(said + strlen(said), sizeof said - strlen(said), "%s%s", *said ? "  " : "", rules);
	if (rec->id)
		sd_buf_put_shown(&name, rec->id);
	size_t len = name.p ? name.len : 0;
	caption_with(b, number, name.p, len, false, said);
	while (len > 0 && b->p && !fits(ctx, b->p)) {
		len = shorter(name.p, len);
		caption_with(b, number, name.p, len, true, said);
	}
	sd_buf_free(&name);
}
