/* What the exact searches share: restarts, stops and solutions. */
#include <string.h>
#include "exact/exact_int.h"

void sd_solve_result_reset(struct sd_solve_result *res)
{
	/* first is left alone: it means something only once a solution is
	 * found, and clearing it cost a page per uniqueness check */
	res->solutions = res->nodes = res->backtracks = res->restarts = 0;
	res->stop = SD_STOP_DONE;
}

bool sd_search_stops(const struct sd_solve_opts *o, struct sd_solve_result *res, long long tick)
{
	if (o->limits.work && res->nodes >= o->limits.work) {
		res->stop = SD_STOP_LIMIT;
		return true;
	}
	if ((tick & 255) == 0) {
		if (sd_interrupted(&o->limits)) {
			res->stop = SD_STOP_INTERRUPTED;
			return true;
		}
		if (o->limits.deadline > 0 && sd_now() > o->limits.deadline) {
			res->stop = SD_STOP_LIMIT;
			return true;
		}
	}
	return false;
}

bool sd_search_found(const struct sd_geom *g, const uint8_t *board, const struct sd_solve_opts *o,
		     struct sd_solve_result *res)
{
	if (!sd_is_solution(g, board))
		return false;  /* cannot happen; never report what is not a solution */
	if (res->solutions++ == 0)
		memcpy(res->first, board, (size_t)sd_cells(g));
	if (o->on_solution)
		o->on_solution(board, o->arg);
	return res->solutions >= o->max_solutions;
}
