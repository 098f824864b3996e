/* Solving the way people do: techniques in a fixed order, easiest first,
 * every step recorded; difficulty levels and Sudoku Explainer's scores. */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

#include "algo/step.h"

/* Starts from values v (0 empty); -1 when they repeat a digit in a unit.
 * The struct must be zeroed before its first use (static or calloc): it
 * keeps the tables of the last shape. */
int sd_logic_init(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v);
/* Finds the easiest step up to technique top and applies it: 1 a step,
 * 0 stuck (or solved), -1 the board has no solution. */
int sd_logic_step(struct sd_logic *lg, int top, struct sd_step *st);
/* Finds a step of technique tech without applying it, singles scanning
 * from position from: 1 found, 0 none, -1 the board has no solution. */
int sd_logic_find(struct sd_logic *lg, int tech, struct sd_step *st, int from);

struct sd_rating {
	int level;                     /* SD_LEVEL_SEARCH when stuck, SD_LEVEL_LIMIT
	                                * when stopped at lg->limits */
	int hardest;                   /* technique, or -1 when nothing was needed */
	double score;                  /* ER: the hardest step's */
	double pearl, diamond;         /* EP, ED: the hardest step up to the first
	                                * placement, and the first step's */
	int count[SD_TECH_COUNT];
	int steps;
	bool contradiction;            /* the values cannot be completed */
	bool limit;                    /* stopped at lg->limits: no rating */
};
/* The rater's work limit the programs give a rating by default
 * (sudoku-rate, sudoku-gen's ratings), in units of sd_logic_spend: about
 * what ten seconds allowed on the hardest puzzles here (bench/RESULTS.md,
 * "Default limits"); a plain integer, for the help texts. */
#define SD_DEFAULT_RATING_WORK 650000000
typedef void sd_step_fn(const struct sd_logic *lg, const struct sd_step *st, void *arg);
/* Solves v as far as techniques up to top go; on_step (may be NULL) sees
 * each step after it is applied.  Returns the level.  The work is
 * counted from the start, under lg->limits (set by the caller); steps
 * taken with sd_logic_step after it go on counting. */
int sd_rate(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v, int top,
	    struct sd_rating *r, sd_step_fn *on_step, void *arg);

/* The level of v as sd_rate finds it with techniques up to the level
 * top_level's, SD_LEVEL_SEARCH above that, found faster: each technique is
 * applied wherever it applies before the easier ones are looked at again,
 * and the hardest one used decides.  SD_LEVEL_LIMIT when stopped at
 * lg->limits (work counted from the start, as by sd_rate). */
int sd_logic_level(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v, int top_level);
/* The same for v made from a puzzle of level known (at most top_level)
 * by emptying the cells watch[0..nwatch): once the techniques fill them
 * again the board holds that puzzle's givens, so the closure stops there
 * and the level is the higher of known and the hardest technique so far. */
int sd_logic_level_from(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v,
			int top_level, int known, const int *watch, int nwatch);

#endif
