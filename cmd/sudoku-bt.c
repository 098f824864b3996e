/* sudoku-bt: the exact solver: backtracking with forward checking and the
 * MRV and degree heuristics, clause learning on the large grids, raced
 * against annealing for a first solution on the largest; counts solutions. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "portfolio/portfolio.h"
#include "frame/frame.h"

struct bt {
	int order, propagate;
	long long count;               /* -u: 2, -c LIMIT; 0 when solving */
	bool unique, all;
	struct sd_run *run;
	struct sd_record *rec;
	int emitted;
	struct sd_solve_result res;    /* one per run, not per record */
	struct sd_portfolio_result race;
	/* the last record's rules beyond the classic ones (a copy) and what
	 * they compile to, kept while the records' rules stay the same */
	struct sd_rules *rules;
	struct sd_ruleset *ruleset;
};
static struct bt bt = { .order = SD_ORDER_AUTO, .propagate = SD_PROP_AUTO };

#define AT(field) SD_AT(struct bt, field)
static const struct sd_option options[] = {
	SD_WORD(0, "order", "ORDER", "static, mrv, degree, degree-mrv (default: fastest)", AT(order),
		sd_order_names, SD_ORDER_AUTO, SD_ORDER_DEGREE_MRV, "order"),
	SD_WORD(0, "propagate", "HOW", "none, fc, singles (default: fastest)", AT(propagate),
		sd_propagate_names, SD_PROP_AUTO, SD_PROP_SINGLES, "propagation"),
	SD_FLAG('u', "unique", "count up to 2: unique, multiple or nosolution", AT(unique)),
	SD_INT('c', "count", "LIMIT", "count solutions up to LIMIT (default: solve only)", AT(count), 1,
	       SD_MAX_COUNT, "count limit"),
	SD_FLAG(0, "all", "write every solution (up to -c LIMIT)", AT(all)),
	SD_END
};

/* --all: every solution is a record of its own. */
static void emit_solution(const uint8_t *board, void *arg)
{
	struct bt *bt = arg;
	struct sd_record *rec = bt->rec;

	memcpy(rec->board, board, (size_t)sd_cells(&rec->g));
	rec->has_board = true;
	sd_record_set_str(rec, "status", "solved");
	bt->emitted = sd_worst(bt->emitted, sd_emit(bt->run, rec, NULL));
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

/* The record's rules compiled, or NULL for the classic ones; -1 with a
 * message when they make no board of the record's size. */
static int compile_rules(struct bt *bt, const struct sd_record *rec, const struct sd_ruleset **out,
			 char *err, size_t errlen)
{
	*out = NULL;
	if (sd_rules_classic(rec->rules))
		return 0;
	if (bt->ruleset && sd_rules_equal(bt->rules, rec->rules) && bt->ruleset->g.n == rec->g.n &&
	    (rec->rules->jigsaw || (bt->ruleset->g.r == rec->g.r && bt->ruleset->g.c == rec->g.c))) {
		*out = bt->ruleset;
		return 0;
	}
	sd_ruleset_free(bt->ruleset);
	sd_rules_free(bt->rules);
	bt->ruleset = NULL;
	if (!(bt->rules = sd_rules_copy(rec->rules))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!(bt->ruleset = sd_ruleset_new(&rec->g, bt->rules, err, errlen)))
		return -1;
	*out = bt->ruleset;
	return 0;
}

static int bt_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	struct bt *bt = arg;
	struct sd_solve_result *res = &bt->res;
	struct sd_solve_opts o = {
		.order = bt->order, .propagate = bt->propagate,
		.random_values = run->have_seed,
		.seed = run->have_seed ? sd_record_seed(run->seed, rec) : 0,
		.max_solutions = bt->all ? (bt->count ? bt->count : LLONG_MAX) : bt->count ? bt->count : 1,
		.limits = sd_run_limits(run),
		.on_solution = bt->all ? emit_solution : NULL, .arg = bt,
		.allowed = rec->cand,
	};
	char err[256];
	if (compile_rules(bt, rec, &o.rules, err, sizeof err) < 0) {
		sd_report(run, rec->file, rec->line, "%s", err);
		return SD_EXIT_TROUBLE;
	}
	/* never under variant rules, which annealing does not know */
	bool race = !bt->count && !bt->all && sd_portfolio_applies(&rec->g, &o);
	/* by default, as many nodes as the search's take about ten seconds;
	 * a race, about a minute */
	o.limits.work = sd_run_work(run, race ? SD_DEFAULT_PORTFOLIO_WORK : sd_solve_default_nodes(&rec->g, &o));
	/* timed only for -v, which shows it: two clock reads a record were
	 * 1% of the time on 17-clue puzzles */
	double start = run->verbose ? sd_now() : 0;
	int status;

	bt->run = run;
	bt->rec = rec;
	bt->emitted = 0;
	if (race)
		sd_solve_portfolio(&rec->g, rec->puzzle, &o, res, &bt->race);
	else
		sd_solve_fastest(&rec->g, rec->puzzle, &o, res);
	double seconds = run->verbose ? sd_now() - start : 0;
	if (res->stop == SD_STOP_INTERRUPTED)
		return SD_EXIT_OK;      /* the loop dies by the signal; drop the record */

	const char *verdict = verdict_of(bt, res);
	bool solved = res->solutions > 0 && strcmp(verdict, "unsolved");
	if (!run->quiet && (!res->solutions || !strcmp(verdict, "unsolved")))
		sd_report(run, rec->file, rec->line, "%s", !strcmp(verdict, "unsolved") ?
			  "limit reached before the search ended" : "no solution");
	if (run->verbose && !run->quiet && race)
		sd_report(run, rec->file, rec->line, "%s, %lld solution%s, %lld nodes, %lld backtracks, %lld moves "
			  "of annealing, %s, %.6f s", verdict, res->solutions, sd_plural(res->solutions), res->nodes,
			  res->backtracks, bt->race.moves, !res->solutions ? "neither search solved" :
			  bt->race.by_anneal ? "annealing solved" : "the exact search solved", seconds);
	else if (run->verbose && !run->quiet)
		sd_report(run, rec->file, rec->line, "%s, %lld solution%s, %lld nodes, %lld backtracks, %.6f s",
			  verdict, res->solutions, sd_plural(res->solutions), res->nodes, res->backtracks,
			  seconds);

	bool fields = sd_writer_shows_fields(run->writer, rec);
	json_t *stats = NULL;
	if (fields) {
		stats = json_pack("{s:I,s:I}", "nodes", (json_int_t)res->nodes,
				  "backtracks", (json_int_t)res->backtracks);
		if (race)
			json_object_set_new(stats, "moves", json_integer((json_int_t)bt->race.moves));
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
			status = sd_worst(status, SD_EXIT_NO);
	} else if (bt->all) {
		json_decref(stats);
		status = bt->emitted;
		if (!solved)
			status = sd_worst(status, SD_EXIT_NO);
	} else {
		/* the search keeps no board short of a solution: a record not
		 * solved has none, in any format (the input's is no answer) */
		if (solved)
			memcpy(rec->board, res->first, (size_t)sd_cells(&rec->g));
		rec->has_board = solved;
		if (fields) {
			sd_record_set_str(rec, "status", verdict);
			sd_record_set_new(rec, "stats", stats);
		}
		status = sd_emit(run, rec, NULL);
		if (!solved)
			status = sd_worst(status, SD_EXIT_NO);
	}
	return status;
}

