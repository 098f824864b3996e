/* A logical step in words, for hints and explanations, and as JSON. */
#include <stdio.h>
#include "explain/explain.h"

static void unit_name(const struct sd_geom *g, int unit, char buf[32])
{
	static const char *const kinds[] = { "row", "column", "box" };

	snprintf(buf, 32, "%s %d", kinds[unit / g->n], unit % g->n + 1);
}

static void put_digit(struct sd_buf *b, const struct sd_geom *g, int d, const struct sd_alphabet *a)
{
	if (g->n <= SD_MAXLINE_N && a)
		sd_buf_putc(b, a->symbol[d]);
	else
		sd_buf_printf(b, "%d", d);
}

/* "3", "3 and 7", "3, 7 and 9"; joined by "or" when alternatives. */
static void put_digits(struct sd_buf *b, const struct sd_geom *g, uint64_t digits,
		       const char *last, const struct sd_alphabet *a)
{
	int left = sd_popcount(digits);

	for (; digits; digits &= digits - 1, left--) {
		put_digit(b, g, __builtin_ctzll(digits) + 1, a);
		if (left > 2)
			sd_buf_puts(b, ", ");
		else if (left == 2)
			sd_buf_printf(b, " %s ", last);
	}
}

static void put_cell(struct sd_buf *b, const struct sd_geom *g, int cell)
{
	char name[32];

	sd_cell_name(g, cell, name);
	sd_buf_puts(b, name);
}

static void put_cells(struct sd_buf *b, const struct sd_geom *g, const int *cells, int count)
{
	for (int i = 0; i < count; i++) {
		put_cell(b, g, cells[i]);
		if (i + 2 < count)
			sd_buf_puts(b, ", ");
		else if (i + 2 == count)
			sd_buf_puts(b, " and ");
	}
}

static void put_unit(struct sd_buf *b, const struct sd_geom *g, int unit)
{
	char name[32];

	unit_name(g, unit, name);
	sd_buf_puts(b, name);
}

/* ", so r1c2 cannot be 3, r4c4 cannot be 3 or 7" */
static void put_removed(struct sd_buf *b, const struct sd_geom *g, const struct sd_step *st,
			const struct sd_alphabet *a)
{
	sd_buf_puts(b, ", so ");
	for (int i = 0; i < st->nremoved; i++) {
		if (i)
			sd_buf_puts(b, ", ");
		put_cell(b, g, st->removed[i].cell);
		sd_buf_puts(b, " cannot be ");
		put_digits(b, g, st->removed[i].digits, "or", a);
	}
}

static void put_fish_lines(struct sd_buf *b, const struct sd_geom *g, const char *kind,
			   uint64_t lines)
{
	int left = sd_popcount(lines);

	sd_buf_printf(b, "%s ", kind);
	for (; lines; lines &= lines - 1, left--) {
		sd_buf_printf(b, "%d", __builtin_ctzll(lines) + 1);
		sd_buf_puts(b, left > 2 ? ", " : left == 2 ? " and " : "");
	}
	(void)g;
}

/* "r1c2 must be 3: it is the only place for 3 in box 1"; the unit is
 * -1 when the digit's unit is the step's own (direct hidden subsets). */
static void put_placement(struct sd_buf *b, const struct sd_geom *g, const struct sd_step *st,
			  int unit, const struct sd_alphabet *a)
{
	put_cell(b, g, st->cell);
	sd_buf_puts(b, " must be ");
	put_digit(b, g, st->digit, a);
	switch (st->nremoved ? -1 : st->tech) {
	case SD_TECH_FULL_HOUSE:
		sd_buf_puts(b, ": it is the last empty cell in ");
		put_unit(b, g, unit);
		break;
	case SD_TECH_NAKED_SINGLE:
		sd_buf_puts(b, ": no other digit can go there");
		break;
	default:
		sd_buf_puts(b, ": it is the only place for ");
		put_digit(b, g, st->digit, a);
		sd_buf_puts(b, " in ");
		put_unit(b, g, unit < 0 ? st->unit : unit);
	}
}

