/* sudoku-cost: score boards under the sources' cost functions, list
 * conflicts, check solutions. */
#include <stdlib.h>
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
	run->in.rules_honoured = SD_RULES_ALL;
	sd_run_keys(run, "cost", "metric", co->check ? "check" : NULL, NULL);
	if (co->list)
		sd_run_keys(run, "conflicts", "broken", NULL);
	return SD_EXIT_OK;
}

/* What a record's rules make of v: its cost, whether it keeps them, and
 * under -l the cells of every rule broken, and the rules as words. */
struct judged { int cost; bool kept; bool conflict[SD_MAXCELLS]; json_t *broken; };

static bool note_broken(void *arg, const struct sd_broken *b)
{
	void **ctx = arg;
	struct judged *j = ctx[0];
	const struct sd_ruleset *rs = ctx[1];
	const uint8_t *v = ctx[2];
	char text[200];

	if (b->cell >= 0)
		j->conflict[b->cell] = true;
	if (b->rule == SD_RULE_CAGE && b->cell < 0) {
		const struct sd_cage *cg = &rs->rules->cage[b->index];
		for (int k = 0; k < cg->count; k++)
			j->conflict[rs->rules->cage_cell[cg->first + k]] = true;
	} else if (b->rule != SD_RULE_PARITY) {
		j->conflict[b->other] = true;
	}
	if (j->broken) {
		sd_broken_text(rs, v, b, text, sizeof text);
		json_t *one = json_object();
		json_object_set_new(one, "rule", json_string(sd_rule_names[b->rule]));
		json_object_set_new(one, "what", json_string(text));
		json_array_append_new(j->broken, one);
	}
	return true;
}

/* 0, or -1 with the record's rules that make no board reported. */
static int judge(struct sd_run *run, const struct sd_record *rec, const uint8_t *v, bool list,
		 struct judged *j)
{
	char err[200];

	memset(j->conflict, 0, (size_t)sd_cells(&rec->g) * sizeof *j->conflict);
	j->broken = NULL;
	if (!rec->rules) {
		j->cost = sd_cost(&rec->g, v, run->metric);
		j->kept = sd_is_solution(&rec->g, v);
		if (list)
			sd_conflicts(&rec->g, v, j->conflict);
		return 0;
	}
	struct sd_ruleset *rs = sd_ruleset_new(&rec->g, rec->rules, err, sizeof err);
	if (!rs) {
		sd_report(run, rec->file, rec->line, "%s", err);
		return -1;
	}
	void *ctx[3] = { j, rs, (void *)v };
	j->cost = sd_ruleset_cost(rs, v, run->metric);
	j->kept = sd_ruleset_solved(rs, v);
	if (list)
		j->broken = json_array();
	sd_rules_broken(rs, v, note_broken, ctx);
	sd_ruleset_free(rs);
	return 0;
}

static int cost_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	const struct cost_opts *co = arg;
	const uint8_t *v = sd_values(rec);
	int status = 0;
	struct sd_buf text = { 0 };
	struct judged *j = malloc(sizeof *j);

	if (!j || judge(run, rec, v, co->list, j) < 0) {
		if (!j)
			sd_report(run, rec->file, rec->line, "out of memory");
		free(j);
		return SD_EXIT_TROUBLE;
	}
	sd_record_set_int(rec, "cost", j->cost);
	sd_record_set_str(rec, "metric", sd_metric_names[run->metric]);
	if (co->check) {
		bool complete = memchr(v, 0, (size_t)sd_cells(&rec->g)) == NULL;
		const char *verdict = !complete ? "incomplete" :
			j->kept && !rec->changes_given ? "valid" : "invalid";
		if (rec->changes_given && !run->quiet) {
			char name[32];
			sd_cell_name(&rec->g, rec->changed_cell, name);
			sd_report(run, rec->file, rec->line, "board changes the given at %s", name);
		}
		sd_record_set_str(rec, "check", verdict);
		sd_buf_printf(&text, "%s ", verdict);
		status = strcmp(verdict, "valid") ? SD_EXIT_NO : SD_EXIT_OK;
	}
	sd_buf_printf(&text, "%d", j->cost);
	if (co->list) {
		json_t *cells = json_array();
		for (int i = 0; i < sd_cells(&rec->g); i++) {
			char name[32];
			if (!j->conflict[i])
				continue;
			sd_cell_name(&rec->g, i, name);
			sd_buf_printf(&text, " %s", name);
			json_array_append_new(cells, json_string(name));
		}
		sd_record_set_new(rec, "conflicts", cells);
		/* a variant's breaks named: which rule, in words */
		if (j->broken) {
			size_t k;
			json_t *one;
			json_array_foreach(j->broken, k, one)
				sd_buf_printf(&text, "%s%s", k ? "; " : " (", json_string_value(json_object_get(one, "what")));
			if (json_array_size(j->broken))
				sd_buf_putc(&text, ')');
			sd_record_set_new(rec, "broken", j->broken);
		}
	}
	free(j);
	int emitted = sd_emit(run, rec, text.p);
	sd_buf_free(&text);
	return sd_worst(emitted, status);
}

SD_MAIN(co,
	"sudoku-cost", "sudoku-cost [options] [file ...]",
	"Print the cost of each board; check solutions.",
	options, "ftAbmoqvPhV", SD_FMT_TEXT, SD_SEED_NONE, { 0, NULL }, start, cost_record, NULL)