/* -u counts to 2; counting reports a line per record unless told otherwise. */
static int start(struct sd_run *run, void *ctx)
{
	struct bt *bt = ctx;

	run->in.givens_only = false;
	run->in.rules_honoured = SD_RULES_ALL;
	if (bt->unique && !bt->count)
		bt->count = 2;
	if (bt->count && !bt->all && run->out.format == SD_FMT_AUTO)
		run->out.format = SD_FMT_TEXT;
	if (bt->all)
		sd_run_keys(run, "status", NULL);
	else if (bt->count)
		sd_run_keys(run, "status", "solutions", "stats", NULL);
	else
		sd_run_keys(run, "status", "stats", NULL);
	return SD_EXIT_OK;
}

static int end(struct sd_run *run, void *ctx)
{
	struct bt *bt = ctx;

	(void)run;
	sd_solve_result_free(&bt->res);
	sd_portfolio_result_free(&bt->race);
	sd_ruleset_free(bt->ruleset);
	sd_rules_free(bt->rules);
	return SD_EXIT_OK;
}

SD_MAIN(bt,
	"sudoku-bt", "sudoku-bt [options] [file ...]",
	"Solve exactly by backtracking; count solutions.",
	options, "ftAbTIoqvPhV", SD_FMT_AUTO, SD_SEED_GIVEN, { SD_DEFAULT_NODES, "nodes; "
		SD_STR(SD_DEFAULT_PLAIN_NODES) " without propagation or with fc, "
		SD_STR(SD_DEFAULT_LEARN_NODES) " by clause learning, " SD_STR(SD_DEFAULT_LEARN_COUNT_NODES)
		" counting by it, " SD_STR(SD_DEFAULT_PORTFOLIO_WORK) " racing annealing from "
		SD_STR(SD_PORTFOLIO_FROM_N) "x" SD_STR(SD_PORTFOLIO_FROM_N) }, start, bt_record, end)
