/* sudoku-rate: grade puzzles by the human techniques they need, give a
 * hint or a full explanation, and name a player's wrong entries. */
#include <stdlib.h>
#include <string.h>
#include "exact/exact.h"
#include "explain/explain.h"
#include "frame/frame.h"

#define ER_BANDS 13                    /* 0.0-0.9 ... 11.0-11.9, 12.0 and up */
struct stats {
	long long level[SD_LEVEL_COUNT], band[ER_BANDS], hardest[SD_TECH_COUNT + 1];
	long long multiple, nosolution, unsolved;
};

struct rate {
	bool hint, explain, stats;
	struct stats count;            /* --stats */
	struct sd_run *run;
	struct sd_logic lg;
	struct sd_solve_result res;
	struct sd_buf text;
	json_t *steps;                 /* --explain */
	struct sd_buf *explanation;
};
static struct rate rt;

#define AT(field) SD_AT(struct rate, field)
static const struct sd_option options[] = {
	SD_FLAG(0, "hint", "the next step on the record's board", AT(hint)),
	SD_FLAG(0, "explain", "every step of the solution", AT(explain)),
	SD_FLAG(0, "stats", "a table of the collection, not a line per puzzle", AT(stats)),
	SD_END
};

static void stats_row(FILE *fp, bool csv, const char *table, const char *name, long long count)
{
	if (csv)
		fprintf(fp, "%s,%s,%lld\n", table, name, count);
	else
		fprintf(fp, "  %-22s %lld\n", name, count);
}

/* The puzzles a table sums: rated or not. */
static long long stats_total(const struct stats *s)
{
	long long total = s->multiple + s->nosolution + s->unsolved;

	for (int l = 0; l < SD_LEVEL_COUNT; l++)
		total += s->level[l];
	return total;
}

/* --stats: puzzles per level, per band of the score and per hardest
 * technique, and those not rated; plain text, or csv rows table,name,count
 * for a spreadsheet.  Hidden singles in a box and in a line are one
 * technique here, as in the counts of each record. */
static void write_stats(struct sd_run *run, const struct stats *s)
{
	FILE *fp = run->out_fp;
	bool csv = run->out.format == SD_FMT_CSV;
	char band[32];

	if (csv)
		fputs("table,name,puzzles\n", fp);
	else
		fputs("level\n", fp);
	for (int l = 0; l < SD_LEVEL_SEARCH; l++)
		stats_row(fp, csv, "level", sd_level_names[l], s->level[l]);
	if (!csv)
		fputs("score\n", fp);
	for (int b = 0; b < ER_BANDS; b++) {
		if (!s->band[b])
			continue;
		if (b == ER_BANDS - 1)
			snprintf(band, sizeof band, "%d.0-", b);
		else
			snprintf(band, sizeof band, "%d.0-%d.9", b, b);
		stats_row(fp, csv, "score", band, s->band[b]);
	}
	if (!csv)
		fputs("hardest technique\n", fp);
	for (int t = 0; t <= SD_TECH_COUNT; t++) {
		long long n = s->hardest[t];
		if (t == SD_TECH_HIDDEN_SINGLE_BOX)
			n += s->hardest[SD_TECH_HIDDEN_SINGLE_LINE];
		if (n && t != SD_TECH_HIDDEN_SINGLE_LINE)
			stats_row(fp, csv, "hardest", t == SD_TECH_COUNT ? "none" : sd_tech_name(t), n);
	}
	if (!csv)
		fputs("not rated\n", fp);
	stats_row(fp, csv, "unrated", "search", s->level[SD_LEVEL_SEARCH]);
	stats_row(fp, csv, "unrated", "multiple", s->multiple);
	stats_row(fp, csv, "unrated", "nosolution", s->nosolution);
	stats_row(fp, csv, "unrated", "limit", s->unsolved);
	if (csv)
		stats_row(fp, csv, "total", "puzzles", stats_total(s));
	else
		fprintf(fp, "%-24s %lld\n", "total", stats_total(s));
}

static int start(struct sd_run *run, void *ctx)
{
	struct rate *rt = ctx;

	run->in.givens_only = false;
	/* only puzzles proven unique are rated: the uniqueness techniques
	 * may assume it */
	rt->lg.unique = true;
	sd_run_keys(run, "status", "solutions", "level", "score", "er", "ep", "ed", "hardest",
		    "techniques", "wrong", rt->hint ? "hint" : NULL, NULL);
	if (rt->explain)
		sd_run_keys(run, "steps", NULL);
	if (rt->stats && (rt->hint || rt->explain))
		sd_usage_error(run, "--stats sums a collection: no --hint or --explain with it");
	if (rt->stats && run->out.format != SD_FMT_TEXT && run->out.format != SD_FMT_CSV)
		sd_usage_error(run, "--stats writes text or csv");
	sd_pack_refuse(run, rt->stats, "--stats sums the records");
	return SD_EXIT_OK;
}

