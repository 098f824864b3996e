/* Propagation on the board model alone: what naked and hidden singles and
 * locked candidates force, to their fixpoint.  The local searches start
 * from it; the exact searches keep their own, undoable one, whose every
 * node it would cost too much.  Each rule only rules out, and what it rules
 * out stays ruled out after any other removal, so the fixpoint (and whether
 * it holds a contradiction) is the same whatever the order the rules are
 * applied in: this one takes the simplest, pass after pass. */
#include "board/board.h"

/* Rules digits out of the unit's cells at the given places; false when a
 * cell is left with none. */
static bool rule_out(const struct sd_geom *g, uint64_t *cand, int u, uint64_t places,
		     uint64_t digits, bool *changed)
{
	for (; places; places &= places - 1) {
		int cell = sd_unit_cell(g, u, __builtin_ctzll(places));
		if (!(cand[cell] & digits))
			continue;
		cand[cell] &= ~digits;
		*changed = true;
		if (!cand[cell])
			return false;
	}
	return true;
}

/* Places every cell with one candidate left: its digit leaves its peers. */
static bool naked_singles(const struct sd_geom *g, uint8_t *v, uint64_t *cand, bool *changed)
{
	int n = g->n;
	uint64_t line = n == 64 ? ~0ULL : (1ULL << n) - 1;

	for (int cell = 0; cell < n * n; cell++) {
		uint64_t c = cand[cell];
		if (!c)
			return false;
		if (v[cell] || (c & (c - 1)))
			continue;
		int row = cell / n, col = cell % n, box = sd_box_of(g, row, col);
		int box_place = (row % g->r) * g->c + col % g->c;
		v[cell] = (uint8_t)(__builtin_ctzll(c) + 1);
		*changed = true;
		if (!rule_out(g, cand, row, line & ~(1ULL << col), c, changed) ||
		    !rule_out(g, cand, n + col, line & ~(1ULL << row), c, changed) ||
		    !rule_out(g, cand, 2 * n + box, line & ~(1ULL << box_place), c, changed))
			return false;
	}
	return true;
}

/* Hidden singles and locked candidates in unit u: a digit with one place
 * left goes there; a box's places for a digit within one line clear the
 * rest of the line (pointing), a line's within one box the rest of the box
 * (claiming).  False on a digit with no place. */
static bool unit_rules(const struct sd_geom *g, const struct sd_place_runs *runs, uint64_t *cand,
		       const uint8_t *v, int u, bool *changed)
{
	int n = g->n;
	uint64_t where[SD_MAXN] = { 0 }, placed = 0, all = n == 64 ? ~0ULL : (1ULL << n) - 1;

	for (int k = 0; k < n; k++) {
		int cell = sd_unit_cell(g, u, k);
		if (v[cell])
			placed |= 1ULL << (v[cell] - 1);
		for (uint64_t c = cand[cell]; c; c &= c - 1)
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
			if (!(cand[cell] & digit))
				return false;
			if (cand[cell] != digit) {
				cand[cell] = digit;
				*changed = true;
			}
			continue;
		}
		int cell = sd_unit_cell(g, u, first), row = cell / n, col = cell % n;
		int box = sd_box_of(g, row, col), box_place = (row % g->r) * g->c + col % g->c;
		bool ok = true;
		if (u >= 2 * n) {
			/* a box's places: the run of a box row, or of a box column */
			if (!(places & ~runs->run_c[first]))
				ok = rule_out(g, cand, row, all & ~runs->run_c[col], digit, changed);
			else if (!(places & ~runs->box_column[first]))
				ok = rule_out(g, cand, n + col, all & ~runs->run_r[row], digit, changed);
		} else if (!(places & ~(u < n ? runs->run_c[first] : runs->run_r[first]))) {
			/* a line's places within one box: the box keeps them */
			ok = rule_out(g, cand, 2 * n + box,
				      all & ~(u < n ? runs->run_c[box_place] : runs->box_column[box_place]),
				      digit, changed);
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
	bool changed = true;

	if (sd_cand_init(&cd, g, v) < 0)
		return -1;
	sd_place_runs(g, &runs);
	for (int i = 0; i < sd_cells(g); i++)
		cand[i] = v[i] ? 1ULL << (v[i] - 1) : sd_cand_of(&cd, i);
	while (changed) {
		changed = false;
		if (!naked_singles(g, v, cand, &changed))
			return -1;
		for (int u = 0; u < 3 * g->n; u++)
			if (!unit_rules(g, &runs, cand, v, u, &changed))
				return -1;
	}
	return 0;
}
