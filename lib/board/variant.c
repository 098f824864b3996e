/* A record's rules as data, and their compilation to the units, pairs,
 * cages and allowed digits every engine iterates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/board.h"

const char *const sd_rule_names[] = {
	"row", "column", "box", "region", "diagonal", "extra region", "anti-knight",
	"anti-king", "non-consecutive", "cage", "parity", NULL
};
const char *const sd_extra_names[] = {
	"", "", "windoku", "disjoint", "centre-dot", "asterisk", "girandola", NULL
};

struct sd_rules *sd_rules_new(int n)
{
	struct sd_rules *r = calloc(1, sizeof *r);

	if (r)
		r->n = n;
	return r;
}

struct sd_rules *sd_rules_copy(const struct sd_rules *r)
{
	struct sd_rules *copy = malloc(sizeof *copy);

	if (copy)
		*copy = *r;
	return copy;
}

void sd_rules_free(struct sd_rules *r)
{
	free(r);
}

bool sd_rules_classic(const struct sd_rules *r)
{
	return !r || !sd_rules_used(r);
}

unsigned sd_rules_used(const struct sd_rules *r)
{
	unsigned used = 0;

	if (!r)
		return 0;
	used |= r->jigsaw ? 1u << SD_RULE_REGION : 0;
	used |= r->diagonals ? 1u << SD_RULE_DIAGONAL : 0;
	used |= r->extra_set ? 1u << SD_RULE_EXTRA : 0;
	used |= r->anti_knight ? 1u << SD_RULE_ANTI_KNIGHT : 0;
	used |= r->anti_king ? 1u << SD_RULE_ANTI_KING : 0;
	used |= r->non_consecutive ? 1u << SD_RULE_NON_CONSECUTIVE : 0;
	used |= r->ncages ? 1u << SD_RULE_CAGE : 0;
	used |= r->has_parity ? 1u << SD_RULE_PARITY : 0;
	return used;
}

bool sd_rules_equal(const struct sd_rules *a, const struct sd_rules *b)
{
	if (sd_rules_classic(a) || sd_rules_classic(b))
		return sd_rules_classic(a) == sd_rules_classic(b);
	size_t cells = (size_t)a->n * (size_t)a->n;
	if (a->n != b->n || a->jigsaw != b->jigsaw || a->diagonals != b->diagonals ||
	    a->extra_set != b->extra_set || a->anti_knight != b->anti_knight ||
	    a->anti_king != b->anti_king || a->non_consecutive != b->non_consecutive ||
	    a->has_parity != b->has_parity || a->ncages != b->ncages)
		return false;
	if ((a->jigsaw && memcmp(a->region, b->region, cells)) ||
	    (a->extra_set == SD_EXTRA_BOARD && memcmp(a->extra, b->extra, cells)) ||
	    (a->has_parity && memcmp(a->parity, b->parity, cells)))
		return false;
	for (int k = 0; k < a->ncages; k++) {
		const struct sd_cage *x = &a->cage[k], *y = &b->cage[k];
		if (x->count != y->count || x->sum != y->sum ||
		    memcmp(a->cage_cell + x->first, b->cage_cell + y->first,
			   (size_t)x->count * sizeof *a->cage_cell))
			return false;
	}
	return true;
}

int sd_rules_add_cage(struct sd_rules *r, const int *cells, int count, int sum,
		      char *err, size_t errlen)
{
	int cells_used = r->ncages ? r->cage[r->ncages - 1].first + r->cage[r->ncages - 1].count : 0;
	char name[32];

	if (count < 1 || count > r->n) {
		snprintf(err, errlen, "a cage has %d cells; it must have 1 to %d", count, r->n);
		return -1;
	}
	if (sum && (sum < sd_min_sum(count) || sum > sd_max_sum(r->n, count))) {
		snprintf(err, errlen, "a cage of %d cells cannot add up to %d (%d to %d)", count, sum,
			 sd_min_sum(count), sd_max_sum(r->n, count));
		return -1;
	}
	for (int i = 0; i < count; i++) {
		if (cells[i] < 0 || cells[i] >= r->n * r->n) {
			snprintf(err, errlen, "a cage's cell is off the board");
			return -1;
		}
		/* cages do not overlap: a cell's cage is one */
		for (int j = 0; j < cells_used; j++)
			if (r->cage_cell[j] == cells[i]) {
				struct sd_geom g = { r->n, 0, 0 };
				sd_cell_name(&g, cells[i], name);
				snprintf(err, errlen, "%s is in two cages", name);
				return -1;
			}
		for (int j = 0; j < i; j++)
			if (cells[j] == cells[i]) {
				struct sd_geom g = { r->n, 0, 0 };
				sd_cell_name(&g, cells[i], name);
				snprintf(err, errlen, "a cage names %s twice", name);
				return -1;
			}
	}
	for (int i = 0; i < count; i++)
		r->cage_cell[cells_used + i] = (uint16_t)cells[i];
	r->cage[r->ncages++] = (struct sd_cage){ cells_used, count, sum };
	return 0;
}