/* A chain of potentials (states (cell * n + digit - 1) * 2 + on) in
 * Eureka's notation: "(5)r1c2=(5)r1c7-(5=3)r2c8", = where a potential
 * off forces the next on, - where one on forces the next off; two in one
 * cell share it. */
static void put_chain(struct sd_buf *b, const struct sd_geom *g, const int *states, int count,
		      const struct sd_alphabet *a)
{
	int n = g->n;

	for (int i = 0; i < count; i++) {
		int s = states[i], cell = s / (2 * n), d = s / 2 % n + 1;
		if (s == -2) {
			sd_buf_puts(b, "...");
			continue;
		}
		if (i && states[i - 1] != -2)
			sd_buf_puts(b, s & 1 ? "=" : "-");
		sd_buf_puts(b, "(");
		put_digit(b, g, d, a);
		while (i + 1 < count && states[i + 1] >= 0 && states[i + 1] / (2 * n) == cell) {
			s = states[++i];
			sd_buf_puts(b, s & 1 ? "=" : "-");
			put_digit(b, g, s / 2 % n + 1, a);
		}
		sd_buf_puts(b, ")");
		put_cell(b, g, cell);
	}
}

static bool is_chain(int tech)
{
	return tech == SD_TECH_FORCING_CHAIN || tech == SD_TECH_NISHIO ||
	       tech == SD_TECH_MULTIPLE_CHAIN || tech == SD_TECH_DYNAMIC_CHAIN ||
	       tech == SD_TECH_DYNAMIC_PLUS || tech == SD_TECH_NESTED_CHAIN;
}

/* What a chain step shows: its chain (or chains), or where the chains
 * start from. */
static void put_chains(struct sd_buf *b, const struct sd_geom *g, const struct sd_step *st,
		       const struct sd_alphabet *a)
{
	int n = g->n, s = st->pattern[0];

	switch (st->variant) {
	case 1: case 2: case 3:
		sd_buf_puts(b, "the loop ");
		put_chain(b, g, st->pattern, st->npattern, a);
		break;
	case 7: {
		int split = 0;
		while (split < st->npattern && st->pattern[split] >= 0)
			split++;
		sd_buf_puts(b, "from ");
		put_chain(b, g, st->pattern, split, a);
		sd_buf_puts(b, " and ");
		put_chain(b, g, st->pattern + split + 1, st->npattern - split - 1, a);
		sd_buf_puts(b, ", the assumption is impossible");
		break;
	}
	case 8:
		sd_buf_puts(b, "whether ");
		put_cell(b, g, s / (2 * n));
		sd_buf_puts(b, " is ");
		put_digit(b, g, s / 2 % n + 1, a);
		sd_buf_puts(b, " or not, the chains agree");
		break;
	case 9:
		sd_buf_puts(b, "whatever digit ");
		put_cell(b, g, s / (2 * n));
		sd_buf_puts(b, " holds, the chains agree");
		break;
	case 10:
		sd_buf_puts(b, "wherever ");
		put_digit(b, g, s / 2 % n + 1, a);
		sd_buf_puts(b, " goes in ");
		put_unit(b, g, st->unit);
		sd_buf_puts(b, ", the chains agree");
		break;
	default:
		put_chain(b, g, st->pattern, st->npattern, a);
	}
	if (st->variant >= 8) {
		/* the outcomes' chains, each after a -1 */
		for (int i = 1; i < st->npattern; i++) {
			int end = i + 1;
			while (end < st->npattern && st->pattern[end] != -1)
				end++;
			sd_buf_puts(b, i == 1 ? ": " : "; ");
			put_chain(b, g, st->pattern + i + 1, end - i - 1, a);
			i = end - 1;
		}
	} else if (st->variant <= 6 && (st->npattern == SD_MAX_PATTERN || (int)st->cover > st->npattern)) {
		sd_buf_puts(b, "...");
	}
}

