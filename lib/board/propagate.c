/* Propagation on the board model alone: what naked and hidden singles and
 * locked candidates force, to their fixpoint.  The local searches start
 * from it; the exact searches keep their own, undoable one, whose every
 * node it would cost too much.  Each rule only rules out, and what it rules
 * out stays ruled out after any other removal, so the fixpoint (and whether
 * it holds a contradiction) is the same whatever the order the rules are
 * applied in: this one places each single as it appears, and looks again
 * at a unit only once the candidates of one of its cells changed.  Each
 * unit's places for each digit and its digits placed are kept as cells
 * narrow, so that looking at a unit again costs a step per digit. */
#include <string.h>
#include "board/board.h"

static void queue_single(struct sd_narrowing *w, int cell)
{
	uint64_t c = w->cand[cell];

	if (c && !(c & (c - 1)) && !w->v[cell] && !w->queued[cell]) {
		w->queued[cell] = true;
		w->single[w->nsingle++] = (uint16_t)cell;
	}
}

/* Leaves cell the candidates left; false when none is. */
static bool narrow(struct sd_narrowing *w, int cell, uint64_t left)
{
	const uint8_t *unit = w->units->unit_of[cell], *place = w->units->index_in[cell];

	for (uint64_t gone = w->cand[cell] & ~left; gone; gone &= gone - 1) {
		int d = __builtin_ctzll(gone);
		for (int k = 0; k < 3; k++)
			w->where[unit[k]][d] &= ~(1ULL << place[k]);
	}
	w->cand[cell] = left;
	for (int k = 0; k < 3; k++)
		w->dirty[unit[k]] = true;
	queue_single(w, cell);
	return left != 0;
}

/* Rules digits out of the unit's cells at the given places; false when a
 * cell is left with none. */
static bool rule_out(struct sd_narrowing *w, int u, uint64_t places, uint64_t digits)
{
	for (; places; places &= places - 1) {
		int cell = w->units->members[u][__builtin_ctzll(places)];
		if ((w->cand[cell] & digits) && !narrow(w, cell, w->cand[cell] & ~digits))
			return false;
	}
	return true;
}

/* Places the cells left one candidate, and those their placing leaves
 * one: each digit leaves its peers. */
static bool naked_singles(struct sd_narrowing *w)
{
	const struct sd_geom *g = w->g;
	uint64_t line = sd_all_values(g->n);

	while (w->nsingle) {
		int cell = w->single[--w->nsingle];
		uint64_t c = w->cand[cell];
		w->queued[cell] = false;
		if (w->v[cell])
			continue;
		const uint8_t *unit = w->units->unit_of[cell], *place = w->units->index_in[cell];
		w->v[cell] = (uint8_t)(__builtin_ctzll(c) + 1);
		for (int k = 0; k < 3; k++) {
			w->placed[unit[k]] |= c;
			if (!rule_out(w, unit[k], line & ~(1ULL << place[k]), c))
				return false;
		}
	}
	return true;
}

/* Hidden singles and locked candidates in unit u: a digit with one place
 * left goes there; a box's places for a digit within one line clear the
 * rest of the line (pointing), a line's within one box the rest of the box
 * (claiming).  False on a digit with no place. */
