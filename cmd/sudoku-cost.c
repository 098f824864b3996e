/* sudoku-cost: score boards under the sources' cost functions, list
 * conflicts, check solutions. */
#include <string.h>
#include "frame/frame.h"

struct cost_opts { bool list, check; };

#define AT(field) SD_AT(struct cost_opts, field)
static const struct sd_option options[] = {
	SD_FLAG('l', "list", "list the cells that break a rule", AT(list)),
	SD_FLAG(0, "check", "exit 1 unless every board is a valid solution", AT(check)),
	SD_END
};
static struct cost_opts co;

/* A board that changes a given fails the check; it is no bad input.  The
 * keys the options add. */
static int start(struct sd_run *run, void *arg)
{
	const struct cost_opts *co = arg;

	run->in.keep_changed_givens = co->check;
	sd_run_keys(run, "cost", "metric", co->check ? "check" : NULL, NULL);
	if (co->list)
		sd_run_keys(run, "conflicts", NULL);
	return SD_EXIT_OK;
}

static int cost_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	const struct cost_opts *co = arg;
	const uint8_t *v = sd_values(rec);
	int cost = sd_cost(&rec->g, v, run->metric), status = 0;
	struct sd_buf text = { 0 };
	bool conflict[SD_MAXCELLS];

	sd_record_set_int(rec, "cost", cost);
	sd_record_set_str(rec, "metric", sd_metric_names[run->metric]);
	if (co->check) {
		bool complete = memchr(v, 0, (size_t)sd_cells(&rec->g)) == NULL;
		const char *verdict = !complete ? "incomplete" :
			sd_is_solution(&rec->g, v) && !rec->changes_given ? "valid" : "invalid";
		if (rec->changes_given && !run->quiet) {
			char name[32];
			sd_cell_name(&rec->g, rec->changed_cell, name);
			sd_report(run, rec->file, rec->line, "board changes the given at %s", name);
		}
		sd_record_set_str(rec, "check", verdict);
		sd_buf_printf(&text, "%s ", verdict);
		status = strcmp(verdict, "valid") ? SD_EXIT_NO : SD_EXIT_OK;
	}
	sd_buf_printf(&text, "%d", cost);
	if (co->list) {
		json_t *cells = json_array();
		sd_conflicts(&rec->g, v, conflict);
		for (int i = 0; i < sd_cells(&rec->g); i++) {
			char name[32];
			if (!conflict[i])
				continue;
			sd_cell_name(&rec->g, i, name);
			sd_buf_printf(&text, " %s", name);
			json_array_append_new(cells, json_string(name));
		}
		sd_record_set_new(rec, "conflicts", cells);
	}
	int emitted = sd_emit(run, rec, text.p);
	sd_buf_free(&text);
	return sd_worst(emitted, status);
}

SD_MAIN(co,
	"sudoku-cost", "sudoku-cost [options] [file ...]",
	"Print the cost of each board; check solutions.",
	options, "ftAbmoqvPhV", SD_FMT_TEXT, SD_SEED_NONE, { 0, NULL }, start, cost_record, NULL)