void sd_step_text(struct sd_buf *b, const struct sd_geom *g, const struct sd_step *st,
		  const struct sd_alphabet *a)
{
	const char *name = sd_tech_name(st->tech);

	if (is_chain(st->tech)) {
		/* SE's names of the searches nested at each level */
		static const char *const nested[] = {
			"", "", " (+ forcing chains)", " (+ multiple forcing chains)",
			" (+ dynamic forcing chains)", " (+ dynamic forcing chains (+ forcing chains))"
		};
		sd_buf_printf(b, "%s%s: ", name, st->level >= 2 && st->level <= 5 ? nested[st->level] : "");
		put_chains(b, g, st, a);
		put_removed(b, g, st, a);
		if (st->cell >= 0) {
			sd_buf_puts(b, "; so ");
			put_cell(b, g, st->cell);
			sd_buf_puts(b, " must be ");
			put_digit(b, g, st->digit, a);
		}
		return;
	}

	if (st->cell >= 0 && !st->nremoved) {
		put_placement(b, g, st, st->unit, a);
		return;
	}
	sd_buf_printf(b, "%s: ", name);
	switch (st->tech) {
	case SD_TECH_DIRECT_POINTING:
	case SD_TECH_DIRECT_CLAIMING:
		sd_buf_puts(b, "in ");
		put_unit(b, g, st->pattern[0]);
		sd_buf_puts(b, ", ");
		put_digits(b, g, st->digits, "and", a);
		sd_buf_puts(b, " can only go in ");
		put_unit(b, g, st->pattern[1]);
		break;
	case SD_TECH_POINTING:
	case SD_TECH_CLAIMING:
		sd_buf_puts(b, "in ");
		put_unit(b, g, st->unit);
		sd_buf_puts(b, ", ");
		put_digits(b, g, st->digits, "and", a);
		sd_buf_puts(b, " can only go in ");
		put_unit(b, g, st->pattern[0]);
		break;
	case SD_TECH_NAKED_PAIR:
	case SD_TECH_NAKED_TRIPLE:
	case SD_TECH_NAKED_QUAD:
		put_cells(b, g, st->pattern, st->npattern);
		sd_buf_puts(b, " in ");
		put_unit(b, g, st->unit);
		sd_buf_puts(b, " hold only ");
		put_digits(b, g, st->digits, "and", a);
		break;
	case SD_TECH_DIRECT_HIDDEN_PAIR:
	case SD_TECH_DIRECT_HIDDEN_TRIPLE:
	case SD_TECH_HIDDEN_PAIR:
	case SD_TECH_HIDDEN_TRIPLE:
	case SD_TECH_HIDDEN_QUAD:
		sd_buf_puts(b, "in ");
		put_unit(b, g, st->unit);
		sd_buf_puts(b, ", ");
		put_digits(b, g, st->digits, "and", a);
		sd_buf_puts(b, " can only go in ");
		put_cells(b, g, st->pattern, st->npattern);
		break;
	case SD_TECH_X_WING:
	case SD_TECH_SWORDFISH:
	case SD_TECH_JELLYFISH: {
		bool rows = st->pattern[0] < g->n;
		uint64_t bases = 0;
		for (int i = 0; i < st->npattern; i++)
			bases |= 1ULL << (st->pattern[i] % g->n);
		sd_buf_puts(b, "in ");
		put_fish_lines(b, g, rows ? "rows" : "columns", bases);
		sd_buf_puts(b, ", ");
		put_digits(b, g, st->digits, "and", a);
		sd_buf_puts(b, " can only go in ");
		put_fish_lines(b, g, rows ? "columns" : "rows", st->cover);
		break;
	}
	case SD_TECH_UNIQUE_LOOP:
		sd_buf_printf(b, "(type %d) ", st->variant);
		put_cells(b, g, st->pattern, st->npattern);
		sd_buf_puts(b, " may not hold only ");
		put_digits(b, g, st->digits, "and", a);
		sd_buf_puts(b, ": the puzzle would have two solutions");
		break;
	case SD_TECH_BUG:
		sd_buf_printf(b, "(type %d) but for ", st->variant);
		put_cells(b, g, st->pattern, st->npattern);
		sd_buf_puts(b, ", every cell would hold two digits and every digit two places in "
			    "its units: two solutions");
		break;
	case SD_TECH_XY_WING:
	case SD_TECH_XYZ_WING:
		for (int i = 0; i < 3; i++) {
			sd_buf_puts(b, i == 0 ? "" : i == 1 ? ", " : " and ");
			put_cell(b, g, st->pattern[i]);
			sd_buf_puts(b, " is ");
			put_digits(b, g, st->pattern_cand[i], "or", a);
		}
		sd_buf_puts(b, "; either way one of ");
		put_cells(b, g, st->pattern + (st->tech == SD_TECH_XY_WING), 3 - (st->tech == SD_TECH_XY_WING));
		sd_buf_puts(b, " is ");
		put_digits(b, g, st->digits, "and", a);
		break;
	case SD_TECH_ALIGNED_PAIR:
	case SD_TECH_ALIGNED_TRIPLE:
		/* the excluders are not kept in the step: named by what they are */
		sd_buf_puts(b, "in every filling of ");
		put_cells(b, g, st->pattern, st->npattern);
		sd_buf_printf(b, " that uses a digit named next, a digit repeats in a unit or a cell "
			      "that sees %s loses every candidate", st->npattern == 2 ? "both" : "all three");
		break;
	}
	put_removed(b, g, st, a);
	if (st->cell >= 0) {
		sd_buf_puts(b, "; then ");
		put_placement(b, g, st, st->tech == SD_TECH_DIRECT_POINTING ||
			      st->tech == SD_TECH_DIRECT_CLAIMING ? st->unit : -1, a);
	}
}

