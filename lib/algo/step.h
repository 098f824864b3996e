/* What every technique's file and every reader of a step share: the
 * techniques and levels, a step, and the board as the techniques see
 * it.  The solving itself is declared in logic.h. */
#ifndef SUDOKU_STEP_H
#define SUDOKU_STEP_H

#include "board/board.h"

/* In the order Sudoku Explainer tries them, which is the order of their
 * scores: the direct techniques (a locked digit or a hidden pair or
 * triple that leaves another digit one place in a unit, scored as the
 * placement they lead to) come among the singles. */
enum sd_tech {
	SD_TECH_FULL_HOUSE, SD_TECH_HIDDEN_SINGLE_BOX, SD_TECH_HIDDEN_SINGLE_LINE,
	SD_TECH_DIRECT_POINTING, SD_TECH_DIRECT_CLAIMING, SD_TECH_DIRECT_HIDDEN_PAIR,
	SD_TECH_NAKED_SINGLE, SD_TECH_DIRECT_HIDDEN_TRIPLE, SD_TECH_POINTING, SD_TECH_CLAIMING,
	SD_TECH_NAKED_PAIR, SD_TECH_X_WING, SD_TECH_HIDDEN_PAIR, SD_TECH_NAKED_TRIPLE,
	SD_TECH_SWORDFISH, SD_TECH_HIDDEN_TRIPLE, SD_TECH_XY_WING, SD_TECH_XYZ_WING,
	SD_TECH_UNIQUE_LOOP, SD_TECH_NAKED_QUAD, SD_TECH_JELLYFISH, SD_TECH_HIDDEN_QUAD,
	SD_TECH_BUG, SD_TECH_ALIGNED_PAIR, SD_TECH_FORCING_CHAIN, SD_TECH_ALIGNED_TRIPLE,
	SD_TECH_NISHIO, SD_TECH_MULTIPLE_CHAIN, SD_TECH_DYNAMIC_CHAIN,
	SD_TECH_DYNAMIC_PLUS, SD_TECH_NESTED_CHAIN, SD_TECH_COUNT
};

enum sd_level {
	SD_LEVEL_VERY_EASY, SD_LEVEL_EASY, SD_LEVEL_MEDIUM, SD_LEVEL_HARD, SD_LEVEL_EXPERT,
	SD_LEVEL_FIENDISH, SD_LEVEL_EXTREME,
	SD_LEVEL_SEARCH,               /* not rated: the techniques do not finish */
	SD_LEVEL_LIMIT,                /* not rated: stopped at the limits */
	SD_LEVEL_COUNT
};

const char *sd_tech_name(int tech);       /* "hidden-single", "x-wing", ... */
double sd_tech_score(int tech);           /* on Sudoku Explainer's scale */
int sd_tech_level(int tech);              /* the lowest level that allows it */
extern const char *const sd_level_names[];  /* "very-easy" ... "search", "limit" */
/* The top of Sudoku Explainer's scale: the hardest puzzles known rate
 * 11.9, and no rating above has been seen. */
#define SD_RATING_TOP 11.9
/* The level of a Sudoku Explainer rating: very easy up to 1.5, easy to
 * 2.3, medium to 2.9, hard to 4.4, expert to 6.2, fiendish to 8.9,
 * extreme above. */
int sd_level_of_score(double er);
/* The ratings of a level, min and max included (max 1e9 for the last). */
void sd_level_band(int level, double *min, double *max);
/* The hardest technique a level allows. */
int sd_level_top(int level);

/* Units are numbered rows 0..n-1, columns n..2n-1, boxes 2n..3n-1. */
#define SD_MAX_REMOVED (4 * SD_MAXN)
#define SD_MAX_PATTERN 32
/* a chain step's potentials shown: a cell or region chain shows a chain
 * per outcome */
