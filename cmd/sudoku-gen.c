/* sudoku-gen: make puzzles with a unique solution, optionally symmetric,
 * at a difficulty level graded by the techniques they need. */
#include <stdio.h>
#include <string.h>
#include "gen/gen.h"
#include "frame/frame.h"

struct gen_cmd {
	long long count, clues, max_attempts;
	const char *clues_text;        /* checked once the board's size is known */
	int level, symmetry;
	bool minimal;
	struct sd_range rating;
	struct sd_gen_opts o;
	struct sd_geom g;
	struct sd_gen gen;
};

#define AT(field) SD_AT(struct gen_cmd, field)
static const struct sd_option options[] = {
	SD_INT('n', "count", "COUNT", "puzzles to make (default 1; 0: without end)", AT(count),
	       0, SD_MAX_COUNT, "count"),
	/* "search" is no level to make */
	SD_WORD('d', "difficulty", "LEVEL",
		"very-easy, easy, medium, hard, expert, fiendish, extreme (default: any)",
		AT(level), sd_level_names, SD_LEVEL_VERY_EASY, SD_LEVEL_EXTREME, "level"),
	/* a window above the scale's top could never be met: refused at
	 * once, not after every attempt */
	SD_RANGE(0, "rating", "MIN-MAX", "Sudoku Explainer rating (ER) to keep, e.g. 7.0-7.9, "
		 "7.0- or -2.0 (default: the level's; without -d, any)", AT(rating), 1.0, SD_RATING_TOP,
		 "rating"),
	SD_WORD(0, "symmetry", "KIND", "none (default), rot180, rot90, mirror, diagonal, random", AT(symmetry),
		sd_symmetry_names, SD_SYM_NONE, SD_SYM_RANDOM, "symmetry"),
	SD_TEXT(0, "clues", "K", "stop removing clues at K givens (default: none)", AT(clues_text)),
	SD_FLAG(0, "minimal", "no given can be removed", AT(minimal)),
	SD_INT(0, "max-attempts", "N", "removal orders tried per puzzle (default 1000; extreme 20000)",
	       AT(max_attempts), 1, SD_MAX_COUNT, "number of attempts"),
	SD_END
};

static int make_puzzle(struct sd_run *run, long long index, struct sd_record *rec, void *arg)
{
	struct gen_cmd *gc = arg;
	struct sd_gen *gen = &gc->gen;
	struct sd_gen_opts o = gc->o;
	uint64_t seed = run->seed + (uint64_t)index;
	double start = sd_now();
	struct sd_limits lim = sd_run_limits(run);

	o.limits.deadline = lim.deadline;
	o.limits.interrupt = lim.interrupt;
	int got = sd_generate(gen, &gc->g, &o, seed);
	if (got == SD_GEN_STOPPED && sd_run_interrupted())
		return SD_EXIT_OK;      /* the loop dies by the signal */
	if (got != SD_GEN_OK) {
		if (!run->quiet)
			sd_report(run, NULL, 0, "puzzle %lld (seed %llu): %s after %lld attempts", index + 1,
				  (unsigned long long)seed, got == SD_GEN_STOPPED ? "time limit reached" :
				  "no puzzle met the conditions", gen->attempts);
		return SD_EXIT_NO;
	}
	rec->g = gc->g;
	memcpy(rec->puzzle, gen->puzzle, (size_t)sd_cells(&gc->g));
	rec->format = gc->g.n > SD_MAXLINE_N ? SD_FMT_JSON : SD_FMT_LINE;
	if (sd_writer_shows_fields(run->writer, rec)) {
		sd_gen_rate(gen);
		sd_record_set_str(rec, "level", sd_level_names[gen->rating.level]);
		if (gen->rating.level < SD_LEVEL_SEARCH)
			sd_record_set_new(rec, "score", json_real(gen->rating.score));
	}
	sd_record_set_int(rec, "seed", (long long)seed);
	double seconds = sd_now() - start;
	json_t *stats = json_pack("{s:I,s:I,s:i}", "attempts", (json_int_t)gen->attempts,
				  "checks", (json_int_t)gen->checks, "givens", gen->givens);
	if (run->verbose) {
		json_object_set_new(stats, "seconds", json_real(seconds));
		if (!run->quiet)
			sd_report(run, NULL, 0, "puzzle %lld: seed %llu, %d givens, %lld attempts, "
				  "%lld checks, %.6f s", index + 1, (unsigned long long)seed,
				  gen->givens, gen->attempts, gen->checks, seconds);
	}
	sd_record_set_new(rec, "stats", stats);
	return sd_emit(run, rec, NULL);
}

/* --rating: the window, and the level that guides the removals. */
static void rating_window(const struct sd_run *run, struct gen_cmd *gc)
{
	if (gc->level >= 0)
		sd_usage_error(run, "-d and --rating both choose the difficulty: give one");
	gc->o.min_er = gc->rating.min;
	gc->o.max_er = gc->rating.max;
	gc->o.level = sd_gen_window_level(gc->rating.min, gc->rating.max);
}

int main(int argc, char **argv)
{
	static const struct sd_tool tool = {
		.name = "sudoku-gen", "sudoku-gen [options]", "Make puzzles with a unique solution.",
		options, "tAbTIoqvPhV", SD_FMT_AUTO, SD_SEED_CLOCK,
		{ SD_GEN_BIG_GRID_NODES, "nodes per uniqueness search above 16x16" }, NULL, NULL, NULL,
	};
	static struct gen_cmd gc = { .count = 1, .level = -1, .symmetry = SD_SYM_NONE };
	struct sd_run run;
	int first = sd_run_options(&run, &tool, argc, argv, &gc);

	if (first < argc) {
		sd_report(&run, NULL, 0, "no operands expected: %s", argv[first]);
		return SD_EXIT_TROUBLE;
	}
	sd_run_keys(&run, "level", "score", "seed", "stats", NULL);
	gc.g = run.in.have_box ? run.in.box : (struct sd_geom){ 9, 3, 3 };
	if (gc.clues_text)
		gc.clues = sd_whole_number(&run, "number of clues", gc.clues_text,
					   sd_gen_least_clues(&gc.g), sd_cells(&gc.g) - 1);
	gc.o = (struct sd_gen_opts){
		.level = gc.level, .symmetry = gc.symmetry, .clues = (int)gc.clues,
		.minimal = gc.minimal,
	};
	if (gc.rating.set)
		rating_window(&run, &gc);
	gc.o.max_attempts = gc.max_attempts ? gc.max_attempts : sd_gen_default_attempts(gc.o.level);
	gc.o.limits.work = run.iterations >= 0 ? run.iterations : sd_gen_default_nodes(&gc.g);
	/* a rating for json or csv, or a level's check: sudoku-rate's
	 * default, unless -T replaces it */
	gc.o.rating_work = run.time_limit >= 0 ? 0 : SD_DEFAULT_RATING_WORK;
	int status = sd_run_make(&run, gc.count, make_puzzle, &gc);
	sd_gen_free(&gc.gen);
	return status;
}