static bool unit_rules(struct sd_narrowing *w, int u)
{
	const struct sd_geom *g = w->g;
	const struct sd_place_runs *runs = w->runs;
	int n = g->n;
	uint64_t all = sd_all_values(n);

	for (uint64_t need = all & ~w->placed[u]; need; need &= need - 1) {
		int d = __builtin_ctzll(need);
		uint64_t places = w->where[u][d], digit = 1ULL << d;
		if (!places)
			return false;
		int first = __builtin_ctzll(places);
		if (!(places & (places - 1))) {
			/* a single placed in this unit since the loop began may
			 * have taken the cell */
			int cell = w->units->members[u][first];
			if (!(w->cand[cell] & digit))
				return false;
			if (w->cand[cell] != digit)
				narrow(w, cell, digit);
			continue;
		}
		if (!w->locked)
			continue;
		int cell = w->units->members[u][first];
		const uint8_t *unit = w->units->unit_of[cell];
		int row = unit[0], col = unit[1] - n, box = unit[2] - 2 * n;
		int box_place = w->units->index_in[cell][2];
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

/* Narrows to the fixpoint: the singles queued and the units dirty. */
static int run(struct sd_narrowing *w)
{
	bool looked = true;

	while (looked) {
		looked = false;
		if (!naked_singles(w))
			return -1;
		for (int u = 0; u < 3 * w->g->n; u++) {
			if (!w->dirty[u])
				continue;
			w->dirty[u] = false;
			looked = true;
			if (!unit_rules(w, u))
				return -1;
		}
	}
	return 0;
}

int sd_narrow_start(struct sd_narrowing *w, const struct sd_shape *sh, uint8_t *v, uint64_t *cand,
		    bool locked)
{
	/* large (where alone is 96 KiB at 64x64): set as far as the board
	 * uses it, not cleared whole */
	int n = sh->g.n;

	w->g = &sh->g;
	w->units = &sh->units;
	w->runs = &sh->runs;
	w->locked = locked;
	w->v = v;
	w->cand = cand;
	w->nsingle = 0;
	for (int u = 0; u < 3 * n; u++) {
		w->dirty[u] = true;
		w->placed[u] = 0;
		memset(w->where[u], 0, (size_t)n * sizeof w->where[u][0]);
	}
	for (int i = 0; i < sd_cells(&sh->g); i++) {
		const uint8_t *unit = w->units->unit_of[i], *place = w->units->index_in[i];
		if (!cand[i])
			return -1;
		for (int k = 0; k < 3; k++) {
			if (v[i])
				w->placed[unit[k]] |= cand[i];
			else
				for (uint64_t c = cand[i]; c; c &= c - 1)
					w->where[unit[k]][__builtin_ctzll(c)] |= 1ULL << place[k];
		}
		w->queued[i] = false;
		queue_single(w, i);
	}
	return run(w);
}

void sd_narrow_copy(struct sd_narrowing *to, const struct sd_narrowing *from, uint8_t *v,
		    uint64_t *cand)
{
	int n = from->g->n, cells = n * n;

	to->g = from->g;
	to->units = from->units;
	to->runs = from->runs;
	to->locked = from->locked;
	to->v = v;
	to->cand = cand;
	memcpy(v, from->v, (size_t)cells);
	memcpy(cand, from->cand, (size_t)cells * sizeof *cand);
	to->nsingle = 0;
	memset(to->queued, 0, (size_t)cells * sizeof to->queued[0]);
	memset(to->dirty, 0, (size_t)(3 * n) * sizeof to->dirty[0]);
	memcpy(to->placed, from->placed, (size_t)(3 * n) * sizeof to->placed[0]);
	for (int u = 0; u < 3 * n; u++)
		memcpy(to->where[u], from->where[u], (size_t)n * sizeof to->where[u][0]);
}

int sd_narrow_to(struct sd_narrowing *w, int cell, uint64_t left)
{
	if (!narrow(w, cell, w->cand[cell] & left))
		return -1;
	return run(w);
}

int sd_cand_narrow(const struct sd_shape *sh, uint8_t *v, uint64_t *cand, bool locked)
{
	struct sd_narrowing w;

	return sd_narrow_start(&w, sh, v, cand, locked);
}

int sd_cand_propagate(const struct sd_geom *g, uint8_t *v, uint64_t *cand)
{
	struct sd_cand cd;
	struct sd_shape sh;

	if (sd_cand_init(&cd, g, v) < 0)
		return -1;
	/* built here: its one caller calls it once a search start */
	sh.g = *g;
	sd_units(g, &sh.units);
	sd_place_runs(g, &sh.runs);
	for (int i = 0; i < sd_cells(g); i++)
		cand[i] = v[i] ? 1ULL << (v[i] - 1) : sd_cand_of(&cd, i);
	return sd_cand_narrow(&sh, v, cand, true);
}
