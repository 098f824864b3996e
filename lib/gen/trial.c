/* Trial and error of depth one, T&E(1): each candidate in turn assumed,
 * and ruled out when what the simple rules then force holds a
 * contradiction, until nothing more goes.  Every such elimination is a
 * dynamic contradiction chain of the rater whose inner rules are those
 * simple rules, and T&E(1) is confluent (an elimination made by any other
 * rule never stops one of its own), so when it solves a puzzle, the
 * rating never needs chains nested deeper than those: with singles, plain
 * dynamic chains (8.5); with locked candidates too, at most the dynamic
 * chains that use rules inside (9.0).  The near search asks it before a
 * rating (tests/unit.bats checks the claim on every rated puzzle of
 * shared/data).  Costs a few milliseconds on a 9x9 puzzle, where a
 * rating of a 9.x one costs 0.1 to 1 s. */
#include <string.h>
#include "gen/gen.h"

/* Rules digits out of cell; false when none is left. */
static bool rule_out(uint64_t *cand, int cell, uint64_t digits, bool *changed)
{
	if (!(cand[cell] & digits))
		return true;
	cand[cell] &= ~digits;
	*changed = true;
	return cand[cell] != 0;
}

/* Locked candidates where box b meets line u (a row or a column): a digit
 * that the box holds only there leaves the rest of the line (pointing), one
 * that the line holds only there leaves the rest of the box (claiming). */
static bool locked_in(const struct sd_shape *sh, uint64_t *cand, int b, int u, bool *changed)
{
	const struct sd_units *un = &sh->units;
	int n = sh->g.n, box = 2 * n + b;
	uint64_t meet = 0, box_rest = 0, line_rest = 0;
	bool in_box[SD_MAXN];

	for (int k = 0; k < n; k++) {
		int cell = un->members[u][k];
		in_box[k] = un->unit_of[cell][2] == box;
		if (in_box[k])
			meet |= cand[cell];
		else
			line_rest |= cand[cell];
	}
	for (int k = 0; k < n; k++) {
		int cell = un->members[box][k];
		if (un->unit_of[cell][u < n ? 0 : 1] != u)
			box_rest |= cand[cell];
	}
	uint64_t pointing = meet & ~box_rest, claiming = meet & ~line_rest;
	for (int k = 0; pointing && k < n; k++)
		if (!in_box[k] && !rule_out(cand, un->members[u][k], pointing, changed))
			return false;
	for (int k = 0; claiming && k < n; k++) {
		int cell = un->members[box][k];
		if (un->unit_of[cell][u < n ? 0 : 1] != u && !rule_out(cand, cell, claiming, changed))
			return false;
	}
	return true;
}

/* Naked and hidden singles (and, if locked, locked candidates) to their
 * fixpoint; false on a contradiction: a cell without a candidate, a digit
 * without a place in a unit, or two digits that need the same cell. */
static bool propagate(const struct sd_shape *sh, uint64_t *cand, bool locked)
{
	const struct sd_units *un = &sh->units;
	int n = sh->g.n, cells = n * n;
	uint64_t all = sd_all_values(n);
	bool cleared[SD_MAXCELLS], changed = true;

	memset(cleared, 0, (size_t)cells * sizeof *cleared);
	while (changed) {
		changed = false;
		for (int c = 0; c < cells; c++) {
			uint64_t m = cand[c];
			if (!m)
				return false;
			if (cleared[c] || (m & (m - 1)))
				continue;
			cleared[c] = true;
			for (int k = 0; k < 3; k++)
				for (int i = 0; i < n; i++) {
					int peer = un->members[un->unit_of[c][k]][i];
					if (peer != c && !rule_out(cand, peer, m, &changed))
						return false;
				}
		}
		for (int u = 0; u < 3 * n; u++) {
			uint64_t once = 0, twice = 0;
			for (int k = 0; k < n; k++) {
				uint64_t m = cand[un->members[u][k]];
				twice |= once & m;
				once |= m;
			}
			if (once != all)
				return false;
			uint64_t alone = once & ~twice;
			for (int k = 0; alone && k < n; k++) {
				int cell = un->members[u][k];
				uint64_t m = cand[cell] & alone;
				if (m & (m - 1))
					return false;
				if (m && cand[cell] != m) {
					cand[cell] = m;
					changed = true;
				}
			}
		}
		for (int b = 0; locked && !changed && b < n; b++)
			for (int line = 0; line < 2 * n; line++) {
				int first = un->members[2 * n + b][0];
				int row = first / n, col = first % n;
				bool meets = line < n ? line >= row && line < row + sh->g.r
						      : line - n >= col && line - n < col + sh->g.c;
				if (meets && !locked_in(sh, cand, b, line, &changed))
					return false;
			}
	}
	return true;
}

bool sd_trial_solves(const struct sd_shape *sh, const uint8_t *v, bool locked)
{
	int n = sh->g.n, cells = n * n;
	uint64_t cand[SD_MAXCELLS], trial[SD_MAXCELLS];
	bool again = true;

	for (int c = 0; c < cells; c++)
		cand[c] = v[c] ? 1ULL << (v[c] - 1) : sd_all_values(n);
	if (!propagate(sh, cand, locked))
		return false;
	while (again) {
		again = false;
		for (int c = 0; c < cells; c++)
			for (uint64_t left = cand[c]; (cand[c] & (cand[c] - 1)) && left; left &= left - 1) {
				uint64_t bit = left & -left;
				if (!(cand[c] & bit))
					continue;      /* gone meanwhile */
				memcpy(trial, cand, (size_t)cells * sizeof *cand);
				trial[c] = bit;
				if (propagate(sh, trial, locked))
					continue;
				cand[c] &= ~bit;
				if (!propagate(sh, cand, locked))
					return false;
				again = true;
			}
	}
	for (int c = 0; c < cells; c++)
		if (cand[c] & (cand[c] - 1))
			return false;
	return true;
}
