/* sudoku-cost: score boards under the sources' cost functions, list
 * conflicts, check solutions. */
#include <string.h>
#include "sudoku.h"

enum { OPT_CHECK = 256 };

struct cost_opts { bool list, check; };

static int option(int opt, const char *arg, void *ctx)
{
	struct cost_opts *co = ctx;

	(void)arg;
	if (opt == 'l')
		co->list = true;
	else if (opt == OPT_CHECK)
		co->check = true;
	else
		return -1;
	return 0;
}

static int cost_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	const struct cost_opts *co = arg;
	const uint8_t *v = sd_values(rec);
	int cost = sd_cost(&rec->g, v, run->metric), status = 0;
	struct sd_buf text = { 0 };
	bool conflict[SD_MAXCELLS];

	sd_record_set_int(rec, "cost", cost);
	sd_record_set_str(rec, "metric", sd_metric_name(run->metric));
	if (co->check) {
		bool complete = memchr(v, 0, (size_t)sd_cells(&rec->g)) == NULL;
		const char *verdict = !complete ? "incomplete" :
			sd_is_solution(&rec->g, v) ? "valid" : "invalid";
		sd_record_set_str(rec, "check", verdict);
		sd_buf_printf(&text, "%s ", verdict);
		status = strcmp(verdict, "valid") ? 1 : 0;
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
	if (rec->id)
		sd_buf_printf(&text, " %s", rec->id);
	int emitted = sd_emit(run, rec, text.p);
	sd_buf_free(&text);
	return emitted > status ? emitted : status;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "list", no_argument, NULL, 'l' },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ 0, 0, 0, 0 }
	};
	static const struct sd_tool tool = {
		.name = "sudoku-cost",
		.usage = "sudoku-cost [options] [file ...]\n"
			 "Print the cost of each board; check solutions.\n"
			 "  -l, --list                 list the cells that break a rule\n"
			 "  --check                    exit 1 unless every board is a valid solution",
		.shared = "ftAbmoqvPhV",
		.shortopts = "l",
		.longopts = longopts,
		.option = option,
		.default_output = SD_FMT_TEXT,
	};
	struct cost_opts co = { false, false };
	struct sd_run run;
	int first = sd_run_options(&run, &tool, argc, argv, &co);

	return sd_run_loop(&run, argv + first, argc - first, cost_record, &co);
}