#define SD_MAX_SHOWN 256
struct sd_step {
	int tech;
	double score;                  /* Sudoku Explainer's difficulty of this step */
	int unit;                      /* the house it happens in, or -1 */
	int cell, digit;               /* a placement (after the removals), or cell -1 */
	int variant;                   /* uniqueness: the type (1-4); chains: the kind
	                                * (1-3 cycle, 4-6 forcing chain, 7 contradiction,
	                                * 8 double, 9 cell, 10 region) */
	int level;                     /* chains: SE's nesting level (1 DF+, 2 to 5
	                                * nested), else 0 */
	int npattern;
	int pattern[SD_MAX_SHOWN];     /* cells (subsets, wings, loops), units (fish, locks)
	                                * or a chain's potentials (chain.c): for kinds 8-10
	                                * the source, then each outcome's chain after a -1,
	                                * -2 where its middle is left out */
	uint64_t digits;               /* the digits of a subset or fish */
	uint64_t cover;                /* fish: the cover units (columns or rows), as indices;
	                                * chains: the potentials of the chains in full */
	uint64_t pattern_cand[4];      /* wings: the candidates of the pattern's cells */
	int nremoved;
	struct { int cell; uint64_t digits; } removed[SD_MAX_REMOVED];
};

struct sd_chain_nesting;
struct sd_chain_store;

struct sd_logic {
	struct sd_geom g;
	int n, cells, empty;
	int resume_tech, resume_from;  /* the scan of the last single */
	uint64_t all;
	uint8_t v[SD_MAXCELLS];
	uint64_t cand[SD_MAXCELLS];    /* candidates of each empty cell, 0 when placed */
	struct sd_units units;
	/* the segments of a unit's k-th cell: k / c is the row of a box and
	 * the box along a row, k % c the column of a box, k / r the box
	 * along a column */
	uint8_t over_c[SD_MAXN], mod_c[SD_MAXN], over_r[SD_MAXN];
	struct sd_place_runs runs;     /* the places alike, for locked candidates */
	/* the digits placed in each unit, kept by every placement; for
	 * sd_logic_level, per unit and digit (from 0) the places in the unit
	 * that can still hold it, and the singles waiting: (unit, digit)
	 * pairs and cells */
	uint64_t where[3 * SD_MAXN][SD_MAXN], placed[3 * SD_MAXN];
	uint16_t hidden[3 * SD_MAXN * SD_MAXN][2], naked[SD_MAXCELLS];
	int nhidden, nnaked;
	/* set by the caller, kept by sd_logic_init: the puzzle is known to
	 * have one solution, which the uniqueness techniques assume; the
	 * limits of a rating (zero: none), work in the units below */
	bool unique;
	struct sd_limits limits;
	/* the work spent since sd_rate or sd_logic_level began (a hint
	 * after a rating goes on counting), and the count at which the
	 * limits are looked at next (see sd_logic_spend) */
	long long work, check_at;
	bool stopped;                  /* the limits were reached: no step */
	/* the chains inside chains, set by sd_logic_init (see chain_int.h) */
	const struct sd_chain_nesting *nesting;
	/* while sd_rate runs, the chain searches' storage, kept from one
	 * search to the next (NULL otherwise: each search takes its own) */
	struct sd_chain_store *chain_store;
};

/* The techniques' work, counted so that a rating stops at its limits
 * wherever it is, the same way on every machine.  Every loop that can
 * run long spends units as it goes: about one unit for a look over a
 * house's cells, a combination of cells or digits tried, a chain's
 * potential followed.  The limits (the work limit, the deadline, the
 * interrupt) are looked at, and the clock read, only when the count
 * reaches lg->check_at: every SD_LOGIC_CHECK_EVERY units, and at the work
 * limit exactly.  True when the rating must stop: lg->stopped is set,
 * every later call says so at once, and the technique that sees it
 * returns "nothing found". */
#define SD_LOGIC_CHECK_EVERY 4096
bool sd_logic_check(struct sd_logic *lg);
static inline bool sd_logic_spend(struct sd_logic *lg, long long units)
{
	lg->work += units;
	return lg->work >= lg->check_at && sd_logic_check(lg);
}
/* Starts the count of a rating under lg->limits. */
void sd_logic_start_work(struct sd_logic *lg);

#endif