json_t *sd_step_json(const struct sd_geom *g, const struct sd_step *st,
		     const struct sd_alphabet *a)
{
	struct sd_buf text = { 0 };
	char name[32];
	json_t *o;

	sd_step_text(&text, g, st, a);
	o = json_pack("{s:s,s:s%}", "technique", sd_tech_name(st->tech), "text", text.p, text.len);
	sd_buf_free(&text);
	if (st->cell >= 0) {
		sd_cell_name(g, st->cell, name);
		json_object_set_new(o, "cell", json_string(name));
		json_object_set_new(o, "digit", json_integer(st->digit));
		if (!st->nremoved)
			return o;
	}
	json_t *removed = json_object();
	for (int i = 0; i < st->nremoved; i++) {
		json_t *digits = json_array();
		for (uint64_t m = st->removed[i].digits; m; m &= m - 1)
			json_array_append_new(digits, json_integer(__builtin_ctzll(m) + 1));
		sd_cell_name(g, st->removed[i].cell, name);
		json_object_set_new(removed, name, digits);
	}
	json_object_set_new(o, "removed", removed);
	return o;
}

int sd_hint_walk(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v,
		 sd_hint_taker *take, void *arg, struct sd_step *last)
{
	int got;

	*last = (struct sd_step){ .tech = -1, .cell = -1, .unit = -1 };
	if (sd_logic_init(lg, g, v) < 0)
		return SD_HINT_REPEATS;
	if (!lg->empty)
		return SD_HINT_SOLVED;
	while ((got = sd_logic_step(lg, SD_TECH_COUNT - 1, last)) > 0) {
		if (!take(arg, last))
			return SD_HINT_REFUSED;
		if (last->cell >= 0)
			return SD_HINT_PLACE;
	}
	if (lg->stopped)
		return SD_HINT_LIMIT;
	if (got < 0)
		return SD_HINT_CONTRADICTION;
	last->cell = -1;
	return take(arg, NULL) ? SD_HINT_SEARCH : SD_HINT_REFUSED;
}

