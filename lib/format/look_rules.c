/* A variant's rules in a board's picture, as format/look.h describes. */
#include <stdio.h>
#include <string.h>
#include "format/codec.h"
#include "format/look.h"

/* Each cell's region: its jigsaw region, or its box. */
static int region_of(const struct sd_record *rec, int cell)
{
	const struct sd_geom *g = &rec->g;

	if (rec->rules->jigsaw)
		return rec->rules->region[cell];
	return sd_box_of(g, cell / g->n, cell % g->n);
}

static int cage_at(const struct sd_record *rec, const int16_t *cage_of, int row, int col)
{
	int n = rec->g.n;

	return row < 0 || col < 0 || row >= n || col >= n ? -1 : cage_of[row * n + col];
}

static void cages_of_cells(const struct sd_rules *r, int16_t *cage_of)
{
	for (int i = 0; i < r->n * r->n; i++)
		cage_of[i] = -1;
	for (int k = 0; k < r->ncages; k++)
		for (int j = 0; j < r->cage[k].count; j++)
			cage_of[r->cage_cell[r->cage[k].first + j]] = (int16_t)k;
}

void sd_look_rules_grounds(const struct sd_record *rec, const struct sd_ruleset *rs, double x0,
			   double y0, double cell, const struct sd_pen *pen)
{
	const struct sd_rules *r = rec->rules;
	int n = rec->g.n;

	for (int u = 0; rs && u < rs->nunits; u++)
		if (rs->unit_rule[u] == SD_RULE_EXTRA)
			for (int k = 0; k < n; k++) {
				int i = rs->unit[u][k];
				pen->rect(pen->ctx, x0 + i % n * cell, y0 + i / n * cell, cell, cell,
					  SD_INK_EXTRA_CELL);
			}
	for (int i = 0; r->has_parity && i < n * n; i++) {
		double x = x0 + i % n * cell, y = y0 + i / n * cell;
		if (r->parity[i] == SD_ODD)
			pen->circle(pen->ctx, x + cell / 2, y + cell / 2, cell * 0.4, SD_INK_PARITY);
		else if (r->parity[i] == SD_EVEN)
			pen->rect(pen->ctx, x + cell * 0.12, y + cell * 0.12, cell * 0.76, cell * 0.76,
				  SD_INK_PARITY);
	}
}

/* One side of a cage's cell, inset by d: its ends run on to meet the next
 * cell's side (the neighbour along it in the cage), or d further round a
 * corner that turns inward (the diagonal cell in the cage too). */
static void cage_side(const struct sd_pen *pen, double x, double y, double cell, double d,
		      int side, bool before, bool before_corner, bool after, bool after_corner)
{
	double from = !before ? d : before_corner ? -d : 0;
	double to = !after ? cell - d : after_corner ? cell + d : cell;

	switch (side) {
	case 0: pen->line(pen->ctx, x + from, y + d, x + to, y + d, SD_INK_CAGE); break;
	case 1: pen->line(pen->ctx, x + from, y + cell - d, x + to, y + cell - d, SD_INK_CAGE); break;
	case 2: pen->line(pen->ctx, x + d, y + from, x + d, y + to, SD_INK_CAGE); break;
	default: pen->line(pen->ctx, x + cell - d, y + from, x + cell - d, y + to, SD_INK_CAGE); break;
	}
}

