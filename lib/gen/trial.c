/* Trial and error of depth one, T&E(1): each candidate in turn assumed,
 * and ruled out when what the simple rules then force holds a
 * contradiction, until nothing more goes.  Every such elimination is a
 * dynamic contradiction chain of the rater whose inner rules are those
 * simple rules, and T&E(1) is confluent (an elimination made by any other
 * rule never stops one of its own), so when it solves a puzzle, the
 * rating needs no chains nested deeper than those: with singles, plain
 * dynamic chains (8.5); with locked candidates too, at most the dynamic
 * chains that use rules inside (9.0).  How narrow its way is tells more:
 * the fewer candidates a round can rule out, the longer the chains a
 * rating needs to rule them out (tests/unit.bats checks both on the rated
 * puzzles of shared/data).  Costs about a millisecond on a 9x9 puzzle,
 * where a rating of a 9.x one costs 10 ms to 1 s. */
#include <string.h>
#include "gen/gen.h"

/* Whether assuming bit in cell c of base (at its fixpoint) leads to a
 * contradiction, tried on a copy of base.  When it does not, the
 * candidates the trial placed in the cells after c are marked in safe:
 * the rules are monotone, so what assuming one of them forces is part of
 * what this trial forced, which held none. */
static bool contradicts(const struct sd_narrowing *base, int c, uint64_t bit, uint64_t *safe)
{
	int cells = base->g->n * base->g->n;
	uint64_t trial[SD_MAXCELLS];
	uint8_t trial_placed[SD_MAXCELLS];
	struct sd_narrowing t;

	sd_narrow_copy(&t, base, trial_placed, trial);
	if (sd_narrow_to(&t, c, bit) < 0)
		return true;
	for (int other = c + 1; other < cells; other++)
		if (!(trial[other] & (trial[other] - 1)))
			safe[other] |= trial[other];
	return false;
}

/* Rules out every candidate whose assumption leads to a contradiction
 * from the state given (in base, at its fixpoint), all of them tested on
 * that same state, then narrows what is left: how many went (-1: what is
 * left holds a contradiction).  The candidates found safe are not tried
 * (the same widths, in two thirds of the time, on 7,550 neighbours of a
 * climb). */
static int trial_round(struct sd_narrowing *base)
{
	int cells = base->g->n * base->g->n, gone = 0;
	const uint64_t *cand = base->cand;
	uint64_t wrong[SD_MAXCELLS], safe[SD_MAXCELLS];

	memset(safe, 0, (size_t)cells * sizeof *safe);
	for (int c = 0; c < cells; c++) {
		wrong[c] = 0;
		if (!(cand[c] & (cand[c] - 1)))
			continue;
		for (uint64_t left = cand[c] & ~safe[c]; left; left &= left - 1)
			if (contradicts(base, c, left & -left, safe)) {
				wrong[c] |= left & -left;
				gone++;
			}
	}
	for (int c = 0; c < cells; c++)
		if (wrong[c] && sd_narrow_to(base, c, ~wrong[c]) < 0)
			return -1;
	return gone;
}

/* Whether every cell of the state is down to one candidate. */
static bool solved(const struct sd_narrowing *w)
{
	for (int c = 0; c < w->g->n * w->g->n; c++)
		if (w->cand[c] & (w->cand[c] - 1))
			return false;
	return true;
}

/* Starts base from v, in placed and cand: false on a contradiction. */
static bool start(struct sd_narrowing *base, const struct sd_shape *sh, const uint8_t *v,
		  uint8_t *placed, uint64_t *cand, bool locked)
{
	int n = sh->g.n, cells = n * n;

	memset(placed, 0, (size_t)cells);
	for (int c = 0; c < cells; c++)
		cand[c] = v[c] ? 1ULL << (v[c] - 1) : sd_all_values(n);
	return sd_narrow_start(base, sh, placed, cand, locked) == 0;
}

int sd_trial_width(const struct sd_shape *sh, const uint8_t *v, bool locked)
{
	int width = SD_TRIAL_WIDE;
	uint64_t cand[SD_MAXCELLS];
	uint8_t placed[SD_MAXCELLS];
	struct sd_narrowing base;

	if (!start(&base, sh, v, placed, cand, locked))
		return 0;
	for (;;) {
		if (solved(&base))
			return width;
		int gone = trial_round(&base);
		if (gone <= 0)
			return 0;
		width = gone < width ? gone : width;
	}
}

/* T&E(1) with each elimination made as soon as it is found, not at the
 * end of a round: the same fixpoint (the rules are monotone), reached in
 * fewer trials, as each trial starts from a narrower state.  What a trial
 * without contradiction placed is safe only until the next elimination. */
bool sd_trial_solves(const struct sd_shape *sh, const uint8_t *v, bool locked)
{
	int cells = sh->g.n * sh->g.n;
	uint64_t cand[SD_MAXCELLS], safe[SD_MAXCELLS];
	uint8_t placed[SD_MAXCELLS];
	struct sd_narrowing base;
	bool narrowed = true;

	if (!start(&base, sh, v, placed, cand, locked))
		return false;
	while (narrowed) {
		narrowed = false;
		memset(safe, 0, (size_t)cells * sizeof *safe);
		for (int c = 0; c < cells; c++) {
			uint64_t left;
			while ((cand[c] & (cand[c] - 1)) && (left = cand[c] & ~safe[c])) {
				uint64_t bit = left & -left;
				if (!contradicts(&base, c, bit, safe)) {
					safe[c] |= bit;
					continue;
				}
				if (sd_narrow_to(&base, c, ~bit) < 0)
					return false;
				narrowed = true;
				memset(safe, 0, (size_t)cells * sizeof *safe);
			}
		}
		if (solved(&base))
			return true;
	}
	return false;
}
