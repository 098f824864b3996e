/* Starting boards for local search: every empty cell gets a digit. */
#include "local/local.h"

const char *const sd_fill_names[] = { "box", "box-sequential", "row", "random", NULL };

/* Puts the digits a unit lacks into its empty cells, in order or shuffled. */
static void fill_unit(int n, uint8_t *v, const int *cells, bool shuffle, struct sd_rng *rng)
{
	uint8_t missing[SD_MAXN];
	uint64_t present = 0;
	int count = 0, k = 0;

	for (int i = 0; i < n; i++)
		if (v[cells[i]])
			present |= 1ULL << (v[cells[i]] - 1);
	for (int d = 1; d <= n; d++)
		if (!(present & (1ULL << (d - 1))))
			missing[count++] = (uint8_t)d;
	if (shuffle)
		sd_rng_shuffle(rng, missing, count);
	/* repeated givens leave more digits missing than cells empty */
	for (int i = 0; i < n && k < count; i++)
		if (!v[cells[i]])
			v[cells[i]] = missing[k++];
}

static void fill_random(int n, uint8_t *v, struct sd_rng *rng)
{
	for (int i = 0; i < n * n; i++)
		if (!v[i])
			v[i] = (uint8_t)(1 + sd_rng_below(rng, (uint32_t)n));
}

void sd_fill(const struct sd_geom *g, uint8_t *v, int kind, struct sd_rng *rng)
{
	int n = g->n, cells[SD_MAXN];

	if (kind == SD_FILL_RANDOM) {
		fill_random(n, v, rng);
		return;
	}
	for (int u = 0; u < n; u++) {
		for (int k = 0; k < n; k++)
			cells[k] = kind == SD_FILL_ROW ? u * n + k : sd_box_cell(g, u, k);
		fill_unit(n, v, cells, kind != SD_FILL_BOX_SEQUENTIAL, rng);
	}
}

/* The ruleset's rows, and its boxes or jigsaw regions, in the order of
 * its units: the same fills as sd_fill's on a board with boxes. */
void sd_fill_rules(const struct sd_ruleset *rs, uint8_t *v, int kind, struct sd_rng *rng)
{
	int n = rs->n, cells[SD_MAXN];
	int want = kind == SD_FILL_ROW ? SD_RULE_ROW : SD_RULE_BOX;

	if (kind == SD_FILL_RANDOM) {
		fill_random(n, v, rng);
		return;
	}
	for (int u = 0; u < rs->nunits; u++) {
		int rule = rs->unit_rule[u] == SD_RULE_REGION ? SD_RULE_BOX : rs->unit_rule[u];
		if (rule != want)
			continue;
		for (int k = 0; k < n; k++)
			cells[k] = rs->unit[u][k];
		fill_unit(n, v, cells, kind != SD_FILL_BOX_SEQUENTIAL, rng);
	}
}
