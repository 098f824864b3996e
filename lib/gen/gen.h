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
/* The options that aim at level (-1: any), or at the ratings from min_er
 * to max_er when max_er is above 0: the level that guides the removals,
 * the attempts, the work of a uniqueness check and of a rating. */
void sd_gen_aim(struct sd_gen_opts *o, const struct sd_geom *g, int level, double min_er,
		double max_er);

enum { SD_GEN_OK, SD_GEN_EXHAUSTED, SD_GEN_STOPPED };
/* Makes one puzzle from seed: SD_GEN_OK, SD_GEN_EXHAUSTED when max_attempts
 * removal orders gave none, SD_GEN_STOPPED at the deadline or on a signal. */
int sd_generate(struct sd_gen *gen, const struct sd_geom *g, const struct sd_gen_opts *o,
		uint64_t seed);
/* Rates gen->puzzle (if not rated yet); a rating past the limits is
 * level SD_LEVEL_LIMIT. */
void sd_gen_rate(struct sd_gen *gen);
/* Whether gen->puzzle's rating is in o's window (its level's band without
 * one): level, the level the techniques up to o's settled (-1: none
 * settled), rules out first, and fast, what lies outside the window's
 * levels; only then the full rating. */
bool sd_gen_in_window(struct sd_gen *gen, const struct sd_gen_opts *o, int level);
/* The fewest givens a puzzle of this shape with one solution can have, as
 * far as it is known: 4 on 4×4, 8 on 6×6, 17 on 9×9 (McGuire et al.,
 * 2012); elsewhere N-1, since two digits that never appear could swap. */
int sd_gen_least_clues(const struct sd_geom *g);
/* Releases the working memory the solver kept. */
static inline void sd_gen_free(struct sd_gen *gen)
{
	sd_solve_result_free(&gen->res);
}

/* ---- pencil-mark puzzles (pencil.c) -------------------------------------- */

/* Makes a pencil-mark puzzle from seed into cand (n×n masks, bit v-1 for
 * value v; gen->puzzle holds no given): from a random solution, candidates
 * that are not the solution's taken away in random order until the
 * solution is the only one, then, with o->minimal, each elimination put
 * back that leaves it alone, so that every one left is needed.  A level or
 * a window of o is met by attempts, each from a new solution, rated from
 * the candidates (gen->lg.allowed is cand: sd_gen_rate rates from them
 * while cand lives).  Returns as sd_generate does. */
int sd_generate_pencil(struct sd_gen *gen, const struct sd_geom *g, const struct sd_gen_opts *o,
		       uint64_t seed, uint64_t *cand);

/* ---- trial and error of depth one (trial.c) ------------------------------ */

/* How narrow the way of T&E(1) through v is, round by round (a round
 * tries every candidate left, on the same state, and rules out those
 * that reach a contradiction under naked and hidden singles, and locked
 * candidates if locked): the fewest candidates a round ruled out;
 * SD_TRIAL_WIDE when the simple rules alone solve v, 0 when T&E(1) does
 * not solve it.  T&E(1) solving v bounds the chains its rating needs
 * (trial.c); its width falls on the way up the scale (in shared/data's
 * rated puzzles: 40 to 57 on average from 6.5 to 8.5, 21 at 9.0, 3 to 26
 * at 9.3, 0 from 9.5 up). */
#define SD_TRIAL_WIDE 1000
int sd_trial_width(const struct sd_shape *sh, const uint8_t *v, bool locked);
/* Whether T&E(1) solves v (the simple rules alone included): whether
 * sd_trial_width is above 0, found faster. */
bool sd_trial_solves(const struct sd_shape *sh, const uint8_t *v, bool locked);

/* ---- the search near hard puzzles (near.c) ------------------------------ */

/* Ratings windows from this one up are searched near hard puzzles: clue
 * removal alone reaches them too seldom. */
#define SD_NEAR_FROM 8.5
#define SD_NEAR_POOL 32                /* seeds kept, the fittest */
/* Windows whose top is this or more rank the pool by the depth of the
 * chains a rating needs, not by the rating: plain dynamic chains seldom
 * rate more.  Windows from this up rate only the neighbours T&E(1) goes
 * through no wider than through some member of the pool. */
#define SD_NEAR_DEEP 9.5
/* neighbours tried per find by default; from SD_NEAR_DEEP up, where most
 * cost T&E(1)'s width, not a rating (8,000 a CPU-second), fifty times as
 * many: the first find of --rating 9.5- took 1.8 million in seed 2 */
