/* sudoku-gen: make puzzles with a unique solution, optionally symmetric,
 * at a difficulty level graded by the techniques they need. */
#include <stdlib.h>
#include <string.h>
#include "gen.h"

enum { OPT_SYMMETRY = 256, OPT_CLUES, OPT_MINIMAL, OPT_MAX_ATTEMPTS };

struct gen_cmd {
	long long count;
	struct sd_gen_opts o;
	struct sd_geom g;
	struct sd_gen gen;
};

static long long parse_count(const char *arg, long long least)
{
	char *end;
	long long v = strtoll(arg, &end, 10);

	return *arg && !*end && v >= least ? v : -1;
}

static int option(int opt, const char *arg, void *ctx)
{
	struct gen_cmd *gc = ctx;
	long long v;

	switch (opt) {
	case 'n':
		if ((gc->count = parse_count(arg, 0)) < 0)
			break;
		return 0;
	case 'd':
		if ((gc->o.level = sd_level_parse(arg)) < 0 || gc->o.level == SD_LEVEL_SEARCH) {
			sd_error("unknown level (very-easy, easy, medium, hard, expert): %s", arg);
			return -1;
		}
		return 0;
	case OPT_SYMMETRY:
		if ((gc->o.symmetry = sd_symmetry_parse(arg)) < 0) {
			sd_error("unknown symmetry (none, rot180, rot90, mirror, diagonal, random): %s", arg);
			return -1;
		}
		return 0;
	case OPT_CLUES:
		if ((v = parse_count(arg, 1)) < 0 || v > SD_MAXCELLS)
			break;
		gc->o.clues = (int)v;
		return 0;
	case OPT_MINIMAL:
		gc->o.minimal = true;
		return 0;
	case OPT_MAX_ATTEMPTS:
		if ((gc->o.max_attempts = parse_count(arg, 1)) < 0)
			break;
		return 0;
	default:
		return -1;
	}
	sd_error("bad number: %s", arg);
	return -1;
}

static int make_puzzle(struct sd_run *run, long long index, struct sd_record *rec, void *arg)
{
	struct gen_cmd *gc = arg;
	struct sd_gen *gen = &gc->gen;
	struct sd_gen_opts o = gc->o;
	uint64_t seed = run->seed + (uint64_t)index;
	double start = sd_now();

	if (run->time_limit > 0)
		o.deadline = start + run->time_limit;
	int got = sd_generate(gen, &gc->g, &o, seed);
	if (got == SD_GEN_STOPPED && sd_interrupted())
		return 0;               /* the loop dies by the signal */
	if (got != SD_GEN_OK) {
		if (!run->quiet)
			sd_error("puzzle %lld (seed %llu): %s after %lld attempts", index + 1,
				 (unsigned long long)seed, got == SD_GEN_STOPPED ? "time limit reached" :
				 "no puzzle met the conditions", gen->attempts);
		return 1;
	}
	rec->g = gc->g;
	memcpy(rec->puzzle, gen->puzzle, (size_t)sd_cells(&gc->g));
	rec->format = gc->g.n > SD_MAXLINE_N ? SD_FMT_JSON : SD_FMT_LINE;
	if (sd_writer_shows_fields(run->writer, rec)) {
		sd_gen_rate(gen);
		sd_record_set_str(rec, "level", sd_level_name(gen->rating.level));
		if (gen->rating.level != SD_LEVEL_SEARCH)
			sd_record_set_new(rec, "score", json_real(gen->rating.score));
	}
	sd_record_set_int(rec, "seed", (long long)seed);
	double seconds = sd_now() - start;
	json_t *stats = json_pack("{s:I,s:I,s:i}", "attempts", (json_int_t)gen->attempts,
				  "checks", (json_int_t)gen->checks, "givens", gen->givens);
	if (run->verbose) {
		json_object_set_new(stats, "seconds", json_real(seconds));
		if (!run->quiet)
			fprintf(stderr, "%s: puzzle %lld: seed %llu, %d givens, %lld attempts, "
				"%lld checks, %.6f s\n", sd_progname, index + 1, (unsigned long long)seed,
				gen->givens, gen->attempts, gen->checks, seconds);
	}
	sd_record_set_new(rec, "stats", stats);
	return sd_emit(run, rec, NULL);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "difficulty", required_argument, NULL, 'd' },
		{ "symmetry", required_argument, NULL, OPT_SYMMETRY },
		{ "clues", required_argument, NULL, OPT_CLUES },
		{ "minimal", no_argument, NULL, OPT_MINIMAL },
		{ "max-attempts", required_argument, NULL, OPT_MAX_ATTEMPTS },
		{ 0, 0, 0, 0 }
	};
	static const struct sd_tool tool = {
		.name = "sudoku-gen",
		.usage = "sudoku-gen [options]\n"
			 "Make puzzles with a unique solution.\n"
			 "  -n, --count COUNT          puzzles to make (default 1; 0: without end)\n"
			 "  -d, --difficulty LEVEL     very-easy, easy, medium, hard, expert (default: any)\n"
			 "  --symmetry KIND            none, rot180, rot90, mirror, diagonal, random\n"
			 "  --clues K                  stop removing clues at K givens\n"
			 "  --minimal                  no given can be removed\n"
			 "  --max-attempts N           removal orders tried per puzzle (default 1000)",
		.shared = "tAbsTIoqvPhV",
		.shortopts = "n:d:",
		.longopts = longopts,
		.option = option,
		.default_output = SD_FMT_AUTO,
	};
	static struct gen_cmd gc = {
		.count = 1,
		.o = { .level = -1, .symmetry = SD_SYM_NONE, .max_attempts = 1000 },
	};
	struct sd_run run;
	int first = sd_run_options(&run, &tool, argc, argv, &gc);

	if (first < argc) {
		sd_error("no operands expected: %s", argv[first]);
		return 2;
	}
	gc.g = run.in.have_box ? run.in.box : (struct sd_geom){ 9, 3, 3 };
	/* counting on grids above 16×16 can take long near the minimum: such a
	 * check gives up and keeps its clue, so uniqueness stays proven */
	gc.o.node_limit = run.iterations ? run.iterations : gc.g.n > 16 ? 250 : 0;
	int status = sd_run_make(&run, gc.count, make_puzzle, &gc);
	sd_gen_free(&gc.gen);
	return status;
}