void sd_look_rules_lines(const struct sd_record *rec, double x0, double y0, double cell,
			 const struct sd_pen *pen)
{
	const struct sd_rules *r = rec->rules;
	int n = rec->g.n;
	double side = cell * n;

	if (r->diagonals & SD_DIAGONAL_MAIN)
		pen->line(pen->ctx, x0, y0, x0 + side, y0 + side, SD_INK_DIAGONAL);
	if (r->diagonals & SD_DIAGONAL_ANTI)
		pen->line(pen->ctx, x0 + side, y0, x0, y0 + side, SD_INK_DIAGONAL);
	if (r->jigsaw) {
		/* thin lines between cells, thick where regions meet and round the edge */
		for (int k = 1; k < n; k++) {
			pen->line(pen->ctx, x0 + k * cell, y0, x0 + k * cell, y0 + side, SD_INK_THIN);
			pen->line(pen->ctx, x0, y0 + k * cell, x0 + side, y0 + k * cell, SD_INK_THIN);
		}
		for (int i = 0; i < n * n; i++) {
			int row = i / n, col = i % n;
			double x = x0 + col * cell, y = y0 + row * cell;
			if (col + 1 < n && region_of(rec, i) != region_of(rec, i + 1))
				pen->line(pen->ctx, x + cell, y, x + cell, y + cell, SD_INK_THICK);
			if (row + 1 < n && region_of(rec, i) != region_of(rec, i + n))
				pen->line(pen->ctx, x, y + cell, x + cell, y + cell, SD_INK_THICK);
		}
		pen->line(pen->ctx, x0, y0, x0 + side, y0, SD_INK_THICK);
		pen->line(pen->ctx, x0, y0 + side, x0 + side, y0 + side, SD_INK_THICK);
		pen->line(pen->ctx, x0, y0, x0, y0 + side, SD_INK_THICK);
		pen->line(pen->ctx, x0 + side, y0, x0 + side, y0 + side, SD_INK_THICK);
	}
	if (!r->ncages)
		return;
	int16_t cage_of[SD_MAXCELLS];
	double d = cell * 0.08;
	cages_of_cells(r, cage_of);
	for (int i = 0; i < n * n; i++) {
		int k = cage_of[i], row = i / n, col = i % n;
		if (k < 0)
			continue;
#define IN(dr, dc) (cage_at(rec, cage_of, row + (dr), col + (dc)) == k)
		double x = x0 + col * cell, y = y0 + row * cell;
		if (!IN(-1, 0))
			cage_side(pen, x, y, cell, d, 0, IN(0, -1), IN(-1, -1), IN(0, 1), IN(-1, 1));
		if (!IN(1, 0))
			cage_side(pen, x, y, cell, d, 1, IN(0, -1), IN(1, -1), IN(0, 1), IN(1, 1));
		if (!IN(0, -1))
			cage_side(pen, x, y, cell, d, 2, IN(-1, 0), IN(-1, -1), IN(1, 0), IN(1, -1));
		if (!IN(0, 1))
			cage_side(pen, x, y, cell, d, 3, IN(-1, 0), IN(-1, 1), IN(1, 0), IN(1, 1));
#undef IN
	}
}

void sd_look_rules_sums(const struct sd_record *rec, double x0, double y0, double cell,
			const struct sd_pen *pen)
{
	const struct sd_rules *r = rec->rules;
	int n = rec->g.n;

	for (int k = 0; k < r->ncages; k++) {
		const struct sd_cage *cg = &r->cage[k];
		int first = r->cage_cell[cg->first];
		char sum[16];
		if (!cg->sum)
			continue;
		/* the sum goes in the cage's top-left cell, on paper that
		 * breaks the dashes under it */
		for (int j = 1; j < cg->count; j++)
			if (r->cage_cell[cg->first + j] < first)
				first = r->cage_cell[cg->first + j];
		snprintf(sum, sizeof sum, "%d", cg->sum);
		double x = x0 + first % n * cell, y = y0 + first / n * cell, size = cell * 0.26;
		double width = size * 0.62 * (double)strlen(sum);
		pen->rect(pen->ctx, x + cell * 0.04, y + cell * 0.03, width + cell * 0.06, size * 1.05,
			  SD_INK_PAPER);
		pen->text(pen->ctx, x + cell * 0.07 + width / 2, y + cell * 0.03 + size * 0.85, size,
			  width * 1.2, SD_INK_SUM, sum);
	}
}

static bool clash_found(void *arg, const struct sd_broken *b)
{
	bool *clash = arg;

	if (b->cell >= 0)
		clash[b->cell] = true;
	/* a cage's wrong sum marks no cell; the pair rules mark both */
	if (b->cell >= 0 && b->rule != SD_RULE_PARITY)
		clash[b->other] = true;
	return true;
}

void sd_look_clashes(const struct sd_ruleset *rs, const uint8_t *v, bool *clash)
{
	memset(clash, 0, SD_MAXCELLS * sizeof *clash);
	if (rs)
		sd_rules_broken(rs, v, clash_found, clash);
}

void sd_look_rules_words(const struct sd_rules *r, char *buf, size_t len)
{
	static const char *const diagonal[] = { "", "X (main diagonal)", "X (anti-diagonal)", "X" };
	const char *said[10];
	int count = 0;
	size_t at = 0;

	buf[0] = '\0';
	if (!r)
		return;
	if (r->diagonals)
		said[count++] = diagonal[r->diagonals];
	if (r->jigsaw)
		said[count++] = "jigsaw";
	if (r->extra_set)
		said[count++] = r->extra_set == SD_EXTRA_BOARD ? "extra regions" : sd_extra_names[r->extra_set];
	if (r->anti_knight)
		said[count++] = "anti-knight";
	if (r->anti_king)
		said[count++] = "anti-king";
	if (r->non_consecutive)
		said[count++] = "non-consecutive";
	if (r->ncages)
		said[count++] = "killer";
	if (r->has_parity)
		said[count++] = "odd/even";
	for (int k = 0; k < count && at < len; k++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", k ? ", " : "", said[k]);
}