#define SD_NEAR_TRIES 200000
#define SD_NEAR_DEEP_TRIES 10000000
#define SD_NEAR_SEEN (1 << 20)         /* puzzles remembered as already rated */
#define SD_NEAR_SEED_PUZZLES 200       /* made by clue removal to seed the pool */
/* ratings without a rise of the pool's best after which {-n+m} grows by
 * one, at most SD_NEAR_WIDEST times */
#define SD_NEAR_STALL 1000
#define SD_NEAR_WIDEST 2
/* neighbours judged without a rise of the pool's best or a find before
 * a pool of the search's own seeds starts afresh, the unit of the Luby
 * sequence (sd_near_opts.restart) */
#define SD_NEAR_RESTART 200000
/* from SD_NEAR_DEEP up, below chains with chains inside, the width of
 * T&E(1)'s way from which a puzzle counts as not narrow at all (the
 * widest of the pools on a climb's plateau were 55 to 72) */
#define SD_NEAR_NARROW 64

struct sd_near_opts {
	double min_er, max_er;         /* the window of ratings to yield */
	/* each find aims at a window from min_er + a random multiple of 0.1
	 * up to min_er + spread (0: from min_er), so that a wide window's
	 * finds spread over it rather than gather at its lower end */
	double spread;
	int remove, add;               /* {-n+m}: at most n givens away, m added */
	bool minimal;                  /* each neighbour made minimal before rating */
	long long max_tries;           /* neighbours tried per find */
	/* deadline and interrupt; work: nodes per uniqueness search */
	struct sd_limits limits;
	long long rating_work;         /* the rater's work per rating (0: none) */
	/* a pool that judged this many neighbours since its best rose or
	 * it found a puzzle, times the Luby sequence's term for its turn
	 * (sd_luby: 1 1 2 1 1 2 4 ...), starts afresh from puzzles made by
	 * clue removal in remake's work space (0 or NULL: it never does) */
	long long restart;
	struct sd_gen *remake;
};

struct sd_near {
	struct sd_geom g;
	struct sd_shape shape;         /* g's tables, for sd_trial_width */
	struct {
		uint8_t puzzle[SD_MAXCELLS];
		double fit;            /* its rating, less above the window's top */
		int width;             /* sd_trial_width's, SD_TRIAL_WIDE: not taken */
	} pool[SD_NEAR_POOL];
	int npool;
	double best;                   /* the best fitness the pool has held */
	long long since_best;          /* neighbours judged since it rose */
	long long since_news;          /* since it rose or a puzzle was found */
	int restarts;                  /* times the pool started afresh */
	uint64_t *seen;                /* fingerprints of puzzles rated, SD_NEAR_SEEN */
	uint64_t *kept;                /* sorted: the seeds given and the finds */
	size_t nkept, kept_cap;
	/* the last find, its solution and rating, and what finding it took */
	uint8_t puzzle[SD_MAXCELLS], solution[SD_MAXCELLS];
	int givens;
	struct sd_rating rating;
	long long tries, checks, ratings;
	/* work space: of the rating's steps, the hardest score made finer
	 * by its chain's length, the deepest base of a step, the longest
	 * length difficulty at that base and how many steps have it */
	double fine, depth, reach;
	int at_depth;
	struct sd_logic lg;
	struct sd_solve_result res;
	struct sd_rng rng;
};

/* Starts a search of grids of shape g from seed, with an empty pool;
 * false when out of memory.  The struct is zeroed before the first start. */
bool sd_near_start(struct sd_near *nr, const struct sd_geom *g, uint64_t seed);
/* Rates puzzle v (unique) and offers it to the pool; given: one of the
 * caller's, never to be yielded.  False when out of memory. */
bool sd_near_seed(struct sd_near *nr, const struct sd_near_opts *o, const uint8_t *v, bool given);
/* Seeds the pool with the hardest of count minimal puzzles made by clue
 * removal (gen's work space, seeds from the search's own). */
int sd_near_seed_made(struct sd_near *nr, struct sd_gen *gen, const struct sd_near_opts *o,
		      int count);
/* Searches for the next puzzle in the window not yielded before:
 * SD_GEN_OK with it in nr->puzzle, rated in nr->rating; SD_GEN_EXHAUSTED
 * after max_tries neighbours or with an empty pool; SD_GEN_STOPPED at the
 * deadline, on a signal or out of memory. */
int sd_near_next(struct sd_near *nr, const struct sd_near_opts *o);
void sd_near_free(struct sd_near *nr);

#endif