/* ---- the named extra regions ------------------------------------------ */

/* The cells of one named set as extra[] (1.. per region): 0, or -1 with
 * a message where the board's shape has no such regions. */
static int named_extra(const struct sd_geom *g, int set, uint8_t *extra, int *count,
		       char *err, size_t errlen)
{
	int n = g->n;
	/* the nine cells of the two 9x9 patterns */
	static const char asterisk[] = "r2c5 r3c3 r3c7 r5c2 r5c5 r5c8 r7c3 r7c7 r8c5";
	static const char girandola[] = "r1c1 r1c9 r2c5 r5c2 r5c5 r5c8 r8c5 r9c1 r9c9";

	memset(extra, 0, (size_t)n * (size_t)n);
	switch (set) {
	case SD_EXTRA_WINDOKU:
		/* windows of a box's size one cell in from the edge and one apart:
		 * (b-1)^2 of them on a board of b×b boxes */
		if (!g->r || g->r != g->c) {
			snprintf(err, errlen, "windoku needs square boxes");
			return -1;
		}
		*count = 0;
		for (int wr = 0; wr < g->r - 1; wr++)
			for (int wc = 0; wc < g->r - 1; wc++) {
				++*count;
				for (int k = 0; k < n; k++) {
					int row = 1 + wr * (g->r + 1) + k / g->r;
					int col = 1 + wc * (g->r + 1) + k % g->r;
					extra[row * n + col] = (uint8_t)*count;
				}
			}
		return 0;
	case SD_EXTRA_DISJOINT:
		if (!g->r) {
			snprintf(err, errlen, "disjoint groups need boxes");
			return -1;
		}
		for (int b = 0; b < n; b++)
			for (int k = 0; k < n; k++)
				extra[sd_box_cell(g, b, k)] = (uint8_t)(k + 1);
		*count = n;
		return 0;
	case SD_EXTRA_CENTRE_DOT:
		if (!g->r || g->r % 2 == 0 || g->c % 2 == 0) {
			snprintf(err, errlen, "centre-dot needs boxes of odd sides");
			return -1;
		}
		for (int b = 0; b < n; b++)
			extra[sd_box_cell(g, b, g->r / 2 * g->c + g->c / 2)] = 1;
		*count = 1;
		return 0;
	case SD_EXTRA_ASTERISK:
	case SD_EXTRA_GIRANDOLA: {
		const char *p = set == SD_EXTRA_ASTERISK ? asterisk : girandola;
		if (n != 9) {
			snprintf(err, errlen, "%s is a 9x9 pattern", sd_extra_names[set]);
			return -1;
		}
		for (; *p; p += p[4] ? 5 : 4)
			extra[(p[1] - '1') * 9 + p[3] - '1'] = 1;
		*count = 1;
		return 0;
	}
	}
	return 0;
}

/* ---- compiling -------------------------------------------------------- */

static void add_unit(struct sd_ruleset *rs, int rule, const int *cells)
{
	int u = rs->nunits++;

	rs->unit_rule[u] = (uint8_t)rule;
	for (int k = 0; k < rs->n; k++) {
		int cell = cells[k];
		rs->unit[u][k] = (uint16_t)cell;
		rs->units_of[cell][rs->nunits_of[cell]++] = (uint16_t)u;
	}
}

