/* sudoku-anneal: solve by simulated annealing (Lewis 2007), after
 * propagating what constraints force unless --plain. */
#include <stdlib.h>
#include "anneal.h"

enum { OPT_T0 = 256, OPT_ALPHA, OPT_CHAIN, OPT_REHEAT, OPT_RESTART, OPT_PLAIN, OPT_TRACE };

struct anneal_cli {
	struct sd_anneal_opts o;
	const char *trace_path;
	struct sd_anneal_result res;   /* one per run, not per record */
};

static int number(const char *what, const char *arg, double min, double max, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !(v >= min && v <= max)) {
		sd_error("bad %s: %s", what, arg);
		return -1;
	}
	*out = v;
	return 0;
}

static int option(int opt, const char *arg, void *ctx)
{
	struct anneal_cli *cli = ctx;
	double v;

	switch (opt) {
	case OPT_T0:
		return number("--t0", arg, 1e-9, 1e9, &cli->o.t0);
	case OPT_ALPHA:
		return number("--alpha", arg, 1e-9, 1, &cli->o.alpha);
	case OPT_CHAIN:
		if (number("--chain", arg, 1, 1e15, &v) < 0)
			return -1;
		cli->o.chain = (long long)v;
		return 0;
	case OPT_REHEAT:
		if (number("--reheat", arg, 0, 1e15, &v) < 0)
			return -1;
		cli->o.reheat = (long long)v;
		return 0;
	case OPT_RESTART:
		if (number("--restart", arg, 0, 1e15, &v) < 0)
			return -1;
		cli->o.restart = (long long)v;
		return 0;
	case OPT_PLAIN:
		cli->o.plain = true;
		return 0;
	case OPT_TRACE:
		cli->trace_path = arg;
		return 0;
	}
	return -1;
}

static bool anneal_search(const struct sd_record *rec, const struct sd_limits *lim, void *ctx,
			  struct sd_local_outcome *out)
{
	struct anneal_cli *cli = ctx;
	struct sd_anneal_opts o = cli->o;
	struct sd_anneal_result *res = &cli->res;

	o.seed = lim->seed;
	o.max_moves = lim->max_moves;
	o.deadline = lim->deadline;
	sd_anneal(&rec->g, rec->puzzle, rec->has_board ? rec->board : NULL, &o, res);
	*out = (struct sd_local_outcome){
		res->status, res->best_cost, res->best, res->moves, 0,
		json_pack("{s:I,s:I,s:I,s:I,s:f,s:i}", "moves", (json_int_t)res->moves,
			  "chains", (json_int_t)res->chains, "reheats", (json_int_t)res->reheats,
			  "restarts", (json_int_t)res->restarts, "t0", res->t0, "fixed", res->fixed),
	};
	return !res->interrupted;
}

static int anneal_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	return sd_run_local(run, rec, anneal_search, arg);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "t0", required_argument, NULL, OPT_T0 },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "chain", required_argument, NULL, OPT_CHAIN },
		{ "reheat", required_argument, NULL, OPT_REHEAT },
		{ "restart", required_argument, NULL, OPT_RESTART },
		{ "plain", no_argument, NULL, OPT_PLAIN },
		{ "trace", required_argument, NULL, OPT_TRACE },
		{ 0, 0, 0, 0 }
	};
	static const struct sd_tool tool = {
		.name = "sudoku-anneal",
		.usage = "sudoku-anneal [options] [file ...]\n"
			 "Solve by simulated annealing: swaps inside boxes, Metropolis acceptance.\n"
			 "  --t0 T                     start temperature (0.36; --plain: spread of move costs)\n"
			 "  --alpha A                  cooling factor per chain (default 0.99)\n"
			 "  --chain N                  moves per chain (default: free cells squared)\n"
			 "  --reheat K                 t0 again after K chains with no new best (10; --plain 50)\n"
			 "  --restart K                fresh fill after K reheats without a new best\n"
			 "  --plain                    the sources' algorithm: moves, t0, no propagation\n"
			 "  --trace FILE               one TSV line per chain",
		.shared = "ftAbmsTIoqvPhV",
		.longopts = longopts,
		.option = option,
		.default_output = SD_FMT_AUTO,
		.searches = true,
	};
	/* restarts are ours, not the sources': --plain leaves them out unless asked */
	static struct anneal_cli cli = { .o = { .alpha = 0.99, .reheat = -1, .restart = -1 } };
	struct sd_run run;
	int first = sd_run_options(&run, &tool, argc, argv, &cli);

	if (cli.o.reheat < 0)
		cli.o.reheat = cli.o.plain ? SD_ANNEAL_REHEAT_PLAIN : SD_ANNEAL_REHEAT;
	if (cli.o.restart < 0)
		cli.o.restart = cli.o.plain ? 0 : SD_ANNEAL_RESTART;
	if (sd_trace_open(cli.trace_path, &cli.o.trace))
		return 2;
	int status = sd_run_loop(&run, argv + first, argc - first, anneal_record, &cli);
	sd_anneal_result_free(&cli.res);
	int closed = sd_trace_close(cli.trace_path, cli.o.trace);
	return closed > status ? closed : status;
}
