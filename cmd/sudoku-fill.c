/* sudoku-fill: a complete starting board for local search, givens untouched. */
#include <string.h>
#include "sudoku.h"

struct fill_opts { int kind; };

static int option(int opt, const char *arg, void *ctx)
{
	struct fill_opts *fo = ctx;

	if (opt != 'k')
		return -1;
	if ((fo->kind = sd_fill_parse(arg)) < 0) {
		sd_error("unknown fill kind (box, box-sequential, row, random): %s", arg);
		return -1;
	}
	return 0;
}

static int fill_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	const struct fill_opts *fo = arg;
	struct sd_rng rng;
	uint64_t seed = sd_record_seed(run->seed, rec);

	sd_rng_seed(&rng, seed);
	memcpy(rec->board, rec->puzzle, (size_t)sd_cells(&rec->g));
	rec->has_board = true;
	sd_fill(&rec->g, rec->board, fo->kind, &rng);
	if (fo->kind != SD_FILL_BOX_SEQUENTIAL)
		sd_record_set_int(rec, "seed", (long long)run->seed);
	return sd_emit(run, rec, NULL);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kind", required_argument, NULL, 'k' },
		{ 0, 0, 0, 0 }
	};
	static const struct sd_tool tool = {
		.name = "sudoku-fill",
		.usage = "sudoku-fill [options] [file ...]\n"
			 "Fill every empty cell to make a starting board for local search.\n"
			 "  -k, --kind KIND            box (default), box-sequential, row, random",
		.shared = "ftAbsoqvPhV",
		.shortopts = "k:",
		.longopts = longopts,
		.option = option,
		.default_output = SD_FMT_AUTO,
	};
	struct fill_opts fo = { SD_FILL_BOX };
	struct sd_run run;
	int first = sd_run_options(&run, &tool, argc, argv, &fo);

	return sd_run_loop(&run, argv + first, argc - first, fill_record, &fo);
}