/* Units from a board of labels: label l (1..count, 0 none) to unit l. */
static int add_label_units(struct sd_ruleset *rs, int rule, const uint8_t *label, int count,
			   int base, char *err, size_t errlen)
{
	int n = rs->n, cells[SD_MAXN];

	for (int l = 0; l < count; l++) {
		int have = 0;
		for (int i = 0; i < rs->ncells; i++)
			if (label[i] == l + base && have++ < n)
				cells[have - 1] = i;
		if (have != n) {
			snprintf(err, errlen, "%s %d has %d cell%s; each must have %d", sd_rule_names[rule],
				 l + 1, have, have == 1 ? "" : "s", n);
			return -1;
		}
		add_unit(rs, rule, cells);
	}
	return 0;
}

/* The pairs of a move (knight's or king's) from cell, on the board. */
static int moves(int n, int cell, bool king, int *out)
{
	static const int knight_dr[] = { -2, -2, -1, -1, 1, 1, 2, 2 }, knight_dc[] = { -1, 1, -2, 2, -2, 2, -1, 1 };
	static const int king_dr[] = { -1, -1, -1, 0, 0, 1, 1, 1 }, king_dc[] = { -1, 0, 1, -1, 1, -1, 0, 1 };
	const int *dr = king ? king_dr : knight_dr, *dc = king ? king_dc : knight_dc;
	int row = cell / n, col = cell % n, count = 0;

	for (int k = 0; k < 8; k++) {
		int r = row + dr[k], c = col + dc[k];
		if (r >= 0 && r < n && c >= 0 && c < n)
			out[count++] = r * n + c;
	}
	return count;
}

/* Every cell's peers, without repeats: first counted, then written. */
static int build_peers(struct sd_ruleset *rs, const struct sd_rules *r)
{
	int ncells = rs->ncells, n = rs->n, total = 0, apart_total = 0;
	uint16_t *scratch = malloc((size_t)ncells * sizeof *scratch);
	int *stamp = calloc((size_t)ncells, sizeof *stamp);
	uint16_t *list = NULL;

	rs->peer_start = malloc(((size_t)ncells + 1) * sizeof *rs->peer_start);
	rs->apart_start = malloc(((size_t)ncells + 1) * sizeof *rs->apart_start);
	if (!scratch || !stamp || !rs->peer_start || !rs->apart_start)
		goto fail;
	for (int pass = 0; pass < 2; pass++) {
		total = apart_total = 0;
		for (int cell = 0; cell < ncells; cell++) {
			int count = 0, mv[8];
			/* stamps: cell + 1 + pass * ncells marks this cell's peers seen */
			int mark = cell + 1 + pass * ncells;
#define ADD_PEER(x) do { int p_ = (x); if (p_ != cell && stamp[p_] != mark) { stamp[p_] = mark; scratch[count++] = (uint16_t)p_; } } while (0)
			for (int k = 0; k < rs->nunits_of[cell]; k++)
				for (int j = 0; j < n; j++)
					ADD_PEER(rs->unit[rs->units_of[cell][k]][j]);
			if (r && r->anti_knight)
				for (int m = moves(n, cell, false, mv), j = 0; j < m; j++)
					ADD_PEER(mv[j]);
			if (r && r->anti_king)
				for (int m = moves(n, cell, true, mv), j = 0; j < m; j++)
					ADD_PEER(mv[j]);
			if (rs->cage_of[cell] >= 0) {
				const struct sd_cage *cg = &r->cage[rs->cage_of[cell]];
				for (int j = 0; j < cg->count; j++)
					ADD_PEER(r->cage_cell[cg->first + j]);
			}
#undef ADD_PEER
			rs->peer_start[cell] = total;
			if (pass)
				memcpy(list + total, scratch, (size_t)count * sizeof *scratch);
			total += count;
			rs->apart_start[cell] = apart_total;
			if (r && r->non_consecutive) {
				int row = cell / n, col = cell % n;
				int nb[4] = { row ? cell - n : -1, row + 1 < n ? cell + n : -1,
					      col ? cell - 1 : -1, col + 1 < n ? cell + 1 : -1 };
				for (int j = 0; j < 4; j++)
					if (nb[j] >= 0) {
						if (pass)
							rs->apart[apart_total] = (uint16_t)nb[j];
						apart_total++;
					}
			}
		}
		rs->peer_start[ncells] = total;
		rs->apart_start[ncells] = apart_total;
		if (!pass) {
			list = rs->peer = malloc(((size_t)total + 1) * sizeof *rs->peer);
			rs->apart = malloc(((size_t)apart_total + 1) * sizeof *rs->apart);
			if (!rs->peer || !rs->apart)
				goto fail;
		}
	}
	free(scratch);
	free(stamp);
	return 0;
fail:
	free(scratch);
	free(stamp);
	return -1;
}

