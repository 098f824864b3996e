/* The two cost functions of the sources, conflicts and solution checks. */
#include <string.h>
#include "board/board.h"

const char *const sd_metric_names[] = { "missing", "dup", NULL };

int sd_unit_cost(const uint8_t *v, const uint16_t *cells, int n, int metric)
{
	uint64_t seen = 0;
	int filled = 0, distinct = 0;

	for (int k = 0; k < n; k++) {
		int d = v[cells[k]];
		if (!d)
			continue;
		filled++;
		if (!(seen & (1ULL << (d - 1)))) {
			seen |= 1ULL << (d - 1);
			distinct++;
		}
	}
	/* missing: digits absent from the unit; dup: repeats within it */
	return metric == SD_DUP ? filled - distinct : n - distinct;
}

int sd_cost(const struct sd_geom *g, const uint8_t *v, int metric)
{
	int n = g->n, units = metric == SD_DUP ? 3 * n : 2 * n, cost = 0;
	uint16_t cells[SD_MAXN];

	for (int u = 0; u < units; u++) {
		for (int k = 0; k < n; k++)
			cells[k] = (uint16_t)sd_unit_cell(g, u, k);
		cost += sd_unit_cost(v, cells, n, metric);
	}
	return cost;
}

int sd_conflicts(const struct sd_geom *g, const uint8_t *v, bool *conflict)
{
	int n = g->n, count = 0;

	memset(conflict, 0, (size_t)(n * n) * sizeof *conflict);
	for (int u = 0; u < 3 * n; u++) {
		uint64_t seen = 0, repeated = 0;
		for (int k = 0; k < n; k++) {
			int d = v[sd_unit_cell(g, u, k)];
			if (!d)
				continue;
			if (seen & (1ULL << (d - 1)))
				repeated |= 1ULL << (d - 1);
			seen |= 1ULL << (d - 1);
		}
		if (!repeated)
			continue;
		for (int k = 0; k < n; k++) {
			int cell = sd_unit_cell(g, u, k), d = v[cell];
			if (d && (repeated & (1ULL << (d - 1))) && !conflict[cell]) {
				conflict[cell] = true;
				count++;
			}
		}
	}
	return count;
}

int sd_wrong_entries(const struct sd_geom *g, const uint8_t *puzzle, const uint8_t *board,
		     const uint8_t *solution, bool *wrong)
{
	int count = 0;

	for (int c = 0; c < sd_cells(g); c++) {
		wrong[c] = !puzzle[c] && board[c] && board[c] != solution[c];
		count += wrong[c];
	}
	return count;
}

bool sd_is_solution(const struct sd_geom *g, const uint8_t *v)
{
	uint64_t col[SD_MAXN], box[SD_MAXN];
	int n = g->n, box_of_col[SD_MAXN];
	uint64_t all = sd_all_values(n);

	/* a unit of n cells holds each digit once when its digits make up all n */
	for (int c = 0; c < n; c++) {
		box_of_col[c] = c / g->c;
		col[c] = box[c] = 0;
	}
	for (int r = 0, i = 0; r < n; r++) {
		uint64_t row = 0, *band = box + r / g->r * g->r;
		for (int c = 0; c < n; c++, i++) {
			unsigned d = v[i] - 1u;
			if (d >= (unsigned)n)
				return false;
			uint64_t bit = 1ULL << d;
			row |= bit;
			col[c] |= bit;
			band[box_of_col[c]] |= bit;
		}
		if (row != all)
			return false;
	}
	for (int k = 0; k < n; k++)
		if (col[k] != all || box[k] != all)
			return false;
	return true;
}

int sd_cand_init(struct sd_cand *cd, const struct sd_geom *g, const uint8_t *v)
{
	int n = g->n, ok = 0;

	cd->g = *g;
	cd->all = sd_all_values(n);
	memset(cd->row, 0, sizeof cd->row);
	memset(cd->col, 0, sizeof cd->col);
	memset(cd->box, 0, sizeof cd->box);
	for (int i = 0; i < n * n; i++) {
		int d = v[i];
		if (!d)
			continue;
		if (!(sd_cand_of(cd, i) & (1ULL << (d - 1))))
			ok = -1;
		sd_cand_place(cd, i, d);
	}
	return ok;
}
