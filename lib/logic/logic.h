/* Solving the way people do: techniques in a fixed order, easiest first,
 * every step recorded; difficulty levels and Sudoku Explainer's scores.
 * The face of lib/logic: the techniques and levels, a step, the board as
 * the techniques see it, the solving and the rating. */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

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
/* Whether score is mark or more on that scale: a score computed as a
 * sum may fall short of the tenth it prints as by a rounding error. */
static inline bool sd_score_reaches(double score, double mark)
{
	return score >= mark - 1e-9;
}
/* SE's length difficulty of a chain of this complexity: 0.1 per step of
 * a scale of lengths; smooth: the part of the next step the length has
 * covered added, a measure of size finer than the score's tenths. */
double sd_length_difficulty(int complexity, bool smooth);
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
	int complexity;                /* chains: SE's complexity, from which the
	                                * score's length difficulty comes; else 0 */
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
struct sd_align_memo;
struct sd_scan_memo;

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
	/* NULL, or per cell the candidates a pencil-mark puzzle gives (bit
	 * v-1): an empty cell starts from these, not from every value its
	 * peers leave */
	const uint64_t *allowed;
	/* the work spent since sd_rate or sd_logic_level began (a hint
	 * after a rating goes on counting), and the count at which the
	 * limits are looked at next (see sd_logic_spend) */
	long long work, check_at;
	bool stopped;                  /* the limits were reached: no step */
	/* the bytes the chain searches hold now, counted by them against
	 * SD_CHAIN_MEMORY; and whether an allocation failed all the same
	 * (the rating then stops as at its limits: no step is missed, no
	 * rating changed, for want of memory) */
	size_t chain_bytes;
	bool out_of_memory;
	/* the chains inside chains, set by sd_logic_init (see chain_int.h) */
	const struct sd_chain_nesting *nesting;
	/* while sd_rate runs, the chain searches' storage, kept from one
	 * search to the next (NULL otherwise: each search takes its own) */
	struct sd_chain_store *chain_store;
	/* while sd_rate runs, what aligned exclusion's last scans saw (NULL
	 * otherwise: each scan starts afresh) */
	struct sd_align_memo *align_memo;
	/* while sd_rate runs, what the scans by unit or digit last saw
	 * (NULL otherwise: each scan looks at all) */
	struct sd_scan_memo *scan_memo;
};

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
 * "The default limits of work"); a plain integer, for the help texts. */
#define SD_DEFAULT_RATING_WORK 650000000
/* The memory a rating's chain searches may hold at once: their sets of
 * potentials (a 64x64 board's take 4 MiB each), nodes and queues,
 * counted in bytes by the searches themselves, so that a rating stops at
 * the same place on every machine.  Past it the rating stops, as at the
 * work limit (SD_LEVEL_LIMIT).  What an assumption implied is kept for a
 * later cell's search only while they hold half of it, and found again
 * else, for the same work: no rating changes with it.  Below 25x25 a
 * rating holds a few megabytes. */
#define SD_CHAIN_MEMORY ((size_t)512 << 20)
typedef void sd_step_fn(const struct sd_logic *lg, const struct sd_step *st, void *arg);
/* Starts the count of work under lg->limits afresh: sd_rate and
 * sd_logic_level do; a hint that follows no rating (a game's) calls it. */
void sd_logic_start_work(struct sd_logic *lg);
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
