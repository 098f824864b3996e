/* What the exact searches share, for them alone: the dispatcher in
 * exact.c picks one of backtrack.c, solve9.c, learn.c (with its
 * learn_*.c) and variant.c (with cage.c), which all stand on search.c. */
#ifndef SD_SEARCH_H
#define SD_SEARCH_H

#include "exact/exact.h"

/* Backtracking for every geometry, any order and propagation. */
long long sd_solve_backtrack(const struct sd_geom *g, const uint8_t *puzzle,
			     const struct sd_solve_opts *o, struct sd_solve_result *res);
/* The search with clause learning, whatever the size: default order and
 * propagation only. */
long long sd_solve_learn(const struct sd_geom *g, const uint8_t *puzzle,
			 const struct sd_solve_opts *o, struct sd_solve_result *res);
/* Backtracking under the variant rules of o->rules, any size, order and
 * propagation (variant.c). */
long long sd_solve_variant(const struct sd_geom *g, const uint8_t *puzzle,
			   const struct sd_solve_opts *o, struct sd_solve_result *res);
/* The digits of set (bit d-1 for digit d) that can stand in a cage whose
 * empty cells (empty of them) must add up to left with distinct digits of
 * set (cage.c): by subset sums, or by the smallest and largest sums where
 * those would cost too much (a cage of dozens of cells). */
uint64_t sd_cage_digits(uint64_t set, int empty, int left);
/* Whether a search must stop: its node limit reached, or, when tick is a
 * multiple of 256, an interrupt or its deadline; sets res->stop. */
bool sd_search_stops(const struct sd_solve_opts *o, struct sd_solve_result *res, long long tick);
/* Checks a solution and records it; true once there are enough. */
bool sd_search_found(const struct sd_geom *g, const uint8_t *board, const struct sd_solve_opts *o,
		     struct sd_solve_result *res);
/* The 9×9 fast path (bit-parallel bands, singles, locked candidates): the
 * default order and propagation, ascending values. */
long long sd_solve9(const uint8_t *puzzle, const struct sd_solve_opts *o,
		    struct sd_solve_result *res);
/* The same with its path chosen: the portable one, or the vector one
 * (vector true) where sd_solve9_has_vector() says this CPU has it.  The
 * two give the same solutions in the same order; sd_solve9 takes the
 * vector path when it can. */
long long sd_solve9_path(const uint8_t *puzzle, const struct sd_solve_opts *o,
			 struct sd_solve_result *res, bool vector);
bool sd_solve9_has_vector(void);


#endif
