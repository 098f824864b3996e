/* sudoku-bt: the exact solver: backtracking with forward checking and the
 * MRV and degree heuristics; counts solutions. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solve.h"

enum { OPT_ORDER = 256, OPT_PROPAGATE, OPT_ALL };

struct bt {
	int order, propagate;
	long long count;               /* -u: 2, -c LIMIT; 0 when solving */
	bool unique, all;
	struct sd_run *run;
	struct sd_record *rec;
	int emitted;
	struct sd_solve_result res;    /* one per run, not per record */
};

static int option(int opt, const char *arg, void *ctx)
{
	struct bt *bt = ctx;
	char *end;

	switch (opt) {
	case OPT_ORDER:
		if ((bt->order = sd_order_parse(arg)) < 0) {
			sd_error("unknown order (static, mrv, degree, degree-mrv): %s", arg);
			return -1;
		}
		return 0;
	case OPT_PROPAGATE:
		if ((bt->propagate = sd_propagate_parse(arg)) < 0) {
			sd_error("unknown propagation (none, fc, singles): %s", arg);
			return -1;
		}
		return 0;
	case 'u':
		bt->unique = true;
		bt->count = 2;
		return 0;
	case 'c':
		bt->count = strtoll(arg, &end, 10);
		if (*end || bt->count < 1) {
			sd_error("bad count limit: %s", arg);
			return -1;
		}
		return 0;
	case OPT_ALL:
		bt->all = true;
		return 0;
	}
	return -1;
}

/* --all: every solution is a record of its own. */
static void emit_solution(const uint8_t *board, void *arg)
{
	struct bt *bt = arg;
	struct sd_record *rec = bt->rec;

	memcpy(rec->board, board, (size_t)sd_cells(&rec->g));
	rec->has_board = true;
	sd_record_set_str(rec, "status", "solved");
	bt->emitted = sd_emit(bt->run, rec, NULL) > bt->emitted ? 2 : bt->emitted;
}

/* The answer in words: solved, unique, multiple, nosolution or unsolved. */
static const char *verdict_of(const struct bt *bt, const struct sd_solve_result *res)
{
	if (res->stop != SD_STOP_DONE && (bt->count ? res->solutions < bt->count : !res->solutions))
		return "unsolved";
	if (!res->solutions)
		return "nosolution";
	if (bt->count)
		return res->solutions == 1 ? "unique" : "multiple";
	return "solved";
}

static int bt_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	struct bt *bt = arg;
	struct sd_solve_result *res = &bt->res;
	struct sd_solve_opts o = {
		.order = bt->order, .propagate = bt->propagate,
		.random_values = run->have_seed, .seed = sd_record_seed(run->seed, rec),
		.max_solutions = bt->all ? (bt->count ? bt->count : LLONG_MAX) : bt->count ? bt->count : 1,
		.node_limit = run->iterations,
		.on_solution = bt->all ? emit_solution : NULL, .arg = bt,
	};
	double start = sd_now();
	int status;

	if (run->time_limit > 0)
		o.deadline = start + run->time_limit;
	bt->run = run;
	bt->rec = rec;
	bt->emitted = 0;
	sd_solve_fastest(&rec->g, rec->puzzle, &o, res);
	double seconds = sd_now() - start;
	if (res->stop == SD_STOP_INTERRUPTED)
		return 0;               /* the loop dies by the signal; drop the record */

	const char *verdict = verdict_of(bt, res);
	bool solved = res->solutions > 0 && strcmp(verdict, "unsolved");
	if (!run->quiet && (!res->solutions || !strcmp(verdict, "unsolved")))
		sd_error_at(rec->file, rec->line, "%s", !strcmp(verdict, "unsolved") ?
			    "limit reached before the search ended" : "no solution");
	if (run->verbose && !run->quiet)
		fprintf(stderr, "%s: %s:%ld: %s, %lld solutions, %lld nodes, %lld backtracks, %.6f s\n",
			sd_progname, rec->file, rec->line, verdict, res->solutions, res->nodes,
			res->backtracks, seconds);

	bool fields = sd_writer_shows_fields(run->writer, rec);
	json_t *stats = NULL;
	if (fields) {
		stats = json_pack("{s:I,s:I}", "nodes", (json_int_t)res->nodes,
				  "backtracks", (json_int_t)res->backtracks);
		if (run->verbose)
			json_object_set_new(stats, "seconds", json_real(seconds));
	}
	if (bt->count && !bt->all) {
		char text[64];
		if (res->solutions) {
			memcpy(rec->board, res->first, (size_t)sd_cells(&rec->g));
			rec->has_board = true;
		}
		if (fields) {
			/* the SPEC's words: a unique count is a solved record */
			sd_record_set_str(rec, "status", strcmp(verdict, "unique") ? verdict : "solved");
			sd_record_set_int(rec, "solutions", res->solutions);
			sd_record_set_new(rec, "stats", stats);
		}
		snprintf(text, sizeof text, "%s %lld", verdict, res->solutions);
		status = sd_emit(run, rec, text);
		if (!strcmp(verdict, "unsolved") || !res->solutions || (bt->unique && res->solutions != 1))
			status = status > 1 ? status : 1;
	} else if (bt->all) {
		json_decref(stats);
		status = bt->emitted;
		if (!solved)
			status = status > 1 ? status : 1;
	} else {
		/* a record not solved goes out as its puzzle alone */
		if (solved)
			memcpy(rec->board, res->first, (size_t)sd_cells(&rec->g));
		rec->has_board = solved;
		if (fields) {
			sd_record_set_str(rec, "status", verdict);
			sd_record_set_new(rec, "stats", stats);
		}
		status = sd_emit(run, rec, NULL);
		if (!solved)
			status = status > 1 ? status : 1;
	}
	return status;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "order", required_argument, NULL, OPT_ORDER },
		{ "propagate", required_argument, NULL, OPT_PROPAGATE },
		{ "unique", no_argument, NULL, 'u' },
		{ "count", required_argument, NULL, 'c' },
		{ "all", no_argument, NULL, OPT_ALL },
		{ 0, 0, 0, 0 }
	};
	static const struct sd_tool tool = {
		.name = "sudoku-bt",
		.usage = "sudoku-bt [options] [file ...]\n"
			 "Solve exactly by backtracking; count solutions.\n"
			 "  --order ORDER              static, mrv, degree, degree-mrv (default: fastest)\n"
			 "  --propagate HOW            none, fc, singles (default: fastest)\n"
			 "  -u, --unique               count up to 2: unique, multiple or nosolution\n"
			 "  -c, --count LIMIT          count solutions up to LIMIT\n"
			 "  --all                      write every solution (up to -c LIMIT)",
		.shared = "ftAbsTIoqvPhV",
		.shortopts = "uc:",
		.longopts = longopts,
		.option = option,
		.default_output = SD_FMT_AUTO,
		.searches = true,
	};
	static struct bt bt = { .order = SD_ORDER_AUTO, .propagate = SD_PROP_AUTO };
	struct sd_run run;
	int first = sd_run_options(&run, &tool, argc, argv, &bt);

	/* counting reports one line per record unless told otherwise */
	if (bt.count && !bt.all && run.out.format == SD_FMT_AUTO)
		run.out.format = SD_FMT_TEXT;
	int status = sd_run_loop(&run, argv + first, argc - first, bt_record, &bt);
	sd_solve_result_free(&bt.res);
	return status;
}
