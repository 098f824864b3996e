/* The techniques' table (names, Sudoku Explainer's difficulties, levels),
 * the levels' bands of ratings, and the making of a step: what every
 * technique's file uses, below them all. */
#include "logic/logic_int.h"

static const struct {
	const char *name;
	double score;
	int level;
} techs[SD_TECH_COUNT] = {
	[SD_TECH_FULL_HOUSE] = { "full-house", 1.0, SD_LEVEL_VERY_EASY },
	[SD_TECH_HIDDEN_SINGLE_BOX] = { "hidden-single", 1.2, SD_LEVEL_VERY_EASY },
	[SD_TECH_HIDDEN_SINGLE_LINE] = { "hidden-single", 1.5, SD_LEVEL_VERY_EASY },
	[SD_TECH_DIRECT_POINTING] = { "direct-pointing", 1.7, SD_LEVEL_EASY },
	[SD_TECH_DIRECT_CLAIMING] = { "direct-claiming", 1.9, SD_LEVEL_EASY },
	[SD_TECH_DIRECT_HIDDEN_PAIR] = { "direct-hidden-pair", 2.0, SD_LEVEL_EASY },
	[SD_TECH_NAKED_SINGLE] = { "naked-single", 2.3, SD_LEVEL_EASY },
	[SD_TECH_DIRECT_HIDDEN_TRIPLE] = { "direct-hidden-triple", 2.5, SD_LEVEL_MEDIUM },
	[SD_TECH_POINTING] = { "pointing", 2.6, SD_LEVEL_MEDIUM },
	[SD_TECH_CLAIMING] = { "claiming", 2.8, SD_LEVEL_MEDIUM },
	[SD_TECH_NAKED_PAIR] = { "naked-pair", 3.0, SD_LEVEL_HARD },
	[SD_TECH_X_WING] = { "x-wing", 3.2, SD_LEVEL_HARD },
	[SD_TECH_HIDDEN_PAIR] = { "hidden-pair", 3.4, SD_LEVEL_HARD },
	[SD_TECH_NAKED_TRIPLE] = { "naked-triple", 3.6, SD_LEVEL_HARD },
	[SD_TECH_SWORDFISH] = { "swordfish", 3.8, SD_LEVEL_HARD },
	[SD_TECH_HIDDEN_TRIPLE] = { "hidden-triple", 4.0, SD_LEVEL_HARD },
	[SD_TECH_XY_WING] = { "xy-wing", 4.2, SD_LEVEL_HARD },
	[SD_TECH_XYZ_WING] = { "xyz-wing", 4.4, SD_LEVEL_HARD },
	[SD_TECH_UNIQUE_LOOP] = { "unique-rectangle", 4.5, SD_LEVEL_EXPERT },
	[SD_TECH_NAKED_QUAD] = { "naked-quad", 5.0, SD_LEVEL_EXPERT },
	[SD_TECH_JELLYFISH] = { "jellyfish", 5.2, SD_LEVEL_EXPERT },
	[SD_TECH_HIDDEN_QUAD] = { "hidden-quad", 5.4, SD_LEVEL_EXPERT },
	[SD_TECH_BUG] = { "bug", 5.6, SD_LEVEL_EXPERT },
	[SD_TECH_ALIGNED_PAIR] = { "aligned-pair-exclusion", 6.2, SD_LEVEL_EXPERT },
	[SD_TECH_FORCING_CHAIN] = { "forcing-chain", 6.5, SD_LEVEL_FIENDISH },
	[SD_TECH_ALIGNED_TRIPLE] = { "aligned-triple-exclusion", 7.5, SD_LEVEL_FIENDISH },
	[SD_TECH_NISHIO] = { "nishio-forcing-chain", 7.5, SD_LEVEL_FIENDISH },
	[SD_TECH_MULTIPLE_CHAIN] = { "multiple-forcing-chain", 8.0, SD_LEVEL_FIENDISH },
	[SD_TECH_DYNAMIC_CHAIN] = { "dynamic-forcing-chain", 8.5, SD_LEVEL_FIENDISH },
	[SD_TECH_DYNAMIC_PLUS] = { "dynamic-forcing-chain-plus", 9.0, SD_LEVEL_EXTREME },
	[SD_TECH_NESTED_CHAIN] = { "nested-forcing-chain", 9.5, SD_LEVEL_EXTREME },
};

const char *const sd_level_names[SD_LEVEL_COUNT + 1] = {
	"very-easy", "easy", "medium", "hard", "expert", "fiendish", "extreme", "search", "limit", NULL
};

const char *sd_tech_name(int tech) { return techs[tech].name; }
double sd_tech_score(int tech) { return techs[tech].score; }
int sd_tech_level(int tech) { return techs[tech].level; }

/* The highest rating of each level but the last. */
static const double level_top[] = { 1.5, 2.3, 2.9, 4.4, 6.2, 8.9 };
#define NTOPS (int)(sizeof level_top / sizeof level_top[0])

int sd_level_of_score(double er)
{
	int level = 0;

	while (level < NTOPS && er > level_top[level] + 1e-9)
		level++;
	return level;
}

void sd_level_band(int level, double *min, double *max)
{
	*min = level > 0 ? level_top[level - 1] + 0.1 : 0.0;
	*max = level < NTOPS ? level_top[level] : 1e9;
}

int sd_level_top(int level)
{
	int top = -1;

	for (int t = 0; t < SD_TECH_COUNT; t++)
		if (techs[t].level <= level)
			top = t;
	return top;
}

void sd_step_begin(struct sd_step *st, int tech, int unit)
{
	st->tech = tech;
	st->score = techs[tech].score;
	st->variant = 0;
	st->level = st->complexity = 0;
	st->unit = unit;
	st->cell = -1;
	st->digit = 0;
	st->npattern = 0;
	st->digits = st->cover = 0;
	st->nremoved = 0;
}

void sd_step_remove(const struct sd_logic *lg, struct sd_step *st, int cell, uint64_t digits)
{
	digits &= lg->cand[cell];
	if (digits && st->nremoved < SD_MAX_REMOVED) {
		st->removed[st->nremoved].cell = cell;
		st->removed[st->nremoved++].digits = digits;
	}
}

int sd_step_placement(struct sd_step *st, int tech, int unit, int cell, int d)
{
	sd_step_begin(st, tech, unit);
	st->cell = cell;
	st->digit = d;
	return 1;
}
