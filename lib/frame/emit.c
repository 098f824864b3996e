/* Writing a tool's records, and the end of a local search. */
#include <stdarg.h>
#include <string.h>
#include "frame/frame.h"

void sd_run_keys(struct sd_run *run, ...)
{
	struct sd_write_opts *o = &run->out;
	va_list ap;
	const char *key;

	va_start(ap, run);
	while ((key = va_arg(ap, const char *))) {
		bool known = false;
		for (int i = 0; i < o->nkeys; i++)
			known |= !strcmp(o->keys[i], key);
		if (!known && o->nkeys < SD_MAX_TOOL_KEYS)
			o->keys[o->nkeys++] = key;
	}
	va_end(ap);
}

int sd_emit(struct sd_run *run, const struct sd_record *rec, const char *text)
{
	/* a signal drops the record in hand, however far it got: the loop
	 * then dies by the signal */
	if (sd_run_interrupted())
		return SD_EXIT_OK;
	if (sd_writer_put(run->writer, rec, text) == 0)
		return SD_EXIT_OK;
	if (*sd_writer_error(run->writer))
		sd_report(run, rec->file, rec->line, "%s", sd_writer_error(run->writer));
	return SD_EXIT_TROUBLE;
}

static int emit_local(struct sd_run *run, struct sd_record *rec, const struct sd_ruleset *rules,
		      const struct sd_local_outcome *out)
{
	static const char *const words[] = { "solved", "unsolved", "nosolution" };
	double rate = out->seconds > 0 ? out->moves / out->seconds : 0.0;
	bool solved = out->status == 0;
	const char *key;
	json_t *v;

	if (!run->quiet && !solved)
		sd_report(run, rec->file, rec->line, out->status == 2 ? "no solution" :
			  "unsolved: best cost %d after %lld move%s", out->best_cost, out->moves,
			  sd_plural(out->moves));
	if (run->verbose && !run->quiet) {
		struct sd_buf line = { 0 };
		sd_buf_printf(&line, "%s, cost %d, %lld moves", words[out->status], out->best_cost,
			      out->moves);
		json_object_foreach(out->stats, key, v)
			if (strcmp(key, "moves"))
				sd_buf_printf(&line, ", %g %s", json_number_value(v), key);
		sd_buf_printf(&line, ", %.3f s, %.0f moves/s", out->seconds, rate);
		sd_report(run, rec->file, rec->line, "%s", line.p ? line.p : "");
		sd_buf_free(&line);
	}
	rec->has_board = out->status != 2;
	if (rec->has_board)
		memcpy(rec->board, out->best, (size_t)sd_cells(&rec->g));
	sd_record_set_str(rec, "status", words[out->status]);
	if (rec->has_board) {
		sd_record_set_int(rec, "cost", rules ? sd_ruleset_cost(rules, out->best, run->metric) :
				  sd_cost(&rec->g, out->best, run->metric));
		sd_record_set_str(rec, "metric", sd_metric_names[run->metric]);
	}
	sd_record_set_int(rec, "seed", (long long)run->seed);
	if (run->verbose) {
		json_object_set_new(out->stats, "seconds", json_real(out->seconds));
		json_object_set_new(out->stats, "moves_per_second", json_real(rate));
	}
	sd_record_set_new(rec, "stats", out->stats);
	return sd_worst(sd_emit(run, rec, NULL), solved ? SD_EXIT_OK : SD_EXIT_NO);
}

int sd_run_local(struct sd_run *run, struct sd_record *rec, sd_local_fn *search, void *ctx)
{
	double start = sd_now();
	struct sd_limits lim = sd_run_limits(run);
	struct sd_local_outcome out = { 0 };
	struct sd_ruleset *rules = NULL;
	char err[256];
	int status;

	/* the reader compiled them once already: only memory can fail here */
	if (rec->rules && !(rules = sd_ruleset_new(&rec->g, rec->rules, err, sizeof err))) {
		sd_report(run, rec->file, rec->line, "%s", err);
		return SD_EXIT_TROUBLE;
	}
	if (!search(rec, rules, sd_record_seed(run->seed, rec), &lim, ctx, &out)) {
		json_decref(out.stats);
		sd_ruleset_free(rules);
		return SD_EXIT_OK;      /* the loop dies by the signal; drop the record */
	}
	out.seconds = sd_now() - start;
	status = emit_local(run, rec, rules, &out);
	sd_ruleset_free(rules);
	return status;
}
