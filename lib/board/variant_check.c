/* Judging a board by a ruleset: the rules it breaks, whether it is a
 * solution, its cost, and a broken rule in words. */
#include <stdio.h>
#include "board/board.h"

static bool consecutive(int a, int b)
{
	return a && b && (a == b + 1 || b == a + 1);
}

int sd_rules_broken(const struct sd_ruleset *rs, const uint8_t *v,
		    bool (*found)(void *arg, const struct sd_broken *b), void *arg)
{
	const struct sd_rules *r = rs->rules;
	int count = 0, n = rs->n;
	struct sd_broken b;

#define REPORT() do { count++; if (found && !found(arg, &b)) return count; } while (0)
	/* a unit: each digit repeated is one break, named by its first two cells */
	for (int u = 0; u < rs->nunits; u++) {
		int first[SD_MAXN + 1] = { 0 };
		uint64_t reported = 0;
		for (int k = 0; k < n; k++) {
			int cell = rs->unit[u][k], d = v[cell];
			if (!d)
				continue;
			if (!first[d]) {
				first[d] = cell + 1;
			} else if (!(reported & (1ULL << (d - 1)))) {
				reported |= 1ULL << (d - 1);
				b = (struct sd_broken){ rs->unit_rule[u], u, first[d] - 1, cell };
				REPORT();
			}
		}
	}
	/* pairs beyond the units: a knight's or king's move, neighbours */
	for (int cell = 0; r && cell < rs->ncells; cell++) {
		int d = v[cell], mv[8];
		if (!d)
			continue;
		for (int i = rs->apart_start[cell]; i < rs->apart_start[cell + 1]; i++)
			if (rs->apart[i] > cell && consecutive(d, v[rs->apart[i]])) {
				b = (struct sd_broken){ SD_RULE_NON_CONSECUTIVE, 0, cell, rs->apart[i] };
				REPORT();
			}
		for (int king = 0; king < 2; king++) {
			if (!(king ? r->anti_king : r->anti_knight))
				continue;
			int row = cell / n, col = cell % n;
			int dr[] = { 1, 1, 2, 2 }, dc[] = { -2, 2, -1, 1 };
			int kr[] = { 0, 1, 1, 1 }, kc[] = { 1, -1, 0, 1 };
			int m = 0;
			/* each pair once: toward the cells after this one */
			for (int k = 0; k < 4; k++) {
				int rr = row + (king ? kr[k] : dr[k]), cc = col + (king ? kc[k] : dc[k]);
				if (rr < n && cc >= 0 && cc < n)
					mv[m++] = rr * n + cc;
			}
			for (int k = 0; k < m; k++)
				if (v[mv[k]] == d) {
					b = (struct sd_broken){ king ? SD_RULE_ANTI_KING : SD_RULE_ANTI_KNIGHT, 0,
								cell, mv[k] };
					REPORT();
				}
		}
		if (!(rs->allowed[cell] & (1ULL << (d - 1)))) {
			b = (struct sd_broken){ SD_RULE_PARITY, 0, cell, cell };
			REPORT();
		}
	}
	for (int k = 0; r && k < r->ncages; k++) {
		const struct sd_cage *cg = &r->cage[k];
		int sum = 0, filled = 0, first[SD_MAXN + 1] = { 0 };
		bool repeat = false;
		for (int j = 0; j < cg->count; j++) {
			int cell = r->cage_cell[cg->first + j], d = v[cell];
			if (!d)
				continue;
			sum += d;
			filled++;
			if (first[d] && !repeat) {
				repeat = true;
				b = (struct sd_broken){ SD_RULE_CAGE, k, first[d] - 1, cell };
				REPORT();
			}
			first[d] = cell + 1;
		}
		if (cg->sum && ((filled == cg->count && sum != cg->sum) || sum > cg->sum)) {
			b = (struct sd_broken){ SD_RULE_CAGE, k, -1, sum };
			REPORT();
		}
	}
#undef REPORT
	return count;
}

bool sd_ruleset_solved(const struct sd_ruleset *rs, const uint8_t *v)
{
	for (int i = 0; i < rs->ncells; i++)
		if (v[i] < 1 || v[i] > rs->n)
			return false;
	return sd_rules_broken(rs, v, NULL, NULL) == 0;
}