static int end(struct sd_run *run, void *ctx)
{
	struct rate *rt = ctx;

	if (rt->stats) {
		const struct stats *s = &rt->count;
		write_stats(run, s);
		/* the table of a collection of none is no output worth a file */
		run->summed = stats_total(s);
	}
	sd_solve_result_free(&rt->res);
	return SD_EXIT_OK;
}

static void explain_step(const struct sd_logic *lg, const struct sd_step *st, void *arg)
{
	struct rate *rt = arg;

	json_array_append_new(rt->steps, sd_step_json(&lg->g, st, &rt->run->out.alpha));
	sd_buf_puts(rt->explanation, "\n  ");
	sd_step_text(rt->explanation, &lg->g, st, &rt->run->out.alpha);
}

/* Technique → count; the two scores of hidden singles count as one. */
static json_t *technique_counts(const struct sd_rating *r)
{
	json_t *counts = json_object();

	for (int t = 0; t < SD_TECH_COUNT; t++) {
		if (!r->count[t])
			continue;
		json_t *old = json_object_get(counts, sd_tech_name(t));
		json_object_set_new(counts, sd_tech_name(t),
				    json_integer(r->count[t] + (old ? json_integer_value(old) : 0)));
	}
	return counts;
}

/* The player's entries that differ from the solution. */
static json_t *wrong_cells(const struct sd_record *rec, const uint8_t *solution, struct sd_buf *text)
{
	static bool wrong[SD_MAXCELLS];
	json_t *list = json_array();
	char name[32];

	sd_wrong_entries(&rec->g, rec->puzzle, rec->board, solution, wrong);
	for (int c = 0; c < sd_cells(&rec->g); c++) {
		if (!wrong[c])
			continue;
		sd_cell_name(&rec->g, c, name);
		json_array_append_new(list, json_string(name));
		sd_buf_printf(text, "%s%s", json_array_size(list) == 1 ? "; wrong: " : ", ", name);
	}
	return list;
}

/* The next placement a player can make on the board (sd_next_hint): a
 * line of its own after the first, which the record's name ends, and
 * with --explain its steps under it. */
static json_t *next_hint(struct rate *rt, const struct sd_record *rec, struct sd_buf *text)
{
	struct sd_step last;
	json_t *steps, *step;
	size_t i;

	sd_buf_puts(text, "\n  hint: ");
	sd_next_hint(&rt->lg, &rec->g, rec->puzzle, sd_values(rec), rt->res.first, &rt->run->out.alpha,
		text, &steps, &last);
	json_array_foreach(steps, i, step)
		if (rt->explain)
			sd_buf_printf(text, "\n    %s", json_string_value(json_object_get(step, "text")));
	return steps;
}

/* multiple or nosolution: no rating applies. */
static int not_rated(struct sd_run *run, struct sd_record *rec, const char *verdict,
		     long long solutions)
{
	char text[64];
	int status;
	struct stats *s = &rt.count;

	if (rt.stats) {
		++*(!strcmp(verdict, "multiple") ? &s->multiple : &s->nosolution);
		return SD_EXIT_NO;
	}
	if (!run->quiet)
		sd_report(run, rec->file, rec->line, "%s", !strcmp(verdict, "multiple") ?
			  "more than one solution: not a puzzle to rate" : "no solution");
	sd_record_set_str(rec, "status", verdict);
	sd_record_set_int(rec, "solutions", solutions);
	snprintf(text, sizeof text, "%s %lld", verdict, solutions);
	status = sd_emit(run, rec, text);
	return sd_worst(status, SD_EXIT_NO);
}

/* The uniqueness proof, the rating or the hint (what) stopped at -I or
 * -T, or the rating's memory (an allocation that failed all the same is
 * said so): "limit", nothing partial. */
static int past_limit(struct sd_run *run, struct sd_record *rec, const char *what)
{
	const char *limit = sd_level_names[SD_LEVEL_LIMIT];

	if (rt.stats) {
		rt.count.unsolved++;
		return SD_EXIT_NO;
	}
	if (!run->quiet)
		sd_report(run, rec->file, rec->line, "%s before %s",
			  rt.lg.out_of_memory ? "out of memory" : "limit reached", what);
	sd_record_set_str(rec, "level", limit);
	return sd_worst(sd_emit(run, rec, limit), SD_EXIT_NO);
}

/* -v: what the record took, to choose -I by. */
static void report_work(struct sd_run *run, struct sd_record *rec, const char *verdict,
			double start)
{
	double seconds = sd_now() - start;

	if (!run->verbose)
		return;
	if (!run->quiet)
		sd_report(run, rec->file, rec->line, "%s, %lld nodes, %lld units, %.3f s", verdict,
			  rt.res.nodes, rt.lg.work, seconds);
	sd_record_set_new(rec, "stats", json_pack("{s:I,s:I,s:f}", "nodes", (json_int_t)rt.res.nodes,
						  "units", (json_int_t)rt.lg.work, "seconds", seconds));
}

