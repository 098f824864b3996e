/* sudoku-fill: a complete starting board for local search, givens untouched;
 * under a variant's rules its boxes or jigsaw regions filled as boxes. */
#include <string.h>
#include "local/local.h"
#include "frame/frame.h"

struct fill_opts { int kind; };

static const struct sd_option options[] = {
	SD_WORD('k', "kind", "KIND", "box (default), box-sequential, row, random",
		SD_AT(struct fill_opts, kind), sd_fill_names, SD_FILL_BOX, SD_FILL_RANDOM, "fill kind"),
	SD_END
};
static struct fill_opts fo = { SD_FILL_BOX };

/* The seed is in the record unless the fill uses none. */
static int start(struct sd_run *run, void *ctx)
{
	if (((const struct fill_opts *)ctx)->kind != SD_FILL_BOX_SEQUENTIAL)
		sd_run_keys(run, "seed", NULL);
	run->in.rules_honoured = SD_RULES_ALL;
	return SD_EXIT_OK;
}

static int fill_record(struct sd_run *run, struct sd_record *rec, void *arg)
{
	const struct fill_opts *fo = arg;
	struct sd_rng rng;
	uint64_t seed = sd_record_seed(run->seed, rec);

	sd_rng_seed(&rng, seed);
	memcpy(rec->board, rec->puzzle, (size_t)sd_cells(&rec->g));
	rec->has_board = true;
	if (rec->rules) {
		/* the reader compiled them once already: only memory can fail here */
		char err[256];
		struct sd_ruleset *rs = sd_ruleset_new(&rec->g, rec->rules, err, sizeof err);
		if (!rs) {
			sd_report(run, rec->file, rec->line, "%s", err);
			return SD_EXIT_TROUBLE;
		}
		sd_fill_rules(rs, rec->board, fo->kind, &rng);
		sd_ruleset_free(rs);
	} else {
		sd_fill(&rec->g, rec->board, fo->kind, &rng);
	}
	if (fo->kind != SD_FILL_BOX_SEQUENTIAL)
		sd_record_set_int(rec, "seed", (long long)run->seed);
	return sd_emit(run, rec, NULL);
}

SD_MAIN(fo,
	"sudoku-fill", "sudoku-fill [options] [file ...]",
	"Fill every empty cell to make a starting board for local search.",
	options, "ftAboqvPhV", SD_FMT_AUTO, SD_SEED_CLOCK, { 0, NULL }, start, fill_record, NULL)
