/* The boxed grid of a board with a variant's rules: every cell's edges
 * drawn thick where two regions (boxes, or a jigsaw's) meet, the rules
 * named above the grid, parity shown in the empty cells (o, e), the
 * diagonals and extra regions shaded on a terminal, and the cages, which
 * characters cannot outline, listed below it with their sums. */
#include <string.h>
#include "format/codec.h"
#include "format/look.h"

#define RED "\033[1;31m"
#define GREEN "\033[1;32m"
#define WRONG "\033[1;4;31m"
#define SHADE "\033[48;5;153m"
#define RESET "\033[0m"

static int region(const struct sd_record *rec, int row, int col)
{
	const struct sd_geom *g = &rec->g;
	int n = g->n;

	if (row < 0 || col < 0 || row >= n || col >= n)
		return -1;
	return rec->rules->jigsaw ? rec->rules->region[row * n + col] : sd_box_of(g, row, col);
}

/* Whether the edge between two cells (or a cell and the outside) is a
 * region's border. */
static bool border(const struct sd_record *rec, int r1, int c1, int r2, int c2)
{
	return region(rec, r1, c1) != region(rec, r2, c2);
}

/* The corner at the top-left of cell (row, col): its four arms. */
static void corner(struct sd_buf *b, const struct sd_record *rec, int row, int col, bool unicode)
{
	static const char *const box[16] = {
		" ", "╵", "╷", "│", "╴", "┘", "┐", "┤", "╶", "└", "┌", "├", "─", "┴", "┬", "┼"
	};
	bool up = border(rec, row - 1, col - 1, row - 1, col);
	bool down = border(rec, row, col - 1, row, col);
	bool left = border(rec, row - 1, col - 1, row, col - 1);
	bool right = border(rec, row - 1, col, row, col);
	int arms = up | down << 1 | left << 2 | right << 3;

	if (unicode)
		sd_buf_puts(b, box[arms]);
	else
		sd_buf_putc(b, !arms ? ' ' : arms == 3 ? '|' : arms == 12 ? '-' : '+');
}

void sd_put_pretty_rules(struct sd_buf *b, const struct sd_record *rec,
			 const struct sd_alphabet *a, int color, bool unicode)
{
	const struct sd_rules *r = rec->rules;
	int n = rec->g.n, digits = n > SD_MAXLINE_N ? 2 : 1, width = digits + 2;
	const uint8_t *v = sd_values(rec);
	bool clash[SD_MAXCELLS], wrong[SD_MAXCELLS], shaded[SD_MAXCELLS] = { false };
	char words[160], err[160];
	struct sd_ruleset *rs = sd_ruleset_new(&rec->g, r, err, sizeof err);

	for (int u = 0; rs && u < rs->nunits; u++)
		if (rs->unit_rule[u] == SD_RULE_DIAGONAL || rs->unit_rule[u] == SD_RULE_EXTRA)
			for (int k = 0; k < n; k++)
				shaded[rs->unit[u][k]] = true;
	sd_look_clashes(rs, v, clash);
	sd_ruleset_free(rs);
	sd_wrong_cells(rec, wrong);
	if (rec->id) {
		sd_buf_put_shown(b, rec->id);
		sd_buf_putc(b, '\n');
	}
	sd_look_rules_words(r, words, sizeof words);
	sd_buf_printf(b, "%s\n", words);
	for (int row = 0; row <= n; row++) {
		/* the line above the row: a border's dashes over each cell,
		 * left out where it has none */
		size_t start = b->len;
		bool any = false;
		for (int col = 0; col <= n; col++) {
			corner(b, rec, row, col, unicode);
			for (int k = 0; col < n && k < width; k++) {
				bool dash = border(rec, row - 1, col, row, col);
				sd_buf_puts(b, dash ? unicode ? "─" : "-" : " ");
				any |= dash;
			}
		}
		if (any)
			sd_buf_putc(b, '\n');
		else if (!b->failed)
			b->len = start;
		if (row == n)
			break;
		for (int col = 0; col <= n; col++) {
			sd_buf_puts(b, border(rec, row, col - 1, row, col) ? unicode ? "│" : "|" : " ");
			if (col == n)
				break;
			int i = row * n + col, d = v[i];
			const char *ink = wrong[i] ? WRONG : clash[i] ? RED : rec->puzzle[i] ? GREEN : NULL;
			/* without colour, a mark tells wrong entries and clashes */
			sd_buf_putc(b, color ? ' ' : wrong[i] ? '?' : clash[i] ? '*' : ' ');
			if (color && shaded[i])
				sd_buf_puts(b, SHADE);
			if (color && ink && d)
				sd_buf_puts(b, ink);
			if (d && digits == 1)
				sd_buf_putc(b, a->symbol[d]);
			else if (d)
				sd_buf_printf(b, "%2d", d);
			else
				sd_buf_printf(b, "%*s", digits, r->has_parity && r->parity[i] ?
					      r->parity[i] == SD_ODD ? "o" : "e" : ".");
			if (color && (shaded[i] || (ink && d)))
				sd_buf_puts(b, RESET);
			sd_buf_putc(b, ' ');
		}
		sd_buf_putc(b, '\n');
	}
	for (int k = 0; k < r->ncages; k++) {
		char name[32];
		const struct sd_cage *cg = &r->cage[k];
		sd_buf_printf(b, k ? "\n" : "cages:\n");
		if (cg->sum)
			sd_buf_printf(b, "%4d:", cg->sum);
		else
			sd_buf_puts(b, "   -:");
		for (int j = 0; j < cg->count; j++) {
			sd_cell_name(&rec->g, r->cage_cell[cg->first + j], name);
			sd_buf_printf(b, " %s", name);
		}
	}
	sd_buf_puts(b, r->ncages ? "\n\n" : "\n");
}
