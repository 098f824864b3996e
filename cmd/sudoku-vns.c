/* sudoku-vns: solve by local search with variable neighbourhoods, the lab
 * report's scheme under --plain; by default shakes of growing size around
 * a focused random descent, each addition to be switched off. */
#include "local/local.h"
#include "frame/frame.h"

struct vns_cli {
	struct sd_vns_opts o;
	long long shake;
	const char *trace_path;
	FILE *trace;
	long long record;              /* the trace's record column: 1 for the first searched */
	struct sd_local_result res;    /* one per run, not per record */
};
static struct vns_cli cli = { .shake = -1 };

#define AT(field) SD_AT(struct vns_cli, field)
static const struct sd_option options[] = {
	SD_FLAG(0, "plain", "the lab report's scheme exactly", AT(o.plain)),
	SD_FLAG(0, "no-propagate", "no forced cells fixed before the search", AT(o.no_propagate)),
	SD_FLAG(0, "no-random", "the report's neighbourhoods, best move first, not random swaps",
		AT(o.no_random)),
	SD_FLAG(0, "no-focus", "random swaps from any free cell, not only cells in conflict",
		AT(o.no_focus)),
	SD_FLAG(0, "no-accept", "random swaps never worsen the board", AT(o.no_accept)),
	SD_FLAG(0, "fixed-shake", "shakes do not grow while minima repeat", AT(o.fixed_shake)),
	SD_WORD(0, "shift", "cyclic|reverse", "the first neighbourhood (default cyclic)", AT(o.shift),
		sd_shift_names, SD_SHIFT_CYCLIC, SD_SHIFT_REVERSE, "shift"),
	SD_INT(0, "shake", "K", "boxes a shake refills (0: all; default 2, plain 0)", AT(shake),
	       0, SD_MAXN, "--shake (0 for all boxes, else 1 to 64)"),
	SD_TEXT(0, "trace", "FILE", "one TSV line per shake (default: none)", AT(trace_path)),
	SD_END
};

static void trace_descent(const struct sd_vns_descent *d, void *arg)
{
	struct vns_cli *cli = arg;

	fprintf(cli->trace, "%lld\t%lld\t%lld\t%d\t%d\n", cli->record, d->shakes, d->moves, d->minimum,
		d->best);
}

static bool vns_search(const struct sd_record *rec, const struct sd_ruleset *rules, uint64_t seed,
		       const struct sd_limits *lim, void *ctx, struct sd_local_outcome *out)
{
	struct vns_cli *cli = ctx;
	struct sd_vns_opts o = cli->o;
	struct sd_local_result *res = &cli->res;

	o.seed = seed;
	o.rules = rules;
	o.limits = *lim;
	cli->record++;
	sd_vns(&rec->g, rec->puzzle, rec->has_board ? rec->board : NULL, &o, res);
	*out = (struct sd_local_outcome){
		res->status, res->best_cost, res->best, res->moves, 0,
		json_pack("{s:I,s:I,s:I,s:i}", "moves", (json_int_t)res->moves,
			  "improvements", (json_int_t)res->improvements,
			  "shakes", (json_int_t)res->shakes, "fixed", res->fixed),
	};
	return !res->interrupted;
}

static int vns_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	return sd_run_local(run, rec, vns_search, arg);
}

/* The default shake, which depends on --plain; the trace file. */
static int start(struct sd_run *run, void *ctx)
{
	struct vns_cli *cli = ctx;

	sd_run_keys(run, SD_LOCAL_KEYS, NULL);
	run->in.rules_honoured = SD_RULES_ALL;
	cli->o.shake_boxes = (int)(cli->shake >= 0 ? cli->shake : cli->o.plain ? 0 : SD_VNS_SHAKE);
	if (!cli->trace_path)
		return SD_EXIT_OK;
	cli->o.on_descent = trace_descent;
	cli->o.arg = cli;
	int status = sd_trace_open(run, cli->trace_path, &cli->trace);
	/* one header for the run, whatever the records: a trace of none has it too */
	if (cli->trace)
		fprintf(cli->trace, "record\tshake\tmoves\tminimum\tbest\n");
	return status;
}

static int end(struct sd_run *run, void *ctx)
{
	struct vns_cli *cli = ctx;

	(void)run;
	sd_local_result_free(&cli->res);
	return SD_EXIT_OK;
}

SD_MAIN(cli,
	"sudoku-vns", "sudoku-vns [options] [file ...]",
	"Solve by local search with variable neighbourhoods.",
	options, "ftAbmTIoqvPhV", SD_FMT_AUTO, SD_SEED_CLOCK, { SD_DEFAULT_VNS_MOVES, "moves" }, start,
	vns_record, end)
