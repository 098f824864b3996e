/* The exact search: a dispatcher between the 9×9 fast path, clause
 * learning for the large grids, backtracking for the rest, and the
 * search under variant rules for every record that has them. */
#include "exact/exact_int.h"

const char *const sd_order_names[] = { "auto", "static", "mrv", "degree", "degree-mrv", NULL };
const char *const sd_propagate_names[] = { "auto", "none", "fc", "singles", NULL };

bool sd_solve_has_rules(const struct sd_solve_opts *o)
{
	return o->rules && o->rules->rules;
}

bool sd_solve_learns(const struct sd_geom *g, const struct sd_solve_opts *o)
{
	return !sd_solve_has_rules(o) && o->order == SD_ORDER_AUTO && o->propagate == SD_PROP_AUTO && g->n >= SD_LEARN_FROM_N &&
	       !o->backtrack;
}

long long sd_solve_default_nodes(const struct sd_geom *g, const struct sd_solve_opts *o)
{
	if (sd_solve_learns(g, o))
		return o->max_solutions > 2 ? SD_DEFAULT_LEARN_COUNT_NODES : SD_DEFAULT_LEARN_NODES;
	return o->propagate == SD_PROP_NONE || o->propagate == SD_PROP_FC ? SD_DEFAULT_PLAIN_NODES :
	       SD_DEFAULT_NODES;
}

long long sd_solve(const struct sd_geom *g, const uint8_t *puzzle,
		   const struct sd_solve_opts *o, struct sd_solve_result *res)
{
	struct sd_solve_opts opts = *o;

	if (opts.max_solutions < 1)
		opts.max_solutions = 1;
	if (sd_solve_has_rules(o))
		return sd_solve_variant(g, puzzle, &opts, res);
	if (sd_solve_learns(g, o))
		return sd_solve_learn(g, puzzle, &opts, res);
	return sd_solve_backtrack(g, puzzle, &opts, res);
}

long long sd_solve_fastest(const struct sd_geom *g, const uint8_t *puzzle,
			   const struct sd_solve_opts *o, struct sd_solve_result *res)
{
	if (g->n == 9 && !sd_solve_has_rules(o) && o->order == SD_ORDER_AUTO && o->propagate == SD_PROP_AUTO && !o->random_values)
		return sd_solve9(puzzle, o, res);
	return sd_solve(g, puzzle, o, res);
}

void sd_solve_result_free(struct sd_solve_result *res)
{
	sd_solve_space_free(&res->space);
	sd_learn_space_free(&res->learn);
	sd_variant_space_free(&res->variant);
}
