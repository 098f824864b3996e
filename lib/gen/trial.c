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

/* Rules out, in cand, every candidate whose assumption leads to a
 * contradiction from the state given, all of them tested on that same
 * state, then narrows what is left: how many went (-1: what is left
 * holds a contradiction).  A candidate that a trial without contradiction
 * places is not tried itself: the rules are monotone, so what it forces
 * is part of what that trial forced, which held none (the same widths,
 * in two thirds of the time, on 7,550 neighbours of a climb). */
static int trial_round(const struct sd_shape *sh, uint8_t *placed, uint64_t *cand, bool locked)
{
	int cells = sh->g.n * sh->g.n, gone = 0;
	uint64_t trial[SD_MAXCELLS], wrong[SD_MAXCELLS], safe[SD_MAXCELLS];
	uint8_t trial_placed[SD_MAXCELLS];

	memset(safe, 0, (size_t)cells * sizeof *safe);
	for (int c = 0; c < cells; c++) {
		wrong[c] = 0;
		if (!(cand[c] & (cand[c] - 1)))
			continue;
		for (uint64_t left = cand[c] & ~safe[c]; left; left &= left - 1) {
			memcpy(trial, cand, (size_t)cells * sizeof *cand);
			memcpy(trial_placed, placed, (size_t)cells);
			trial[c] = left & -left;
			if (sd_cand_narrow(sh, trial_placed, trial, locked) < 0) {
				wrong[c] |= left & -left;
				gone++;
				continue;
			}
			for (int other = c + 1; other < cells; other++)
				if (!(trial[other] & (trial[other] - 1)))
					safe[other] |= trial[other];
		}
	}
	for (int c = 0; c < cells; c++)
		cand[c] &= ~wrong[c];
	return gone && sd_cand_narrow(sh, placed, cand, locked) < 0 ? -1 : gone;
}

int sd_trial_width(const struct sd_shape *sh, const uint8_t *v, bool locked)
{
	int n = sh->g.n, cells = n * n, width = SD_TRIAL_WIDE;
	uint64_t cand[SD_MAXCELLS];
	uint8_t placed[SD_MAXCELLS];

	memset(placed, 0, (size_t)cells);
	for (int c = 0; c < cells; c++)
		cand[c] = v[c] ? 1ULL << (v[c] - 1) : sd_all_values(n);
	if (sd_cand_narrow(sh, placed, cand, locked) < 0)
		return 0;
	for (;;) {
		bool open = false;
		for (int c = 0; c < cells && !open; c++)
			open = (cand[c] & (cand[c] - 1)) != 0;
		if (!open)
			return width;
		int gone = trial_round(sh, placed, cand, locked);
		if (gone <= 0)
			return 0;
		width = gone < width ? gone : width;
	}
}
