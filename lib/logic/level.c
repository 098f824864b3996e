/* A puzzle's level without recording steps: the techniques' closure, with
 * singles found as candidates go instead of by scanning.  Each unit keeps,
 * per digit, a bitmask of the places that can still hold it; a mask left
 * with one place is a hidden single, a cell left with one candidate a
 * naked single, and both wait in queues. */
#include <string.h>
#include "logic/logic_int.h"

static inline bool one_bit(uint64_t m) { return !(m & (m - 1)); }

static void queue_hidden(struct sd_logic *lg, int u, int d)
{
	lg->hidden[lg->nhidden][0] = (uint16_t)u;
	lg->hidden[lg->nhidden++][1] = (uint16_t)d;
}

/* Takes digit d (from 0) from place k of unit u; false when d has no
 * place left there and is not placed. */
static bool take_place(struct sd_logic *lg, int u, int d, int k)
{
	uint64_t m = lg->where[u][d] &= ~(1ULL << k);

	if (lg->placed[u] >> d & 1 || !one_bit(m))
		return true;
	if (!m)
		return false;
	queue_hidden(lg, u, d);
	return true;
}

/* Rules d (from 0) out of empty cell c; false on a contradiction. */
static bool rule_out(struct sd_logic *lg, int c, int d)
{
	uint64_t left = lg->cand[c] &= ~(1ULL << d);
	bool ok = true;

	for (int k = 0; k < 3; k++)
		ok &= take_place(lg, lg->units.unit_of[c][k], d, lg->units.index_in[c][k]);
	if (!left)
		return false;
	if (one_bit(left))
		lg->naked[lg->nnaked++] = (uint16_t)c;
	return ok;
}

/* Places d (from 0) in cell c and rules it out of the cell's peers. */
static bool place(struct sd_logic *lg, int c, int d)
{
	uint64_t others = lg->cand[c] & ~(1ULL << d), peers[3];
	bool ok = true;

	lg->v[c] = (uint8_t)(d + 1);
	lg->cand[c] = 0;
	lg->empty--;
	/* every unit of the cell holds d before any peer loses it, so that
	 * the peer's other units see it placed */
	for (int k = 0; k < 3; k++) {
		int u = lg->units.unit_of[c][k];
		peers[k] = lg->where[u][d] & ~(1ULL << lg->units.index_in[c][k]);
		lg->placed[u] |= 1ULL << d;
		lg->where[u][d] = 0;
	}
	for (; others; others &= others - 1)
		for (int k = 0; k < 3; k++)
			ok &= take_place(lg, lg->units.unit_of[c][k], __builtin_ctzll(others),
					 lg->units.index_in[c][k]);
	for (int k = 0; k < 3 && ok; k++) {
		const uint16_t *cells = lg->units.members[lg->units.unit_of[c][k]];
		for (uint64_t m = peers[k]; m && ok; m &= m - 1) {
			int p = cells[__builtin_ctzll(m)];
			if (lg->cand[p] >> d & 1)
				ok = rule_out(lg, p, d);
		}
	}
	return ok;
}

/* The masks and queues for the board sd_logic_init left (and its digits
 * placed per unit); false when a digit has no place in a unit or a cell
 * no candidate. */
static bool start(struct sd_logic *lg)
{
	int n = lg->n;

	lg->nhidden = lg->nnaked = 0;
	for (int u = 0; u < 3 * n; u++)
		memset(lg->where[u], 0, (size_t)n * sizeof lg->where[u][0]);
	for (int c = 0; c < lg->cells; c++) {
		for (int k = 0; k < 3; k++) {
			for (uint64_t m = lg->cand[c]; m; m &= m - 1)
				lg->where[lg->units.unit_of[c][k]][__builtin_ctzll(m)] |= 1ULL << lg->units.index_in[c][k];
		}
		if (!lg->v[c] && !lg->cand[c])
			return false;
		if (!lg->v[c] && one_bit(lg->cand[c]))
			lg->naked[lg->nnaked++] = (uint16_t)c;
	}
	for (int u = 0; u < 3 * n; u++)
		for (uint64_t need = lg->all & ~lg->placed[u]; need; need &= need - 1) {
			int d = __builtin_ctzll(need);
			if (!lg->where[u][d])
				return false;
			if (one_bit(lg->where[u][d]))
				queue_hidden(lg, u, d);
		}
	return true;
}

/* Whether the cells the closure watches all hold digits. */
static bool filled(const struct sd_logic *lg, const int *watch, int nwatch)
{
	for (int i = 0; i < nwatch; i++)
		if (!lg->v[watch[i]])
			return false;
	return nwatch > 0;
}

/* Places every hidden single, or until the watched cells are filled;
 * false on a contradiction. */
static bool hidden_singles(struct sd_logic *lg, const int *watch, int nwatch)
{
	while (lg->nhidden && !filled(lg, watch, nwatch)) {
		int u = lg->hidden[--lg->nhidden][0], d = lg->hidden[lg->nhidden][1];
		if (lg->placed[u] >> d & 1)
			continue;
		if (!place(lg, lg->units.members[u][__builtin_ctzll(lg->where[u][d])], d))
			return false;
	}
	return true;
}

/* Places one naked single: 1 placed, 0 none left, -1 a contradiction. */
static int naked_single(struct sd_logic *lg)
{
	while (lg->nnaked) {
		int c = lg->naked[--lg->nnaked];
		if (!lg->v[c])
			return place(lg, c, __builtin_ctzll(lg->cand[c])) ? 1 : -1;
	}
	return 0;
}

