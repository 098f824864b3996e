/* Propagation on the board model alone: what naked and hidden singles and
 * locked candidates force, to their fixpoint.  The local searches start
 * from it; the exact searches keep their own, undoable one, whose every
 * node it would cost too much.  Each rule only rules out, and what it rules
 * out stays ruled out after any other removal, so the fixpoint (and whether
 * it holds a contradiction) is the same whatever the order the rules are
 * applied in: this one places each single as it appears, and looks again
 * at a unit only once the candidates of one of its cells changed. */
#include <string.h>
#include "board/board.h"

/* The board as propagation narrows it: the cells left one candidate, to
 * be placed, and the units whose cells' candidates changed, to be looked
 * at again. */
struct narrowing {
	const struct sd_geom *g;
	const struct sd_place_runs *runs;
	uint8_t *v;
	uint64_t *cand;
	uint16_t single[SD_MAXCELLS];
	int nsingle;
	bool queued[SD_MAXCELLS];
	bool dirty[3 * SD_MAXN];
};

static void queue_single(struct narrowing *w, int cell)
{
	uint64_t c = w->cand[cell];

	if (c && !(c & (c - 1)) && !w->v[cell] && !w->queued[cell]) {
		w->queued[cell] = true;
		w->single[w->nsingle++] = (uint16_t)cell;
	}
}

/* Leaves cell the candidates left; false when none is. */
static bool narrow(struct narrowing *w, int cell, uint64_t left)
{
	const struct sd_geom *g = w->g;
	int n = g->n, row = cell / n, col = cell % n;

	w->cand[cell] = left;
	w->dirty[row] = w->dirty[n + col] = w->dirty[2 * n + sd_box_of(g, row, col)] = true;
	queue_single(w, cell);
	return left != 0;
}

/* Rules digits out of the unit's cells at the given places; false when a
 * cell is left with none. */
static bool rule_out(struct narrowing *w, int u, uint64_t places, uint64_t digits)
{
	for (; places; places &= places - 1) {
		int cell = sd_unit_cell(w->g, u, __builtin_ctzll(places));
		if ((w->cand[cell] & digits) && !narrow(w, cell, w->cand[cell] & ~digits))
			return false;
	}
	return true;
}

/* Places the cells left one candidate, and those their placing leaves
 * one: each digit leaves its peers. */
static bool naked_singles(struct narrowing *w)
{
	const struct sd_geom *g = w->g;
	int n = g->n;
	uint64_t line = n == 64 ? ~0ULL : (1ULL << n) - 1;

	while (w->nsingle) {
		int cell = w->single[--w->nsingle];
		uint64_t c = w->cand[cell];
		w->queued[cell] = false;
		if (w->v[cell])
			continue;
		int row = cell / n, col = cell % n, box = sd_box_of(g, row, col);
		int box_place = (row % g->r) * g->c + col % g->c;
		w->v[cell] = (uint8_t)(__builtin_ctzll(c) + 1);
		if (!rule_out(w, row, line & ~(1ULL << col), c) ||
		    !rule_out(w, n + col, line & ~(1ULL << row), c) ||
		    !rule_out(w, 2 * n + box, line & ~(1ULL << box_place), c))
			return false;
	}
	return true;
}

/* Hidden singles and locked candidates in unit u: a digit with one place
 * left goes there; a box's places for a digit within one line clear the
 * rest of the line (pointing), a line's within one box the rest of the box
 * (claiming).  False on a digit with no place. */
static bool unit_rules(struct narrowing *w, int u)
{
	const struct sd_geom *g = w->g;
	const struct sd_place_runs *runs = w->runs;
	int n = g->n;
	uint64_t where[SD_MAXN], placed = 0, all = n == 64 ? ~0ULL : (1ULL << n) - 1;

	memset(where, 0, (size_t)n * sizeof *where);
	for (int k = 0; k < n; k++) {
		int cell = sd_unit_cell(g, u, k);
		if (w->v[cell]) {
			placed |= 1ULL << (w->v[cell] - 1);
			continue;
		}
		for (uint64_t c = w->cand[cell]; c; c &= c - 1)
			where[__builtin_ctzll(c)] |= 1ULL << k;
	}
	for (uint64_t need = all & ~placed; need; need &= need - 1) {
		int d = __builtin_ctzll(need);
		uint64_t places = where[d], digit = 1ULL << d;
		if (!places)
			return false;
		int first = __builtin_ctzll(places);
		if (!(places & (places - 1))) {
			/* where is as the pass found it: a single placed in this
			 * unit since may have taken the cell */
			int cell = sd_unit_cell(g, u, first);
			if (!(w->cand[cell] & digit))
				return false;
			if (w->cand[cell] != digit)
				narrow(w, cell, digit);
			continue;
		}
		int cell = sd_unit_cell(g, u, first), row = cell / n, col = cell % n;
		int box = sd_box_of(g, row, col), box_place = (row % g->r) * g->c + col % g->c;
		bool ok = true;
		if (u >= 2 * n) {
			/* a box's places: the run of a box row, or of a box column */
			if (!(places & ~runs->run_c[first]))
				ok = rule_out(w, row, all & ~runs->run_c[col], digit);
			else if (!(places & ~runs->box_column[first]))
				ok = rule_out(w, n + col, all & ~runs->run_r[row], digit);
		} else if (!(places & ~(u < n ? runs->run_c[first] : runs->run_r[first]))) {
			/* a line's places within one box: the box keeps them */
			ok = rule_out(w, 2 * n + box,
				      all & ~(u < n ? runs->run_c[box_place] : runs->box_column[box_place]),
				      digit);
		}
		if (!ok)
			return false;
	}
	return true;
}

int sd_cand_propagate(const struct sd_geom *g, uint8_t *v, uint64_t *cand)
{
	struct sd_cand cd;
	struct sd_place_runs runs;
	struct narrowing w = { .g = g, .runs = &runs, .v = v, .cand = cand };
	bool looked = true;

	if (sd_cand_init(&cd, g, v) < 0)
		return -1;
	sd_place_runs(g, &runs);
	for (int i = 0; i < sd_cells(g); i++) {
		cand[i] = v[i] ? 1ULL << (v[i] - 1) : sd_cand_of(&cd, i);
		if (!cand[i])
			return -1;
		w.queued[i] = false;
		queue_single(&w, i);
	}
	for (int u = 0; u < 3 * g->n; u++)
		w.dirty[u] = true;
	while (looked) {
		looked = false;
		if (!naked_singles(&w))
			return -1;
		for (int u = 0; u < 3 * g->n; u++) {
			if (!w.dirty[u])
				continue;
			w.dirty[u] = false;
			looked = true;
			if (!unit_rules(&w, u))
				return -1;
		}
	}
	return 0;
}
