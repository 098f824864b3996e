/* Making puzzles: a random solution grid, then clues removed while the
 * solution stays unique, in symmetric orbits, down to a level. */
#ifndef SUDOKU_GEN_H
#define SUDOKU_GEN_H

#include "logic/logic.h"
#include "exact/exact.h"

enum sd_symmetry {
	SD_SYM_NONE, SD_SYM_ROT180, SD_SYM_ROT90, SD_SYM_MIRROR, SD_SYM_DIAGONAL, SD_SYM_RANDOM
};
extern const char *const sd_symmetry_names[];  /* "none", "rot180", ... */

struct sd_gen_opts {
	int level;                     /* -1: any; else the level that guides */
	/* the Sudoku Explainer ratings to keep, both 0: the level's band */
	double min_er, max_er;
	int symmetry;
	int clues;                     /* stop removing at this many givens; 0: none */
	bool minimal;                  /* no given (orbit, with symmetry) removable */
	long long max_attempts;        /* removal orders tried per puzzle */
	/* the whole puzzle's deadline and interrupt; work: nodes per
	 * uniqueness check */
	struct sd_limits limits;
	/* the rater's work (lg->limits.work) per level found by the
	 * techniques, and per rating (0: none) */
	long long rating_work;
};

#define SD_GEN_SETS 256

/* What generation needs, allocated once and reused from puzzle to puzzle. */
struct sd_gen {
	struct sd_geom g;
	uint8_t solution[SD_MAXCELLS], puzzle[SD_MAXCELLS];
	int givens, symmetry;
	long long attempts, checks;
	bool rated;                    /* rating holds the puzzle's rating */
	struct sd_rating rating;
	/* work space */
	uint16_t orbit[SD_MAXCELLS];   /* orbit representatives, in removal order */
	int norbits;
	uint16_t open[SD_MAXCELLS];    /* orbits a rescue may give back */
	struct sd_logic lg;
	struct sd_solve_result res;
	uint8_t work[SD_MAXCELLS];
	/* sets of cells that hold a given in every puzzle of the grid, and
	 * the puzzle's givens, as bits */
	uint64_t sets[SD_GEN_SETS][SD_MAXCELLS / 64], given_bits[SD_MAXCELLS / 64];
	int nsets, words;
	uint8_t exclude[SD_MAXCELLS];  /* a digit ruled out of one cell, for unique() */
	struct sd_cand cd;             /* digits of the puzzle's givens per unit */
	struct sd_rng rng;
};

/* Counting on grids above 16x16 can take long near the minimum: there a
 * uniqueness search gives up after this many nodes and keeps its clue,
 * so the puzzle stays proven unique. */
#define SD_GEN_BIG_GRID_NODES 250
/* The default nodes per uniqueness check (0: none) and removal orders
 * per puzzle of the programs and the library. */
long long sd_gen_default_nodes(const struct sd_geom *g);
long long sd_gen_default_attempts(int level);
/* The level that guides the removals toward ratings min_er..max_er:
 * max_er's, but fiendish when only max_er is extreme, as the extreme
 * level's way (minimal puzzles, rated) seldom makes the fiendish ratings
 * of the window's lower part. */
int sd_gen_window_level(double min_er, double max_er);

enum { SD_GEN_OK, SD_GEN_EXHAUSTED, SD_GEN_STOPPED };
/* Makes one puzzle from seed: SD_GEN_OK, SD_GEN_EXHAUSTED when max_attempts
 * removal orders gave none, SD_GEN_STOPPED at the deadline or on a signal. */
int sd_generate(struct sd_gen *gen, const struct sd_geom *g, const struct sd_gen_opts *o,
		uint64_t seed);
/* Rates gen->puzzle (if not rated yet); a rating past the limits is
 * level SD_LEVEL_LIMIT. */
void sd_gen_rate(struct sd_gen *gen);
/* The fewest givens a puzzle of this shape with one solution can have, as
 * far as it is known: 4 on 4×4, 8 on 6×6, 17 on 9×9 (McGuire et al.,
 * 2012); elsewhere N-1, since two digits that never appear could swap. */
int sd_gen_least_clues(const struct sd_geom *g);
/* Releases the working memory the solver kept. */
static inline void sd_gen_free(struct sd_gen *gen)
{
	sd_solve_result_free(&gen->res);
}

#endif