static int rate_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	struct rate *rt = arg;
	/* -I bounds the proof's nodes and the rating's units alike; by
	 * default, the proof has sudoku-bt's nodes */
	struct sd_solve_opts o = { .max_solutions = 2, .limits = sd_run_limits(run),
				   .allowed = rec->cand };
	struct sd_rating r;
	double start = sd_now();
	int status;

	rt->run = run;
	rt->lg.limits = o.limits;
	rt->lg.allowed = o.allowed;
	rt->lg.work = 0;
	rt->lg.out_of_memory = false;
	o.limits.work = sd_run_work(run, sd_solve_default_nodes(&rec->g, &o));
	sd_solve_fastest(&rec->g, rec->puzzle, &o, &rt->res);
	if (rt->res.stop == SD_STOP_INTERRUPTED)
		return SD_EXIT_OK;
	if (rt->res.solutions < 2 && rt->res.stop != SD_STOP_DONE) {
		report_work(run, rec, "limit", start);
		return past_limit(run, rec, "uniqueness was proven");
	}
	if (rt->res.solutions != 1)
		return not_rated(run, rec, rt->res.solutions > 1 ? "multiple" : "nosolution",
				 rt->res.solutions);

	struct sd_buf explanation = { 0 };
	rt->explanation = &explanation;
	rt->steps = json_array();
	sd_rate(&rt->lg, &rec->g, rec->puzzle, SD_TECH_COUNT - 1, &r,
		rt->explain ? explain_step : NULL, rt);
	if (r.limit) {
		sd_buf_free(&explanation);
		json_decref(rt->steps);
		report_work(run, rec, "limit", start);
		return past_limit(run, rec, "the rating was done");
	}
	if (rt->stats) {
		rt->count.level[r.level]++;
		if (r.level != SD_LEVEL_SEARCH) {
			int band = (int)(r.score + 1e-9);
			rt->count.band[band < ER_BANDS ? band : ER_BANDS - 1]++;
			rt->count.hardest[r.hardest >= 0 ? r.hardest : SD_TECH_COUNT]++;
		}
		json_decref(rt->steps);
		return SD_EXIT_OK;
	}

	/* a player's wrong entries and the hint come first: the hint goes on
	 * with the rating's work, and past its limit the record is "limit" */
	struct sd_buf after = { 0 }, hint_lines = { 0 };
	json_t *wrong = rec->has_board ? wrong_cells(rec, rt->res.first, &after) : NULL;
	json_t *hint = rt->hint ? next_hint(rt, rec, &hint_lines) : NULL;
	if (rt->lg.stopped) {
		json_decref(wrong);
		json_decref(hint);
		json_decref(rt->steps);
		sd_buf_free(&after);
		sd_buf_free(&hint_lines);
		sd_buf_free(&explanation);
		report_work(run, rec, "limit", start);
		return past_limit(run, rec, "the hint was found");
	}
	report_work(run, rec, sd_level_names[r.level], start);

	sd_record_set_str(rec, "level", sd_level_names[r.level]);
	sd_buf_puts(&rt->text, sd_level_names[r.level]);
	if (r.level != SD_LEVEL_SEARCH) {
		sd_record_set_new(rec, "score", json_real(r.score));
		sd_record_set_new(rec, "er", json_real(r.score));
		sd_record_set_new(rec, "ep", json_real(r.pearl));
		sd_record_set_new(rec, "ed", json_real(r.diamond));
		if (r.hardest >= 0)
			sd_record_set_str(rec, "hardest", sd_tech_name(r.hardest));
		sd_buf_printf(&rt->text, " %.1f", r.score);
	}
	sd_record_set_new(rec, "techniques", technique_counts(&r));

	if (wrong)
		sd_record_set_new(rec, "wrong", wrong);
	if (hint)
		sd_record_set_new(rec, "hint", hint);
	if (after.len)
		sd_buf_add(&rt->text, after.p, after.len);
	if (hint_lines.len)
		sd_buf_add(&rt->text, hint_lines.p, hint_lines.len);
	sd_buf_free(&after);
	sd_buf_free(&hint_lines);
	if (rt->explain) {
		sd_record_set_new(rec, "steps", rt->steps);
		if (explanation.len)
			sd_buf_add(&rt->text, explanation.p, explanation.len);
	} else {
		json_decref(rt->steps);
	}
	sd_buf_free(&explanation);
	status = sd_emit(run, rec, rt->text.p);
	sd_buf_free(&rt->text);
	return status;
}

SD_MAIN(rt,
	"sudoku-rate", "sudoku-rate [options] [file ...]",
	"Grade puzzles by the techniques they need; hints, explanations, wrong entries.",
	options, "ftAbTIoqvPhV", SD_FMT_TEXT, SD_SEED_NONE,
	{ SD_DEFAULT_RATING_WORK, "units, the uniqueness proof sudoku-bt's nodes" },
	start, rate_record, end)