struct sd_ruleset *sd_ruleset_new(const struct sd_geom *g, const struct sd_rules *r,
				  char *err, size_t errlen)
{
	struct sd_ruleset *rs = calloc(1, sizeof *rs);
	int n = g->n, cells[SD_MAXN];
	uint8_t *label = malloc(SD_MAXCELLS);

	if (!rs || !label) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	if (sd_rules_classic(r))
		r = NULL;
	rs->n = n;
	rs->ncells = n * n;
	rs->all = sd_all_values(n);
	rs->rules = r;
	rs->g = *g;
	if (r && r->n != n) {
		snprintf(err, errlen, "rules for a %dx%d board on a %dx%d board", r->n, r->n, n, n);
		goto fail;
	}
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < n; k++)
			cells[k] = i * n + k;
		add_unit(rs, SD_RULE_ROW, cells);
	}
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < n; k++)
			cells[k] = k * n + i;
		add_unit(rs, SD_RULE_COLUMN, cells);
	}
	if (r && r->jigsaw) {
		rs->g.r = rs->g.c = 0;
		if (add_label_units(rs, SD_RULE_REGION, r->region, n, 0, err, errlen) < 0)
			goto fail;
	} else if (!g->r) {
		snprintf(err, errlen, "size %d has no boxes; it needs jigsaw regions", n);
		goto fail;
	} else {
		for (int b = 0; b < n; b++) {
			for (int k = 0; k < n; k++)
				cells[k] = sd_box_cell(g, b, k);
			add_unit(rs, SD_RULE_BOX, cells);
		}
	}
	if (r && (r->diagonals & SD_DIAGONAL_MAIN)) {
		for (int k = 0; k < n; k++)
			cells[k] = k * n + k;
		add_unit(rs, SD_RULE_DIAGONAL, cells);
	}
	if (r && (r->diagonals & SD_DIAGONAL_ANTI)) {
		for (int k = 0; k < n; k++)
			cells[k] = k * n + n - 1 - k;
		add_unit(rs, SD_RULE_DIAGONAL, cells);
	}
	if (r && r->extra_set) {
		int count = r->nextra;
		const uint8_t *extra = r->extra;
		if (r->extra_set != SD_EXTRA_BOARD) {
			if (named_extra(&rs->g, r->extra_set, label, &count, err, errlen) < 0)
				goto fail;
			extra = label;
		}
		if (add_label_units(rs, SD_RULE_EXTRA, extra, count, 1, err, errlen) < 0)
			goto fail;
	}
	for (int i = 0; i < rs->ncells; i++) {
		rs->cage_of[i] = -1;
		rs->allowed[i] = rs->all;
		if (r && r->has_parity && r->parity[i])
			/* odd digits are bits 0, 2, 4, ... */
			rs->allowed[i] &= r->parity[i] == SD_ODD ? 0x5555555555555555ULL : 0xAAAAAAAAAAAAAAAAULL;
	}
	for (int k = 0; r && k < r->ncages; k++)
		for (int j = 0; j < r->cage[k].count; j++)
			rs->cage_of[r->cage_cell[r->cage[k].first + j]] = (int16_t)k;
	if (build_peers(rs, r) < 0) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	free(label);
	return rs;
fail:
	free(label);
	sd_ruleset_free(rs);
	return NULL;
}

void sd_ruleset_free(struct sd_ruleset *rs)
{
	if (!rs)
		return;
	free(rs->peer_start);
	free(rs->peer);
	free(rs->apart_start);
	free(rs->apart);
	free(rs);
}
