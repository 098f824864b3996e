/* sudoku-gen: make puzzles with a unique solution, optionally symmetric,
 * at a difficulty level graded by the techniques they need; up the scale,
 * by a search near hard puzzles. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen/gen.h"
#include "frame/frame.h"

struct gen_cmd {
	long long count, clues, max_attempts;
	const char *clues_text;        /* checked once the board's size is known */
	const char *from;              /* --from FILE: seeds of the near search */
	int level, symmetry;
	bool minimal;
	bool pencil;                   /* -t pencil: pencil-mark puzzles, by elimination */
	struct sd_range rating;
	struct sd_gen_opts o;
	struct sd_geom g;
	struct sd_gen gen;
	/* the search near hard puzzles, when the window asks for it or
	 * --from gives seeds: one search for the whole run */
	bool near, near_started;
	struct sd_near_opts no;
	struct sd_near nr;
	uint8_t *seeds;                /* --from's puzzles, nseeds of them */
	int nseeds;
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
	SD_INT(0, "max-attempts", "N", "removal orders tried per puzzle (default 1000; extreme 20000), "
	       "or neighbours near hard puzzles (default 200000; from 9.5 up 10000000)", AT(max_attempts), 1, SD_MAX_COUNT,
	       "number of attempts"),
	SD_TEXT(0, "from", "FILE", "search near the puzzles of FILE (default: near its own hardest, "
		"from rating " SD_STR(SD_NEAR_FROM) " up)", AT(from)),
	SD_END
};

/* What is wrong with a seed of --from whose uniqueness search ended with
 * res, with the exit status into *status, or NULL when it has one
 * solution. */
static const char *seed_fault(const struct sd_solve_result *res, int *status)
{
	if (res->stop == SD_STOP_DONE && res->solutions == 1)
		return NULL;
	*status = SD_EXIT_TROUBLE;
	if (res->solutions > 1)
		return "the puzzle has more than one solution: --from needs puzzles with one";
	if (res->stop == SD_STOP_DONE)
		return "the puzzle has no solution: --from needs puzzles with one";
	/* a limit (-I, -T) is no fault of the input */
	*status = SD_EXIT_NO;
	return "limit reached before the puzzle's uniqueness was proven";
}

/* The puzzles of --from, each with one solution, all of one shape (the
 * first's, unless -b gives it), each proven unique within the limits of a
 * record (-I, by default sudoku-rate's; -T; a signal, which leaves the
 * seeds read so far for the loop, which dies by it): SD_EXIT_OK, or the
 * exit status after a message. */
static int read_seeds(struct sd_run *run, struct gen_cmd *gc)
{
	struct sd_reader *rd = sd_reader_open(gc->from, &run->in);
	struct sd_record *rec = calloc(1, sizeof *rec);
	struct sd_solve_result res = { 0 };
	bool shaped = run->in.have_box;
	int status = rd && rec ? SD_EXIT_OK : SD_EXIT_TROUBLE;
	size_t cap = 0;

	if (!rd)
		sd_report_errno(run, gc->from, errno);
	else if (!rec)
		sd_report(run, NULL, 0, "out of memory");
	while (status == SD_EXIT_OK && !sd_run_interrupted()) {
		int r = sd_reader_next(rd, rec);
		long line = 0;
		if (r == SD_READ_EOF)
			break;
		if (r != SD_READ_OK) {
			const char *why = sd_reader_error(rd, &line);
			sd_report(run, sd_reader_name(rd), line, "%s", why);
			status = SD_EXIT_TROUBLE;
			break;
		}
		struct sd_solve_opts so = { .max_solutions = 2, .backtrack = true,
					    .limits = sd_run_limits(run) };
		so.limits.work = sd_run_work(run, sd_solve_default_nodes(&rec->g, &so));
		const char *wrong = !shaped || (rec->g.n == gc->g.n && rec->g.r == gc->g.r) ? NULL :
			"a puzzle of another size than the first";
		if (!wrong) {
			sd_solve_fastest(&rec->g, rec->puzzle, &so, &res);
			if (res.stop == SD_STOP_INTERRUPTED)
				break;
			wrong = seed_fault(&res, &status);
		}
		if (wrong) {
			sd_report(run, rec->file, rec->line, "%s", wrong);
			if (status == SD_EXIT_OK)
				status = SD_EXIT_TROUBLE;
			break;
		}
		gc->g = rec->g;
		shaped = true;
		size_t cells = (size_t)sd_cells(&gc->g);
		if ((size_t)gc->nseeds == cap) {
			uint8_t *more = realloc(gc->seeds, (cap = cap ? 2 * cap : 64) * cells);
			if (!more) {
				sd_report(run, NULL, 0, "out of memory");
				status = SD_EXIT_TROUBLE;
				break;
			}
			gc->seeds = more;
		}
		memcpy(gc->seeds + (size_t)gc->nseeds++ * cells, rec->puzzle, cells);
	}
	if (status == SD_EXIT_OK && !gc->nseeds && !sd_run_interrupted()) {
		sd_report(run, sd_reader_name(rd), 0, "no puzzle to search near");
		status = SD_EXIT_TROUBLE;
	}
	if (rd)
		sd_reader_close(rd);
	if (rec)
		sd_record_free(rec);
	free(rec);
	sd_solve_result_free(&res);
	return status;
}

