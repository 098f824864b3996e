/* Exact search: backtracking with a choice of cell order and propagation. */
#ifndef SUDOKU_SOLVE_H
#define SUDOKU_SOLVE_H

#include "board/board.h"

enum sd_order { SD_ORDER_AUTO, SD_ORDER_STATIC, SD_ORDER_MRV, SD_ORDER_DEGREE, SD_ORDER_DEGREE_MRV };
enum sd_propagate { SD_PROP_AUTO, SD_PROP_NONE, SD_PROP_FC, SD_PROP_SINGLES };
enum sd_stop { SD_STOP_DONE, SD_STOP_LIMIT, SD_STOP_INTERRUPTED };
extern const char *const sd_order_names[];      /* "auto", "static", ... */
extern const char *const sd_propagate_names[];  /* "auto", "none", "fc", "singles" */

struct sd_solve_opts {
	int order, propagate;
	bool random_values;            /* else ascending */
	uint64_t seed;
	long long max_solutions;       /* stop after this many; 1 solves, 2 proves uniqueness */
	struct sd_limits limits;       /* work: nodes */
	/* NULL, or per cell a digit no solution may have in that cell if it
	 * is empty (0: none): one solution excluded, a search for another
	 * proves uniqueness without finding the first again */
	const uint8_t *exclude;
	/* NULL, or per cell the values it may take (bit v-1) where it is
	 * empty: a pencil-mark puzzle's candidates, where the search starts */
	const uint64_t *allowed;
	/* the default order and propagation by backtracking even from
	 * SD_LEARN_FROM_N up: the generator's node budgets are set for it */
	bool backtrack;
	/* NULL, or the record's rules compiled (board/variant.h): a ruleset
	 * beyond the classic rules is searched by variant.c, at every size
	 * and under every order and propagation, each solution checked
	 * against every rule; NULL or a classic ruleset, the searches above */
	const struct sd_ruleset *rules;
	/* called for every solution found, which has been checked */
	void (*on_solution)(const uint8_t *board, void *arg);
	void *arg;
};

/* A search's working memory, kept by the caller between solves (NULL
 * until the first); sd_solve_space_free releases it. */
struct sd_solve_space;
void sd_solve_space_free(struct sd_solve_space **space);
struct sd_learn_space;
void sd_learn_space_free(struct sd_learn_space **space);
struct sd_variant_space;
void sd_variant_space_free(struct sd_variant_space **space);

struct sd_solve_result {
	long long solutions;
	int stop;                      /* enum sd_stop */
	long long nodes, backtracks, restarts;
	uint8_t first[SD_MAXCELLS];    /* the first solution found */
	struct sd_solve_space *space;  /* kept from solve to solve: zero it before the first */
	struct sd_learn_space *learn;  /* the same for the search with clause learning */
	struct sd_variant_space *variant; /* and for the search under variant rules */
};
/* Zeroes the counts, keeps the working memory (and first, which holds a
 * solution only when solutions > 0). */
void sd_solve_result_reset(struct sd_solve_result *res);
/* Releases the working memory. */
void sd_solve_result_free(struct sd_solve_result *res);

/* The default order and propagation search with clause learning from
 * this size of grid up (learn.c), by backtracking below it. */
#define SD_LEARN_FROM_N 25
/* Whether o's rules go beyond the classic ones (variant.c searches). */
bool sd_solve_has_rules(const struct sd_solve_opts *o);
/* Whether sd_solve searches by clause learning. */
bool sd_solve_learns(const struct sd_geom *g, const struct sd_solve_opts *o);

/* The node limit the programs give a search by default (sudoku-bt's -I,
 * sudoku-rate's uniqueness proof), by what a node costs: about what ten
 * seconds allowed on the hard cases here (bench/RESULTS.md, "The default
 * limits of work"); plain integers, for the help texts. */
#define SD_DEFAULT_PLAIN_NODES 100000000    /* no propagation, or forward checking */
#define SD_DEFAULT_NODES 10000000           /* singles and the like, by backtracking */
#define SD_DEFAULT_LEARN_NODES 300000       /* by clause learning */
/* counting more than two solutions by clause learning: each solution
 * found is a clause more, and a node costs more as they gather */
#define SD_DEFAULT_LEARN_COUNT_NODES 100000
long long sd_solve_default_nodes(const struct sd_geom *g, const struct sd_solve_opts *o);

/* Solves a puzzle of any geometry; returns res->solutions. */
long long sd_solve(const struct sd_geom *g, const uint8_t *puzzle,
		   const struct sd_solve_opts *o, struct sd_solve_result *res);
/* sd_solve9 where it applies (9×9, default order and propagation, values
 * ascending), else sd_solve. */
long long sd_solve_fastest(const struct sd_geom *g, const uint8_t *puzzle,
			   const struct sd_solve_opts *o, struct sd_solve_result *res);

#endif
