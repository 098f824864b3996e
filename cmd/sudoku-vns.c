/* sudoku-vns: solve by greedy local search with variable neighbourhoods,
 * the lab report's scheme under --plain, iterated local search by default. */
#include <stdlib.h>
#include <string.h>
#include "vns.h"

enum { OPT_PLAIN = 256, OPT_SHIFT, OPT_SHAKE, OPT_TRACE };

/* boxes a shake refills outside plain mode */
#define SD_VNS_SHAKE 2

struct vns_cli {
	struct sd_vns_opts o;
	const char *trace_path;
	struct sd_vns_result res;      /* one per run, not per record */
};

static int option(int opt, const char *arg, void *ctx)
{
	struct vns_cli *cli = ctx;
	char *end;

	switch (opt) {
	case OPT_PLAIN:
		cli->o.plain = true;
		return 0;
	case OPT_SHIFT:
		if (!strcmp(arg, "cyclic"))
			cli->o.shift = SD_SHIFT_CYCLIC;
		else if (!strcmp(arg, "reverse"))
			cli->o.shift = SD_SHIFT_REVERSE;
		else {
			sd_error("unknown shift (cyclic or reverse): %s", arg);
			return -1;
		}
		return 0;
	case OPT_SHAKE:
		cli->o.shake_boxes = (int)strtol(arg, &end, 10);
		if (*end || cli->o.shake_boxes < 0 || cli->o.shake_boxes > SD_MAXN) {
			sd_error("bad --shake (0 for all boxes, else 1 to 64): %s", arg);
			return -1;
		}
		return 0;
	case OPT_TRACE:
		cli->trace_path = arg;
		return 0;
	}
	return -1;
}

static bool vns_search(const struct sd_record *rec, const struct sd_limits *lim, void *ctx,
		       struct sd_local_outcome *out)
{
	struct vns_cli *cli = ctx;
	struct sd_vns_opts o = cli->o;
	struct sd_vns_result *res = &cli->res;

	o.seed = lim->seed;
	o.max_moves = lim->max_moves;
	o.deadline = lim->deadline;
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "plain", no_argument, NULL, OPT_PLAIN },
		{ "shift", required_argument, NULL, OPT_SHIFT },
		{ "shake", required_argument, NULL, OPT_SHAKE },
		{ "trace", required_argument, NULL, OPT_TRACE },
		{ 0, 0, 0, 0 }
	};
	static const struct sd_tool tool = {
		.name = "sudoku-vns",
		.usage = "sudoku-vns [options] [file ...]\n"
			 "Solve by greedy local search with variable neighbourhoods.\n"
			 "  --plain                    the lab report's scheme exactly\n"
			 "  --shift cyclic|reverse     the first neighbourhood (default cyclic)\n"
			 "  --shake K                  boxes a shake refills (0: all; default 2, plain 0)\n"
			 "  --trace FILE               one TSV line per shake",
		.shared = "ftAbmsTIoqvPhV",
		.longopts = longopts,
		.option = option,
		.default_output = SD_FMT_AUTO,
		.searches = true,
	};
	static struct vns_cli cli = { .o = { .shake_boxes = -1 } };
	struct sd_run run;
	int first = sd_run_options(&run, &tool, argc, argv, &cli);

	if (cli.o.shake_boxes < 0)
		cli.o.shake_boxes = cli.o.plain ? 0 : SD_VNS_SHAKE;
	if (sd_trace_open(cli.trace_path, &cli.o.trace))
		return 2;
	int status = sd_run_loop(&run, argv + first, argc - first, vns_record, &cli);
	sd_vns_result_free(&cli.res);
	int closed = sd_trace_close(cli.trace_path, cli.o.trace);
	return closed > status ? closed : status;
}
