/* Local search: boards whose boxes each hold their missing digits, moved
 * by swaps inside a box until no digit is missing from a row or column.
 * Under a variant's rules (a struct sd_ruleset in the options) the boxes
 * are its boxes or jigsaw regions, and the cost sd_ruleset_cost's.
 * The face of lib/local: the starting fills, simulated annealing and the
 * variable neighbourhood search. */
#ifndef SUDOKU_LOCAL_H
#define SUDOKU_LOCAL_H

#include "board/board.h"

/* How a local search ended. */
enum sd_local_status { SD_LOCAL_SOLVED, SD_LOCAL_UNSOLVED, SD_LOCAL_NOSOLUTION };

/* What a search found, and the working memory it keeps from record to
 * record (local_int.h): zero it before the first search, free it after
 * the last. */
struct sd_boxstate;
struct sd_local_result {
	int status;                    /* enum sd_local_status */
	int best_cost;
	long long moves;
	int fixed;                     /* cells fixed by propagation beyond the givens */
	bool interrupted;
	uint8_t best[SD_MAXCELLS];
	long long chains, reheats, restarts;   /* annealing's counts */
	double t0;                     /* annealing's start temperature */
	long long shakes, improvements;        /* variable neighbourhoods' counts */
	/* where annealing stopped short of a solution, for o->resume: its
	 * temperature, the best of the present fill, the chains and reheats
	 * since a new best, its random numbers */
	struct sd_anneal_place {
		double t;
		int run_best;
		long long since_best, stale_reheats;
		struct sd_rng rng;
	} place;
	struct sd_boxstate *st;
};
void sd_local_result_free(struct sd_local_result *res);

/* ---- starting boards --------------------------------------------------- */

/* Starting boards for local search: every empty cell gets a digit. */
enum sd_fill_kind { SD_FILL_BOX, SD_FILL_BOX_SEQUENTIAL, SD_FILL_ROW, SD_FILL_RANDOM };
extern const char *const sd_fill_names[];     /* "box", "box-sequential", ... */
/* Fills every empty cell of v (givens untouched) the given way. */
void sd_fill(const struct sd_geom *g, uint8_t *v, int kind, struct sd_rng *rng);
/* The same under a variant's rules: box and box-sequential fill the
 * ruleset's boxes or jigsaw regions. */
void sd_fill_rules(const struct sd_ruleset *rs, uint8_t *v, int kind, struct sd_rng *rng);

/* ---- simulated annealing ---------------------------------------------- */

/* Simulated annealing after Lewis (2007): boxes filled with their missing
 * digits, a move swaps two free cells of one box, cost = digits missing
 * from rows and columns, Metropolis acceptance, geometric cooling. */

/* cooling per chain: Lewis's */
#define SD_ANNEAL_ALPHA 0.99
/* chains without a new best before the temperature goes back to t0, in the
 * default search and under --plain.  Measured (seed 1): on 25x25 boards
 * with 45% givens, mean time 0.12 s with 10 and 20, 0.19 s with 50, 0.33 s
 * with 100; on 60 of the hardest 9x9, 0.03 s with 10, 0.07 s with 50.
 * Lewis's moves and t0 need 50: with 10 they reheat before the cost falls
 * and solved 0 of 50 9x9 and 16x16 boards with 40% givens, against 41. */
#define SD_ANNEAL_REHEAT 10
#define SD_ANNEAL_REHEAT_PLAIN 50
/* reheats without a new best before starting again from a fresh fill */
#define SD_ANNEAL_RESTART 2

/* t0 of the default search, whose moves start at a conflicted cell: a move
 * that loses one more digit is taken once in 16 at first (e^(-1/t0) = 1/16).
 * Lewis's t0, the spread of move costs (about 1.4 on every size), took 10 to
 * 60 times longer on 25x25 boards with 40-45% givens (median 1.7-2.0 s
 * against 0.03-0.18 s); 0.3 stalled more often. */
#define SD_ANNEAL_FOCUS_T0 0.36067376022224085     /* 1 / ln 16 */

