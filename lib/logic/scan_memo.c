/* What the techniques that look at one unit, or one digit, at a time saw
 * on their last scan (logic_int.h).  A rating scans again and again grids
 * that differ from the last scan in a few cells; a unit whose cells kept
 * their candidates finds what it found before, nothing when that scan
 * ran to its end finding nothing. */
#include <stdlib.h>
#include <string.h>
#include "logic/logic_int.h"

struct sd_scan_memo {
	int cells;
	/* per technique, the grid of its last scan, and whether that scan
	 * ran to its end finding nothing */
	struct { bool clean; uint64_t *cand; } last[SD_TECH_COUNT];
};

struct sd_scan_memo *sd_scan_memo_new(void)
{
	return calloc(1, sizeof(struct sd_scan_memo));
}

void sd_scan_memo_free(struct sd_scan_memo *memo)
{
	if (!memo)
		return;
	for (int t = 0; t < SD_TECH_COUNT; t++)
		free(memo->last[t].cand);
	free(memo);
}

void sd_scan_since(struct sd_logic *lg, int tech, struct sd_scan_changes *ch)
{
	struct sd_scan_memo *memo = lg->scan_memo;
	int units = 3 * lg->n;
	bool all = true;

	ch->digits = 0;
	if (memo && memo->cells != lg->cells) {
		for (int t = 0; t < SD_TECH_COUNT; t++) {
			free(memo->last[t].cand);
			memo->last[t].cand = NULL;
			memo->last[t].clean = false;
		}
		memo->cells = lg->cells;
	}
	if (memo && !memo->last[tech].cand)
		memo->last[tech].cand = calloc((size_t)lg->cells, sizeof *memo->last[tech].cand);
	if (memo && memo->last[tech].cand) {
		uint64_t *last = memo->last[tech].cand;
		all = !memo->last[tech].clean;
		memset(ch->unit, false, (size_t)units * sizeof *ch->unit);
		for (int c = 0; c < lg->cells; c++) {
			uint64_t moved = last[c] ^ lg->cand[c];
			if (!moved)
				continue;
			ch->digits |= moved;
			for (int k = 0; k < 3; k++)
				ch->unit[lg->units.unit_of[c][k]] = true;
			last[c] = lg->cand[c];
		}
		memo->last[tech].clean = false;
	}
	if (all) {
		memset(ch->unit, true, (size_t)units * sizeof *ch->unit);
		ch->digits = lg->all;
	}
}

void sd_scan_done(struct sd_logic *lg, int tech, bool found)
{
	struct sd_scan_memo *memo = lg->scan_memo;

	if (memo && memo->last[tech].cand)
		memo->last[tech].clean = !found && !lg->stopped;
}
