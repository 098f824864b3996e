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

bool sd_trial_solves(const struct sd_shape *sh, const uint8_t *v, bool locked)
{
	int n = sh->g.n, cells = n * n;
	/* the cells placed beside the candidates, as sd_cand_narrow keeps them */
	uint64_t cand[SD_MAXCELLS], trial[SD_MAXCELLS];
	uint8_t placed[SD_MAXCELLS], trial_placed[SD_MAXCELLS];
	bool again = true;

	memset(placed, 0, (size_t)cells);
	for (int c = 0; c < cells; c++)
		cand[c] = v[c] ? 1ULL << (v[c] - 1) : sd_all_values(n);
	if (sd_cand_narrow(sh, placed, cand, locked) < 0)
		return false;
	while (again) {
		again = false;
		for (int c = 0; c < cells; c++)
			for (uint64_t left = cand[c]; (cand[c] & (cand[c] - 1)) && left; left &= left - 1) {
				uint64_t bit = left & -left;
				if (!(cand[c] & bit))
					continue;      /* gone meanwhile */
				memcpy(trial, cand, (size_t)cells * sizeof *cand);
				memcpy(trial_placed, placed, (size_t)cells);
				trial[c] = bit;
				if (sd_cand_narrow(sh, trial_placed, trial, locked) == 0)
					continue;
				cand[c] &= ~bit;
				if (sd_cand_narrow(sh, placed, cand, locked) < 0)
					return false;
				again = true;
			}
	}
	for (int c = 0; c < cells; c++)
		if (cand[c] & (cand[c] - 1))
			return false;
	return true;
}