/* The next find of the one near search of the run, which starts from
 * --from's puzzles or from the hardest of its own made by clue removal. */
static int search_near(struct gen_cmd *gc, const struct sd_limits *lim, uint64_t seed)
{
	struct sd_near_opts o = gc->no;

	o.limits.deadline = lim->deadline;
	o.limits.interrupt = lim->interrupt;
	if (!gc->near_started) {
		if (!sd_near_start(&gc->nr, &gc->g, seed))
			return SD_GEN_STOPPED;
		gc->near_started = true;
		size_t cells = (size_t)sd_cells(&gc->g);
		for (int i = 0; i < gc->nseeds; i++)
			if (!sd_near_seed(&gc->nr, &o, gc->seeds + (size_t)i * cells, true))
				return SD_GEN_STOPPED;
		if (!gc->nseeds) {
			int got = sd_near_seed_made(&gc->nr, &gc->gen, &o, SD_NEAR_SEED_PUZZLES);
			if (got != SD_GEN_OK)
				return got;
		}
	}
	return sd_near_next(&gc->nr, &o);
}

static int make_puzzle(struct sd_run *run, long long index, struct sd_record *rec, void *arg)
{
	struct gen_cmd *gc = arg;
	struct sd_gen *gen = &gc->gen;
	struct sd_gen_opts o = gc->o;
	/* the near search is one search from the run's seed: its puzzle i is
	 * its (i+1)-th find */
	uint64_t seed = run->seed + (gc->near ? 0 : (uint64_t)index);
	double start = sd_now();
	struct sd_limits lim = sd_run_limits(run);

	o.limits.deadline = lim.deadline;
	o.limits.interrupt = lim.interrupt;
	if (gc->pencil && !sd_record_new_cand(rec, gc->g.n)) {
		sd_report(run, NULL, 0, "out of memory");
		return SD_EXIT_TROUBLE;
	}
	int got = gc->near ? search_near(gc, &lim, seed) : gc->pencil ?
		sd_generate_pencil(gen, &gc->g, &o, seed, rec->cand) : sd_generate(gen, &gc->g, &o, seed);
	long long attempts = gc->near ? gc->nr.tries : gen->attempts;
	long long checks = gc->near ? gc->nr.checks : gen->checks;
	if (got == SD_GEN_STOPPED && sd_run_interrupted())
		return SD_EXIT_OK;      /* the loop dies by the signal */
	/* stopped before the deadline: an allocation failed, an error */
	bool no_memory = got == SD_GEN_STOPPED && !sd_out_of_time(&lim);
	if (got != SD_GEN_OK) {
		if (!run->quiet || no_memory)
			sd_report(run, NULL, 0, "puzzle %lld (seed %llu): %s after %lld attempts", index + 1,
				  (unsigned long long)seed, no_memory ? "out of memory" :
				  got == SD_GEN_STOPPED ? "time limit reached" : "no puzzle met the conditions",
				  attempts);
		return no_memory ? SD_EXIT_TROUBLE : SD_EXIT_NO;
	}
	const uint8_t *puzzle = gc->near ? gc->nr.puzzle : gen->puzzle;
	int givens = gc->near ? gc->nr.givens : gen->givens;
	rec->g = gc->g;
	memcpy(rec->puzzle, puzzle, (size_t)sd_cells(&gc->g));
	rec->format = gc->g.n > SD_MAXLINE_N ? SD_FMT_JSON : gc->pencil ? SD_FMT_PENCIL : SD_FMT_LINE;
	if (sd_writer_shows_fields(run->writer, rec)) {
		const struct sd_rating *rating = &gc->nr.rating;
		if (!gc->near) {
			sd_gen_rate(gen);
			rating = &gen->rating;
		}
		sd_record_set_str(rec, "level", sd_level_names[rating->level]);
		if (rating->level < SD_LEVEL_SEARCH)
			sd_record_set_new(rec, "score", json_real(rating->score));
	}
	sd_record_set_int(rec, "seed", (long long)seed);
	double seconds = sd_now() - start;
	json_t *stats = json_pack("{s:I,s:I,s:i}", "attempts", (json_int_t)attempts,
				  "checks", (json_int_t)checks, "givens", givens);
	if (gc->near)
		json_object_set_new(stats, "ratings", json_integer(gc->nr.ratings));
	if (run->verbose) {
		json_object_set_new(stats, "seconds", json_real(seconds));
		if (!run->quiet)
			sd_report(run, NULL, 0, "puzzle %lld: seed %llu, %d givens, %lld attempts, "
				  "%lld checks, %.6f s", index + 1, (unsigned long long)seed,
				  givens, attempts, checks, seconds);
	}
	sd_record_set_new(rec, "stats", stats);
	return sd_emit(run, rec, NULL);
}

