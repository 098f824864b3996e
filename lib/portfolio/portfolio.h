/* A first solution on the biggest grids: the exact search and simulated
 * annealing take turns on one thread.  The face of lib/portfolio, the
 * family above lib/exact and lib/local, which know nothing of each other.
 *
 * Clause learning proves what it finds, but from 49x49 up, with 40-45%
 * of the cells given, it needs minutes where annealing finds a solution
 * in seconds (bench/RESULTS.md, "49x49 and 64x64 boards").  Annealing
 * proves nothing, so only a first solution is raced for: a count, a
 * uniqueness check and "no solution" stay the exact search's alone. */
#ifndef SUDOKU_PORTFOLIO_H
#define SUDOKU_PORTFOLIO_H

#include "exact/exact.h"
#include "local/local.h"

/* The race is the default from this size of grid up (sudoku-bt solving,
 * default order and propagation); below it clause learning alone is the
 * faster (25x25, 36x36). */
#define SD_PORTFOLIO_FROM_N 49
/* The exact search's first turn, in nodes; each turn doubles it. */
#define SD_PORTFOLIO_FIRST_NODES 10000
/* Annealing's turn after each exact turn, in moves per node of that turn:
 * a node of clause learning on these grids costs about as much CPU time
 * as 200-250 moves (150,000 nodes and 30 million moves a second on a
 * 49x49 board with 45% given), so annealing gets SHARE times the exact
 * search's time.  7, not 3 (measured first): on the boards of
 * bench/exact_big.sh annealing found the solutions, and the exact turns
 * are there for the boards it cannot solve and to prove there is none. */
#define SD_PORTFOLIO_MOVES_PER_NODE 256
#define SD_PORTFOLIO_ANNEAL_SHARE 7
/* Annealing's attempts: attempt k (from 1) runs at most luby(k) units of
 * UNIT_CHAINS chains (a chain counted as the empty cells squared, moves)
 * before a fresh fill under a new seed, derived from the record's seed
 * and k.  A run on an unlucky seed can go on for a minute where another
 * seed solves the board in seconds (49x49 with 45% given, about 40
 * chains); Luby's schedule of restarts is within a logarithmic factor of
 * the best fixed cap for any distribution of run lengths. */
#define SD_PORTFOLIO_UNIT_CHAINS 64
/* The work the programs allow a race by default (sudoku-bt's -I), in
 * nodes, a move counting 1/SD_PORTFOLIO_MOVES_PER_NODE of one: about a
 * minute of CPU time here (bench/RESULTS.md, "The default limits of
 * work"); a plain integer, for help texts. */
#define SD_DEFAULT_PORTFOLIO_WORK 8000000

/* Whether sudoku-bt's solving of this grid under these options races:
 * a first solution sought (max_solutions 1, no on_solution, no exclude)
 * by the default search, on a grid of SD_PORTFOLIO_FROM_N or more, under
 * the classic rules (o->rules NULL or classic: annealing knows no other;
 * sd_solve_portfolio given variant rules is sd_solve). */
bool sd_portfolio_applies(const struct sd_geom *g, const struct sd_solve_opts *o);

/* What a race did beyond the exact search's counts (res), and
 * annealing's working memory, kept from race to race: zero it before
 * the first, free it after the last. */
struct sd_portfolio_result {
	long long moves;               /* annealing's, over its turns */
	int turns;                     /* exact turns begun */
	int attempts;                  /* annealing's, each from a fresh fill */
	long long attempt_cap;         /* the present attempt's moves at most */
	bool by_anneal;                /* the solution was annealing's */
	struct sd_local_result local;
};
void sd_portfolio_result_free(struct sd_portfolio_result *pres);

/* Solves as sd_solve does (res->solutions, first, stop; res->nodes the
 * exact turns' nodes together), o->limits.work bounding the nodes plus
 * the moves over SD_PORTFOLIO_MOVES_PER_NODE.  A solution either search
 * finds is checked (every rule, every given kept); no solution is
 * reported only when the exact search proved it. */
long long sd_solve_portfolio(const struct sd_geom *g, const uint8_t *puzzle,
			     const struct sd_solve_opts *o, struct sd_solve_result *res,
			     struct sd_portfolio_result *pres);

#endif