/* Where a search stands after a chain, for a trace. */
struct sd_anneal_chain {
	long long chain, moves;
	double temperature;
	int cost, best;
	double acceptance;             /* moves taken of those tried */
};

/* The moves the program allows a record by default (its -I): about what
 * ten seconds allowed on the hard 25x25 and 36x36 boards here
 * (bench/RESULTS.md, "The default limits of work"); a plain integer,
 * for help texts. */
#define SD_DEFAULT_ANNEAL_MOVES 400000000

struct sd_anneal_opts {
	double t0;                     /* <= 0: SD_ANNEAL_FOCUS_T0, or plain the spread of move costs */
	double alpha;                  /* cooling factor per chain */
	long long chain;               /* moves per chain; <= 0: free cells squared */
	long long reheat;              /* chains without a new best before t0 again; 0 never */
	long long restart;             /* reheats without a new best before a fresh fill; 0 never */
	bool plain;                    /* the sources' algorithm: no propagation */
	/* a variant's rules, NULL for the classic ones; the search's cost is
	 * then sd_ruleset_cost's missing metric, its solution checked by
	 * sd_ruleset_solved (the caller keeps it while it resumes) */
	const struct sd_ruleset *rules;
	struct sd_limits limits;       /* work: moves, counted from the first call when resuming */
	uint64_t seed;
	/* go on from where the last call with this result stopped, short of
	 * a solution and not interrupted, on the same puzzle and options:
	 * its board, temperature and counts (seed and start are ignored):
	 * turns that go on as one run would, but that a chain cut short by
	 * the limit starts again whole */
	bool resume;
	/* called after every chain, or NULL */
	void (*on_chain)(const struct sd_anneal_chain *c, void *arg);
	void *arg;
};

/* start: a board to begin from (givens included), or NULL to fill. */
int sd_anneal(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *start,
	      const struct sd_anneal_opts *o, struct sd_local_result *res);

/* ---- variable neighbourhoods ------------------------------------------- */

/* Greedy local search with variable neighbourhoods, after the lab report:
 * a cyclic shift of a box's free cells, over a growing number of boxes;
 * then swaps of two free cells; then the symmetric exchange around a
 * pivot; a shake when all are exhausted. */

/* boxes a shake refills outside plain mode */
#define SD_VNS_SHAKE 2

enum sd_shift { SD_SHIFT_CYCLIC, SD_SHIFT_REVERSE };
extern const char *const sd_shift_names[];    /* "cyclic", "reverse" */

/* Where a search stands after a descent to a local minimum, for a trace. */
struct sd_vns_descent {
	long long shakes, moves;
	int minimum, best;
};

/* The moves the program allows a record by default (its -I): about what
 * ten seconds allowed on the hard 25x25 and 36x36 boards here
 * (bench/RESULTS.md, "The default limits of work"); a plain integer,
 * for help texts. */
#define SD_DEFAULT_VNS_MOVES 400000000

struct sd_vns_opts {
	bool plain;                    /* the report's scheme exactly */
	/* what the default search adds to the report's, each to be switched
	 * off for a study (all ignored under plain): */
	bool no_propagate;             /* fix forced cells before the search */
	bool no_random;                /* moves drawn at random (else the report's
					  neighbourhoods, best move first) */
	bool no_focus;                 /* moves start at cells in conflict */
	bool no_accept;                /* a worse board now and then */
	bool fixed_shake;              /* the shake grows while minima repeat */
	int shift;                     /* enum sd_shift */
	int shake_boxes;               /* boxes refilled by a shake; 0: all */
	const struct sd_ruleset *rules;        /* as in sd_anneal_opts */
	struct sd_limits limits;       /* work: neighbours evaluated */
	uint64_t seed;
	/* called after every descent, or NULL */
	void (*on_descent)(const struct sd_vns_descent *d, void *arg);
	void *arg;
};

int sd_vns(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *start,
	   const struct sd_vns_opts *o, struct sd_local_result *res);

#endif