/* Whether the near search makes the puzzles, and its options: with
 * --from, or for a window from SD_NEAR_FROM up on 9x9 grids without a
 * symmetry or a number of clues, which it does not keep.  The extreme
 * level aims each find at 9.0 to 9.3 and up, so that its finds spread. */
static void aim_near(struct sd_run *run, struct gen_cmd *gc)
{
	double min = 1.0, max = SD_RATING_TOP;

	if (gc->rating.set) {
		min = gc->rating.min;
		max = gc->rating.max;
	} else if (gc->level >= 0) {
		sd_level_band(gc->level, &min, &max);
	}
	bool plain = gc->symmetry == SD_SYM_NONE && !gc->clues;
	bool deep = sd_score_reaches(min, SD_NEAR_DEEP);
	if (gc->from && !plain)
		sd_usage_error(run, "--from searches near puzzles without --symmetry or --clues");
	gc->near = gc->from ||
		   (plain && !gc->pencil && gc->g.n == 9 && sd_score_reaches(min, SD_NEAR_FROM));
	gc->no = (struct sd_near_opts){
		.min_er = min, .max_er = max, .remove = 1, .add = 1, .minimal = true,
		.spread = gc->level == SD_LEVEL_EXTREME ? 0.3 : 0,
		.max_tries = gc->max_attempts ? gc->max_attempts :
			     deep ? SD_NEAR_DEEP_TRIES : SD_NEAR_TRIES,
		.limits = gc->o.limits, .rating_work = gc->o.rating_work,
		/* a pool of its own seeds only: --from's are the user's choice */
		.restart = !gc->from && deep ? SD_NEAR_RESTART : 0,
		.remake = &gc->gen,
	};
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
	gc.pencil = run.out.format == SD_FMT_PENCIL;
	if (gc.pencil && (gc.from || gc.symmetry != SD_SYM_NONE || gc.clues_text))
		sd_usage_error(&run, "-t pencil takes candidates away: no --from, --symmetry or --clues");
	int seeded = gc.from ? read_seeds(&run, &gc) : SD_EXIT_OK;
	if (seeded != SD_EXIT_OK)
		return seeded;
	if (gc.clues_text)
		gc.clues = sd_whole_number(&run, "number of clues", gc.clues_text,
					   sd_gen_least_clues(&gc.g), sd_cells(&gc.g) - 1);
	gc.o = (struct sd_gen_opts){
		.symmetry = gc.symmetry, .clues = (int)gc.clues,
		/* a pencil-mark puzzle made minimal is seldom rated within the
		 * rater's default work: minimal unless a level is asked for */
		.minimal = gc.minimal || (gc.pencil && gc.level < 0 && !gc.rating.set),
	};
	if (gc.rating.set && gc.level >= 0)
		sd_usage_error(&run, "-d and --rating both choose the difficulty: give one");
	sd_gen_aim(&gc.o, &gc.g, gc.level, gc.rating.min, gc.rating.set ? gc.rating.max : 0);
	if (gc.max_attempts)
		gc.o.max_attempts = gc.max_attempts;
	if (run.iterations >= 0)
		gc.o.limits.work = run.iterations;
	/* a rating for json or csv, or a level's check: sudoku-rate's
	 * default, unless -T replaces it */
	if (run.time_limit >= 0)
		gc.o.rating_work = 0;
	aim_near(&run, &gc);
	int status = sd_run_make(&run, gc.count, make_puzzle, &gc);
	sd_gen_free(&gc.gen);
	sd_near_free(&gc.nr);
	free(gc.seeds);
	return status;
}