/* Rules d out of the places of unit u in mask; false on a contradiction. */
static bool rule_out_at(struct sd_logic *lg, int u, uint64_t places, int d)
{
	for (; places; places &= places - 1)
		if (!rule_out(lg, lg->units.members[u][__builtin_ctzll(places)], d))
			return false;
	return true;
}

/* Every pointing and claiming step at once, found on the place masks
 * (sd_logic_find scans cells); the first place that can hold the digit
 * names the line or box to clear, as in the general solver's lock():
 * 1 some, 0 none, -1 a contradiction. */
static int locked_all(struct sd_logic *lg, int tech)
{
	const struct sd_place_runs *p = &lg->runs;
	int n = lg->n, found = 0;

	for (int i = 0; i < n; i++)
		for (uint64_t need = lg->all; need; need &= need - 1) {
			int d = __builtin_ctzll(need);
			if (tech == SD_TECH_POINTING) {
				int box = 2 * n + i;
				uint64_t m = lg->where[box][d], row_part = 0, col_part = 0;
				if (!m)
					continue;
				int first = __builtin_ctzll(m), cell = lg->units.members[box][first];
				int row = lg->units.unit_of[cell][0], col = lg->units.unit_of[cell][1];
				if (!(m & ~p->run_c[first]))
					row_part = lg->where[row][d] & ~p->run_c[lg->units.index_in[cell][0]];
				if (!(m & ~p->box_column[first]))
					col_part = lg->where[col][d] & ~p->run_r[lg->units.index_in[cell][1]];
				found |= (row_part | col_part) != 0;
				if (!rule_out_at(lg, row, row_part, d) || !rule_out_at(lg, col, col_part, d))
					return -1;
			} else {
				for (int line = 0; line < 2; line++) {
					int u = line * n + i;
					uint64_t m = lg->where[u][d];
					if (!m)
						continue;
					int first = __builtin_ctzll(m);
					if (m & ~(line ? p->run_r[first] : p->run_c[first]))
						continue;
					int cell = lg->units.members[u][first];
					int box = lg->units.unit_of[cell][2], at = lg->units.index_in[cell][2];
					uint64_t part = lg->where[box][d] & ~(line ? p->box_column[at] : p->run_c[at]);
					found |= part != 0;
					if (!rule_out_at(lg, box, part, d))
						return -1;
				}
			}
		}
	return found;
}

/* Applies the eliminations of st; false on a contradiction. */
static bool rule_out_step(struct sd_logic *lg, const struct sd_step *st)
{
	for (int i = 0; i < st->nremoved; i++)
		for (uint64_t m = st->removed[i].digits & lg->cand[st->removed[i].cell]; m; m &= m - 1)
			if (!rule_out(lg, st->removed[i].cell, __builtin_ctzll(m)))
				return false;
	return true;
}

/* Applies every step of technique tech found: 1 some, 0 none, -1 a
 * contradiction. */
static int eliminate(struct sd_logic *lg, int tech, const int *watch, int nwatch)
{
	struct sd_step st;
	int r, found = 0;

	if (tech == SD_TECH_POINTING || tech == SD_TECH_CLAIMING)
		return locked_all(lg, tech);

	while ((r = sd_logic_find(lg, tech, &st, 0)) > 0) {
		found = 1;
		if (!rule_out_step(lg, &st))
			return -1;
		if (!hidden_singles(lg, watch, nwatch))
			return -1;
		if (filled(lg, watch, nwatch))
			return 1;
	}
	return r < 0 ? -1 : found;
}

/* Techniques up to top, easiest first as in sd_logic_step, but each one
 * applied everywhere it applies before going back to the singles: what a
 * technique allows stays allowed as candidates go, so the level of the
 * hardest technique used is the one sd_rate finds.  Returns that technique, -1
 * for none, or -2 when the board has no solution; the board is left
 * where the techniques end, or where the watched cells are all filled. */
static int closure(struct sd_logic *lg, int top, const int *watch, int nwatch)
{
	int hardest = -1;

	if (!start(lg))
		return -2;
	for (;;) {
		if (!hidden_singles(lg, watch, nwatch))
			return -2;
		if (!lg->empty || filled(lg, watch, nwatch))
			return hardest;
		int found = 0, t = SD_TECH_HIDDEN_SINGLE_LINE;
		/* the singles and locks look over every house (the other
		 * techniques spend as they search) */
		while (!found && ++t <= top && !sd_logic_spend(lg, 3 * lg->n))
			found = t == SD_TECH_NAKED_SINGLE ? naked_single(lg) : eliminate(lg, t, watch, nwatch);
		if (found < 0 || lg->stopped)
			return -2;
		if (!found)
			return hardest;
		hardest = t > hardest ? t : hardest;
	}
}

int sd_logic_level_from(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v,
			int top_level, int known, const int *watch, int nwatch)
{
	sd_logic_start_work(lg);
	if (sd_logic_init(lg, g, v) < 0)
		return SD_LEVEL_SEARCH;
	int hardest = closure(lg, sd_level_top(top_level), watch, nwatch);
	if (lg->stopped)
		return SD_LEVEL_LIMIT;
	if (hardest < -1 || (lg->empty && !filled(lg, watch, nwatch)))
		return SD_LEVEL_SEARCH;
	int level = hardest < 0 ? SD_LEVEL_VERY_EASY : sd_tech_level(hardest);
	/* with the watched cells filled the board holds the known puzzle's
	 * givens, which the known level's techniques solve */
	return level > known || !nwatch ? level : known;
}

int sd_logic_level(struct sd_logic *lg, const struct sd_geom *g, const uint8_t *v, int top_level)
{
	return sd_logic_level_from(lg, g, v, top_level, SD_LEVEL_VERY_EASY, NULL, 0);
}