/* What sd_next_hint's steps come to: their JSON, how many, the hardest,
 * the candidates they remove. */
struct hint_words {
	const struct sd_geom *g;
	const struct sd_alphabet *a;
	json_t *steps;
	int count, removed;
	struct sd_step hardest;
};

static bool take_words(void *arg, const struct sd_step *st)
{
	struct hint_words *w = arg;

	if (!st) {
		json_array_append_new(w->steps, json_pack("{s:s,s:s}", "technique", "search", "text",
							  SD_HINT_STUCK_TEXT));
		return true;
	}
	json_array_append_new(w->steps, sd_step_json(w->g, st, w->a));
	if (!w->count++ || st->score > w->hardest.score)
		w->hardest = *st;
	for (int i = 0; i < st->nremoved; i++)
		w->removed += sd_popcount(st->removed[i].digits);
	return true;
}

/* "multiple-forcing-chain 8.0, in 19 steps": the technique a hint needs
 * (its hardest step's), and how many steps when more than one. */
static void put_technique(struct sd_buf *b, const struct hint_words *w)
{
	sd_buf_printf(b, "%s %.1f", sd_tech_name(w->hardest.tech), w->hardest.score);
	if (w->count > 1)
		sd_buf_printf(b, ", in %d steps", w->count);
}

/* The hint in one line: what it gives first (the cell and its digit, the
 * wrong entry, or the candidates removed before the techniques stop),
 * then the technique; the steps themselves are in the JSON. */
static void put_headline(struct sd_buf *b, int kind, const struct sd_step *last,
			 const struct hint_words *w)
{
	switch (kind) {
	case SD_HINT_PLACE:
		put_cell(b, w->g, last->cell);
		sd_buf_puts(b, " must be ");
		put_digit(b, w->g, last->digit, w->a);
		sd_buf_puts(b, ": ");
		put_technique(b, w);
		break;
	case SD_HINT_SEARCH:
		if (w->count) {
			sd_buf_printf(b, "%d candidate%s removed (", w->removed, sd_plural(w->removed));
			put_technique(b, w);
			sd_buf_puts(b, "), then ");
		}
		sd_buf_puts(b, SD_HINT_STUCK_TEXT);
		break;
	case SD_HINT_SOLVED:
		sd_buf_puts(b, SD_HINT_SOLVED_TEXT);
		break;
	}
}

int sd_next_hint(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *puzzle,
	    const uint8_t *v, const uint8_t *solution, const struct sd_alphabet *a,
	    struct sd_buf *text, json_t **steps, struct sd_step *last)
{
	bool is_wrong[SD_MAXCELLS];
	char name[32];
	int kind, wrong = -1;
	struct hint_words w = { .g = g, .a = a };

	sd_wrong_entries(g, puzzle, v, solution, is_wrong);
	for (int c = 0; c < sd_cells(g) && wrong < 0; c++)
		wrong = is_wrong[c] ? c : -1;
	*steps = w.steps = json_array();
	if (wrong >= 0) {
		*last = (struct sd_step){ .tech = -1, .cell = wrong, .unit = -1 };
		sd_cell_name(g, wrong, name);
		sd_buf_printf(text, "%s is wrong: clear it", name);
		json_array_append_new(*steps, json_pack("{s:s,s:s,s:s+}", "technique", "wrong",
							"cell", name, "text", name, " is wrong: clear it"));
		return SD_HINT_WRONG;
	}
	kind = sd_hint_walk(lg, g, v, take_words, &w, last);
	/* with the wrong entries cleared, the values agree with the solution */
	if (kind == SD_HINT_REPEATS || kind == SD_HINT_CONTRADICTION) {
		take_words(&w, NULL);
		kind = SD_HINT_SEARCH;
	}
	put_headline(text, kind, last, &w);
	return kind;
}
