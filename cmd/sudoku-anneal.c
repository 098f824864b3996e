/* sudoku-anneal: solve by simulated annealing (Lewis 2007), after
 * propagating what constraints force unless --plain. */
#include "local/local.h"
#include "frame/frame.h"

struct anneal_cli {
	struct sd_anneal_opts o;
	long long chain, reheat, restart;
	const char *trace_path;
	FILE *trace;
	long long record;              /* the trace's record column: 1 for the first searched */
	struct sd_local_result res;    /* one per run, not per record */
};
static struct anneal_cli cli = { .o = { .alpha = SD_ANNEAL_ALPHA }, .reheat = -1, .restart = -1 };

#define AT(field) SD_AT(struct anneal_cli, field)
static const struct sd_option options[] = {
	SD_REAL(0, "t0", "T", "start temperature (default 0.36; --plain: spread of move costs)", AT(o.t0),
		1e-9, 1e9, "--t0"),
	SD_REAL(0, "alpha", "A", "cooling factor per chain (default 0.99)", AT(o.alpha), 1e-9, 1,
		"--alpha"),
	SD_INT(0, "chain", "N", "moves per chain (default: free cells squared)", AT(chain), 1, SD_MAX_ITERATIONS,
	       "--chain"),
	SD_INT(0, "reheat", "K", "t0 again after K chains with no new best (default 10; --plain 50)",
	       AT(reheat), 0, SD_MAX_ITERATIONS, "--reheat"),
	SD_INT(0, "restart", "K", "fresh fill after K reheats without a new best (default 2; --plain 0: never)", AT(restart),
	       0, SD_MAX_ITERATIONS, "--restart"),
	SD_FLAG(0, "plain", "the sources' algorithm: moves, t0, no propagation", AT(o.plain)),
	SD_TEXT(0, "trace", "FILE", "one TSV line per chain (default: none)", AT(trace_path)),
	SD_END
};

static void trace_chain(const struct sd_anneal_chain *c, void *arg)
{
	struct anneal_cli *cli = arg;

	fprintf(cli->trace, "%lld\t%lld\t%lld\t%.6g\t%d\t%d\t%.4f\n", cli->record, c->chain, c->moves,
		c->temperature, c->cost, c->best, c->acceptance);
}

static bool anneal_search(const struct sd_record *rec, const struct sd_ruleset *rules, uint64_t seed,
			  const struct sd_limits *lim, void *ctx, struct sd_local_outcome *out)
{
	struct anneal_cli *cli = ctx;
	struct sd_anneal_opts o = cli->o;
	struct sd_local_result *res = &cli->res;

	o.seed = seed;
	o.rules = rules;
	o.limits = *lim;
	cli->record++;
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

/* The defaults that depend on --plain; the trace file. */
static int start(struct sd_run *run, void *ctx)
{
	struct anneal_cli *cli = ctx;

	sd_run_keys(run, SD_LOCAL_KEYS, NULL);
	run->in.rules_honoured = SD_RULES_ALL;
	cli->o.chain = cli->chain;
	cli->o.reheat = cli->reheat >= 0 ? cli->reheat :
		cli->o.plain ? SD_ANNEAL_REHEAT_PLAIN : SD_ANNEAL_REHEAT;
	/* restarts are ours, not the sources': --plain leaves them out unless asked */
	cli->o.restart = cli->restart >= 0 ? cli->restart : cli->o.plain ? 0 : SD_ANNEAL_RESTART;
	if (!cli->trace_path)
		return SD_EXIT_OK;
	cli->o.on_chain = trace_chain;
	cli->o.arg = cli;
	int status = sd_trace_open(run, cli->trace_path, &cli->trace);
	/* one header for the run, whatever the records: a trace of none has it too */
	if (cli->trace)
		fprintf(cli->trace, "record\tchain\tmoves\ttemperature\tcost\tbest\tacceptance\n");
	return status;
}

static int end(struct sd_run *run, void *ctx)
{
	struct anneal_cli *cli = ctx;

	(void)run;
	sd_local_result_free(&cli->res);
	return SD_EXIT_OK;
}

SD_MAIN(cli,
	"sudoku-anneal", "sudoku-anneal [options] [file ...]",
	"Solve by simulated annealing: swaps inside boxes, Metropolis acceptance.",
	options, "ftAbmTIoqvPhV", SD_FMT_AUTO, SD_SEED_CLOCK, { SD_DEFAULT_ANNEAL_MOVES, "moves" }, start,
	anneal_record, end)