void sd_broken_text(const struct sd_ruleset *rs, const uint8_t *v, const struct sd_broken *b,
		    char *buf, size_t len)
{
	const struct sd_geom *g = &rs->g;
	char a[32], c[32];
	int u = b->index;

	if (b->cell >= 0)
		sd_cell_name(g, b->cell, a);
	switch (b->rule) {
	case SD_RULE_ROW: case SD_RULE_COLUMN: case SD_RULE_BOX: case SD_RULE_REGION:
	case SD_RULE_DIAGONAL: case SD_RULE_EXTRA: {
		/* the unit's number among those of its kind */
		int first = u;
		while (first > 0 && rs->unit_rule[first - 1] == b->rule)
			first--;
		sd_cell_name(g, b->other, c);
		snprintf(buf, len, "%s and %s in %s %d both hold %d", a, c, sd_rule_names[b->rule],
			 u - first + 1, v[b->cell]);
		return;
	}
	case SD_RULE_ANTI_KNIGHT: case SD_RULE_ANTI_KING:
		sd_cell_name(g, b->other, c);
		snprintf(buf, len, "%s and %s, a %s's move apart, both hold %d", a, c,
			 b->rule == SD_RULE_ANTI_KING ? "king" : "knight", v[b->cell]);
		return;
	case SD_RULE_NON_CONSECUTIVE:
		sd_cell_name(g, b->other, c);
		snprintf(buf, len, "neighbours %s and %s hold %d and %d (non-consecutive)", a, c,
			 v[b->cell], v[b->other]);
		return;
	case SD_RULE_PARITY:
		snprintf(buf, len, "%s holds %d; it must be %s", a, v[b->cell],
			 rs->rules->parity[b->cell] == SD_ODD ? "odd" : "even");
		return;
	case SD_RULE_CAGE: {
		const struct sd_cage *cg = &rs->rules->cage[u];
		sd_cell_name(g, rs->rules->cage_cell[cg->first], c);
		if (b->cell >= 0) {
			char d[32];
			sd_cell_name(g, b->other, d);
			snprintf(buf, len, "%s and %s in the cage at %s both hold %d", a, d, c, v[b->cell]);
		} else {
			snprintf(buf, len, "the cage at %s adds up to %d%s, not %d", c, b->other,
				 b->other > cg->sum ? " or more" : "", cg->sum);
		}
		return;
	}
	}
	snprintf(buf, len, "a rule is broken");
}

int sd_ruleset_cost(const struct sd_ruleset *rs, const uint8_t *v, int metric)
{
	const struct sd_rules *r = rs->rules;
	int cost = 0, n = rs->n;

	for (int u = 0; u < rs->nunits; u++) {
		/* missing leaves out the boxes or regions, which a local search
		 * keeps whole, as sd_cost does */
		int rule = rs->unit_rule[u];
		if (metric == SD_MISSING && (rule == SD_RULE_BOX || rule == SD_RULE_REGION))
			continue;
		cost += sd_unit_cost(v, rs->unit[u], n, metric);
	}
	if (!r)
		return cost;
	/* every break beyond the units counts one, a cage's sum its distance */
	for (int cell = 0; cell < rs->ncells; cell++) {
		int d = v[cell];
		if (!d)
			continue;
		for (int i = rs->apart_start[cell]; i < rs->apart_start[cell + 1]; i++)
			cost += rs->apart[i] > cell && consecutive(d, v[rs->apart[i]]);
		cost += !(rs->allowed[cell] & (1ULL << (d - 1)));
	}
	for (int i = 0; i < rs->ncells; i++) {
		if (!v[i])
			continue;
		/* knight and king pairs: each pair once, from its lower cell */
		for (int j = rs->peer_start[i]; j < rs->peer_start[i + 1]; j++) {
			int p = rs->peer[j];
			if (p < i || v[p] != v[i])
				continue;
			int dr = p / n - i / n, dc = p % n - i % n;
			dr = dr < 0 ? -dr : dr;
			dc = dc < 0 ? -dc : dc;
			bool knight = (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
			bool king = dr <= 1 && dc <= 1;
			cost += (knight && r->anti_knight) + (king && r->anti_king);
		}
	}
	for (int k = 0; k < r->ncages; k++) {
		const struct sd_cage *cg = &r->cage[k];
		uint64_t seen = 0;
		int sum = 0, filled = 0;
		for (int j = 0; j < cg->count; j++) {
			int d = v[r->cage_cell[cg->first + j]];
			if (!d)
				continue;
			filled++;
			sum += d;
			cost += (seen >> (d - 1)) & 1;
			seen |= 1ULL << (d - 1);
		}
		if (cg->sum && filled == cg->count)
			cost += sum > cg->sum ? sum - cg->sum : cg->sum - sum;
	}
	return cost;
}
