/* Sudoku Explainer's chains inside chains.  DF+ (level 1): the simpler
 * rules SE applies inside a dynamic chain (its getAdvancedPotentials): on
 * the grid the chain has made by turning candidates off, locked
 * candidates, hidden and naked pairs and X-wings find more candidates to
 * turn off.  Each deduction names as parents the candidates of the chain
 * it needed (SE's getRuleParents); one that needs none would hold without
 * the chain and is left out.  SE takes every deduction of the first rule
 * that has one, in its order of regions, digits and combinations, which
 * decides the chains found, so that order is followed.  Nested chains
 * (levels 2 to 5): whole chain searches (chain.c) run as such rules, their
 * hints sorted as SE sorts them; a hint's rule parents come from the
 * causes of its potentials, and the chains it relies on add their
 * complexity to the outer chain's, each distinct one once. */
#include <stdlib.h>
#include <string.h>
#include "algo/chain_int.h"

/* One rule's search on a chain's grid. */
struct adv {
	const struct sd_logic *lg;
	const uint64_t *init, *cur;
	int n;
	sd_advanced_fn *emit;
	void *arg;
	bool got;
	/* the deduction in hand: removals by cell (in the order found) and
	 * parents as states */
	int nrem, npar;
	int rem_cell[4 * SD_MAXN];
	uint64_t rem_digits[4 * SD_MAXN];
	int32_t par[4 * SD_MAXN];
};

static void begin(struct adv *a)
{
	a->nrem = a->npar = 0;
}

static void removal(struct adv *a, int cell, uint64_t digits)
{
	digits &= a->cur[cell];
	if (!digits || a->nrem >= 4 * SD_MAXN)
		return;
	for (int i = 0; i < a->nrem; i++)
		if (a->rem_cell[i] == cell) {
			a->rem_digits[i] |= digits;
			return;
		}
	a->rem_cell[a->nrem] = cell;
	a->rem_digits[a->nrem++] = digits;
}

static void parent(struct adv *a, int cell, int d)
{
	if (a->npar < 4 * SD_MAXN)
		a->par[a->npar++] = chain_state(a->n, cell, d, false);
}

/* The deduction in hand, its removals sorted by cell then digit, when
 * it has parents. */
static void finish(struct adv *a)
{
	int32_t off[SD_MAXN * 4 * SD_MAXN];
	int noff = 0;

	if (!a->nrem || !a->npar)
		return;
	for (int i = 1; i < a->nrem; i++)
		for (int j = i; j > 0 && a->rem_cell[j - 1] > a->rem_cell[j]; j--) {
			int c = a->rem_cell[j];
			uint64_t m = a->rem_digits[j];
			a->rem_cell[j] = a->rem_cell[j - 1];
			a->rem_digits[j] = a->rem_digits[j - 1];
			a->rem_cell[j - 1] = c;
			a->rem_digits[j - 1] = m;
		}
	for (int i = 0; i < a->nrem; i++)
		for (uint64_t m = a->rem_digits[i]; m; m &= m - 1)
			off[noff++] = chain_state(a->n, a->rem_cell[i], lowest(m) + 1, false);
	a->emit(a->arg, off, noff, a->par, a->npar, NULL);
	a->got = true;
}

static int member(const struct adv *a, int u, int k) { return a->lg->units.members[u][k]; }

static bool in_unit(const struct adv *a, int cell, int u)
{
	return a->lg->units.unit_of[cell][u / a->n] == u;
}

/* The places of digit d in unit u on the chain's grid, by position. */
static uint64_t places(const struct adv *a, int u, int d)
{
	uint64_t m = 0;

	for (int k = 0; k < a->n; k++)
		if (a->cur[member(a, u, k)] & bit(d))
			m |= 1ULL << k;
	return m;
}

static int empty_cells(const struct adv *a, int u)
{
	int count = 0;

	for (int k = 0; k < a->n; k++)
		count += !a->lg->v[member(a, u, k)];
	return count;
}

/* Whether unit u's places of d were there at the chain's start: the
 * parent d at position k of u. */
static bool was_removed(const struct adv *a, int cell, int d)
{
	return (a->init[cell] & bit(d)) && !(a->cur[cell] & bit(d));
}

/* SE's order of units of one kind: boxes (kind 2), columns (1), rows (0). */
static const int se_kinds[3] = { 2, 1, 0 };

/* ---- locked candidates (SE's Locking, not direct) ------------------------ */

static void locking_pair(struct adv *a, int kind1, int kind2)
{
	int n = a->n;

	for (int i1 = 0; i1 < n; i1++) {
		int u1 = kind1 * n + i1;
		for (int i2 = 0; i2 < n; i2++) {
			int u2 = kind2 * n + i2;
			bool crosses = false;
			for (int k = 0; k < n && !crosses; k++)
				crosses = in_unit(a, member(a, u1, k), u2);
			if (!crosses)
				continue;
			for (int d = 1; d <= n; d++) {
				uint64_t where = places(a, u1, d);
				bool inside = popcount(where) > 1;
				for (uint64_t m = where; m && inside; m &= m - 1)
					inside = in_unit(a, member(a, u1, lowest(m)), u2);
				if (!inside)
					continue;
				begin(a);
				for (int k = 0; k < n; k++) {
					int c = member(a, u2, k);
					if (!in_unit(a, c, u1))
						removal(a, c, bit(d));
				}
				if (!a->nrem)
					continue;
				for (int k = 0; k < n; k++) {
					int c = member(a, u1, k);
					if (was_removed(a, c, d) && !in_unit(a, c, u2))
						parent(a, c, d);
				}
				finish(a);
			}
		}
	}
}

/* SE's generalized intersection: the cells outside u1 that see every
 * place of d in u1 lose d; its parents are every place u1 lost. */
static void locking_general(struct adv *a, int kind)
{
	const struct sd_logic *lg = a->lg;
	int n = a->n;

	for (int i1 = 0; i1 < n; i1++) {
		int u1 = kind * n + i1;
		for (int d = 1; d <= n; d++) {
			uint64_t where = places(a, u1, d);
			int count = popcount(where);
			if (count < 2 || count >= 8)
				continue;
			int first = member(a, u1, lowest(where));
			begin(a);
			for (int k = 0; k < 3; k++)
				for (int j = 0; j < n; j++) {
					int c = lg->units.members[lg->units.unit_of[first][k]][j];
					if (in_unit(a, c, u1) || !(a->cur[c] & bit(d)))
						continue;
					bool all = true;
					for (uint64_t m = where; m && all; m &= m - 1)
						all = sees(lg, c, member(a, u1, lowest(m)));
					if (all)
						removal(a, c, bit(d));
				}
			if (!a->nrem)
				continue;
			for (int k = 0; k < n; k++)
				if (was_removed(a, member(a, u1, k), d))
					parent(a, member(a, u1, k), d);
			finish(a);
		}
	}
}

static void locking(struct adv *a)
{
	static const int pairs[4][2] = { { 2, 1 }, { 2, 0 }, { 1, 2 }, { 0, 2 } };

	for (int i = 0; i < 4; i++)
		locking_pair(a, pairs[i][0], pairs[i][1]);
	for (int i = 0; i < 3; i++)
		locking_general(a, se_kinds[i]);
}

/* ---- pairs: SE's combinations of two among n, in its order --------------- */

/* The pairs (i, j), i < j, as SE's Permutations gives them: by j, then i. */
#define FOR_PAIRS(i, j, n) for (int j = 1; j < (n); j++) for (int i = 0; i < j; i++)

static void hidden_pairs(struct adv *a)
{
	int n = a->n;

	for (int t = 0; t < 3; t++)
		for (int i = 0; i < n; i++) {
			int u = se_kinds[t] * n + i;
			if (empty_cells(a, u) <= 4)
				continue;
			FOR_PAIRS(d1, d2, n) {
				uint64_t p1 = places(a, u, d1 + 1), p2 = places(a, u, d2 + 1);
				uint64_t both = p1 | p2, digits = bit(d1 + 1) | bit(d2 + 1);
				if (popcount(p1) < 2 || popcount(p2) < 2 || popcount(both) != 2)
					continue;
				begin(a);
				for (uint64_t m = both; m; m &= m - 1)
					removal(a, member(a, u, lowest(m)), ~digits);
				if (!a->nrem)
					continue;
				for (int k = 0; k < n; k++) {
					int c = member(a, u, k);
					if (both >> k & 1)
						continue;
					if (a->init[c] & bit(d1 + 1))
						parent(a, c, d1 + 1);
					if (a->init[c] & bit(d2 + 1))
						parent(a, c, d2 + 1);
				}
				finish(a);
			}
		}
}

static void naked_pairs(struct adv *a)
{
	int n = a->n;

	for (int t = 0; t < 3; t++)
		for (int i = 0; i < n; i++) {
			int u = se_kinds[t] * n + i;
			if (empty_cells(a, u) < 4)
				continue;
			FOR_PAIRS(k1, k2, n) {
				int c1 = member(a, u, k1), c2 = member(a, u, k2);
				uint64_t digits = a->cur[c1] | a->cur[c2];
				if (popcount(a->cur[c1]) < 2 || popcount(a->cur[c2]) < 2 ||
				    popcount(digits) != 2)
					continue;
				begin(a);
				for (int k = 0; k < n; k++)
					if (k != k1 && k != k2)
						removal(a, member(a, u, k), digits);
				if (!a->nrem)
					continue;
				for (int d = 1; d <= n; d++)
					if (a->init[c1] & bit(d) & ~digits)
						parent(a, c1, d);
				for (int d = 1; d <= n; d++)
					if (a->init[c2] & bit(d) & ~digits)
						parent(a, c2, d);
				finish(a);
			}
		}
}

/* X-wings: two lines of kind base (columns, then rows) whose places of d
 * lie in two lines across. */
static void x_wings(struct adv *a)
{
	const struct sd_logic *lg = a->lg;
	int n = a->n, placed[SD_MAXN + 1] = { 0 };

	for (int c = 0; c < lg->cells; c++)
		placed[lg->v[c]]++;
	for (int t = 0; t < 2; t++) {
		int base = t == 0 ? 1 : 0, across = 1 - base;
		FOR_PAIRS(l1, l2, n) {
			for (int d = 1; d <= n; d++) {
				if (placed[d] + 4 > n)
					continue;
				uint64_t p1 = places(a, base * n + l1, d), p2 = places(a, base * n + l2, d);
				uint64_t both = p1 | p2, lines = (1ULL << l1) | (1ULL << l2);
				if (popcount(p1) < 2 || popcount(p2) < 2 || popcount(both) != 2)
					continue;
				begin(a);
				for (uint64_t m = both; m; m &= m - 1) {
					int u = across * n + lowest(m);
					for (int k = 0; k < n; k++)
						if (!(lines >> k & 1))
							removal(a, member(a, u, k), bit(d));
				}
				if (!a->nrem)
					continue;
				for (int b = 0; b < 2; b++) {
					int u = base * n + (b ? l2 : l1);
					for (int k = 0; k < n; k++)
						if (!(both >> k & 1) && was_removed(a, member(a, u, k), d))
							parent(a, member(a, u, k), d);
				}
				finish(a);
			}
		}
	}
}

bool sd_advanced_rules(const struct sd_logic *lg, const uint64_t *init, const uint64_t *cur,
		       sd_advanced_fn *emit, void *arg)
{
	static void (*const rules[])(struct adv *) = { locking, hidden_pairs, naked_pairs, x_wings };
	struct adv a = { .lg = lg, .init = init, .cur = cur, .n = lg->n, .emit = emit, .arg = arg };

	for (size_t i = 0; i < sizeof rules / sizeof rules[0] && !a.got; i++)
		rules[i](&a);
	return a.got;
}

/* ---- chain searches as rules (levels 2 to 5) ----------------------------- */

/* SE's sort of a producer's hints: difficulty, complexity, sort key,
 * then the order found. */
static int by_se_order(const void *pa, const void *pb)
{
	const struct chain_hint *a = pa, *b = pb;

	if (a->difficulty != b->difficulty)
		return a->difficulty < b->difficulty ? -1 : 1;
	if (a->complexity != b->complexity)
		return a->complexity - b->complexity;
	if (a->sort_key != b->sort_key)
		return a->sort_key - b->sort_key;
	return a->seq - b->seq;
}

static bool same_removals(const struct chain_hints *h, const struct chain_hint *a,
			  const struct chain_hint *b)
{
	return a->nrem == b->nrem &&
	       !memcmp(h->states + a->rem, h->states + b->rem, (size_t)a->nrem * sizeof *h->states);
}

/* One chain search as a rule: its hints in SE's order, those with the
 * removals of an earlier one left out (SE's set of hints), each with
 * rule parents passed on.  Returns -1 stopped, 1 a deduction, 0 none. */
static int chain_rule(struct sd_logic *lg, const uint64_t *init, const uint64_t *cur, int kind,
		      int level, sd_advanced_fn *emit, void *arg)
{
	struct chain_hints h = { 0 };
	int got = 0;

	if (!sd_chain_collect(lg, cur, init, kind, level, &h)) {
		got = -1;
	} else {
		/* qsort is not stable: the order found breaks ties */
		if (h.count > 1)
			qsort(h.at, (size_t)h.count, sizeof *h.at, by_se_order);
		for (int i = 0; i < h.count; i++) {
			bool dup = false;
			for (int j = 0; j < i && !dup; j++)
				dup = same_removals(&h, &h.at[j], &h.at[i]);
			if (dup || !h.at[i].npar)
				continue;
			emit(arg, h.states + h.at[i].rem, h.at[i].nrem, h.states + h.at[i].par,
			     h.at[i].npar, &h.at[i]);
			got = 1;
		}
	}
	free(h.at);
	free(h.states);
	return got;
}

bool sd_nested_rules(struct sd_logic *lg, const uint64_t *init, const uint64_t *cur, int level,
		     sd_advanced_fn *emit, void *arg)
{
	static const int rules[4][2][2] = {
		{ { CHAIN_FC, 0 }, { -1, 0 } },                   /* level 2 */
		{ { CHAIN_FC, 0 }, { CHAIN_MULTIPLE, 0 } },       /* 3 */
		{ { CHAIN_DYNAMIC, 0 }, { -1, 0 } },              /* 4 */
		{ { CHAIN_DYNAMIC, 0 }, { CHAIN_DYNAMIC, 2 } },   /* 5 */
	};

	if (level < 2 || level > 5)
		return true;
	for (int i = 0; i < 2; i++) {
		const int *rule = rules[level - 2][i];
		if (rule[0] < 0)
			break;
		int r = chain_rule(lg, init, cur, rule[0], rule[1], emit, arg);
		if (r)
			return r > 0;
	}
	return true;
}

/* ---- a hint's nested chains and rule parents (levels 2 and up) ---------- */

/* SE's getChain: the potentials node stems from, breadth first, each
 * state once; into ch->queue (scratch), returns their number. */
static int chain_nodes(struct chains *ch, int32_t node)
{
	uint32_t stamp = sd_chain_stamp(ch);
	int head = 0, tail = 0, count = 0;

	if (!sd_chain_reserve(ch, (void **)&ch->queue, &ch->capqueue, 1, sizeof *ch->queue))
		return 0;
	ch->queue[tail++] = node;
	/* the queue keeps the visited ones first: [0, count) visited,
	 * [head, tail) waiting */
	while (head < tail) {
		int32_t p = ch->queue[head++];
		int s = ch->nodes[p].state;
		if (ch->stamp[s] == stamp)
			continue;
		ch->stamp[s] = stamp;
		int np = ch->nodes[p].npar;
		if (!sd_chain_reserve(ch, (void **)&ch->queue, &ch->capqueue, tail + np + 1, sizeof *ch->queue))
			return count;
		ch->queue[count++] = p;
		for (int i = 0; i < np; i++)
			ch->queue[tail++] = ch->pars[ch->nodes[p].par + i];
	}
	return count;
}

static uint64_t mix(uint64_t h, uint64_t x)
{
	h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

/* SE's getNestedComplexity: the complexities of the nested hints the
 * targets' chains use, each (by its chains) once. */
int sd_chain_nested_complexity(struct chains *ch, const int32_t *targets, int ntargets)
{
	uint64_t *seen = NULL;
	int nseen = 0, capseen = 0, sum = 0;

	if (!ch->nnests)
		return 0;
	for (int t = 0; t < ntargets; t++) {
		int count = chain_nodes(ch, targets[t]);
		for (int i = 0; i < count; i++) {
			int nest = ch->nodes[ch->queue[i]].nest;
			if (nest < 0)
				continue;
			bool known = false;
			for (int j = 0; j < nseen && !known; j++)
				known = seen[j] == ch->nests[nest].hash;
			if (known)
				continue;
			if (sd_chain_reserve(ch, (void **)&seen, &capseen, nseen + 1, sizeof *seen))
				seen[nseen++] = ch->nests[nest].hash;
			sum += ch->nests[nest].complexity;
		}
	}
	free(seen);
	return sum;
}

/* Adds a state to the collected list from at, once. */
static void put_state(struct chains *ch, struct chain_hints *out, int from, int32_t s)
{
	for (int i = from; i < out->nstates; i++)
		if (out->states[i] == s)
			return;
	if (sd_chain_reserve(ch, (void **)&out->states, &out->capstates, out->nstates + 1, sizeof *out->states))
		out->states[out->nstates++] = s;
}

/* SE's collectRuleParents for one potential on with its cause: the
 * candidates the chain's grid lost since rule_init that made it hold. */
static void rule_parents_of(struct chains *ch, int from, int s, int cause)
{
	int cell = cell_of(ch, s), d = digit_of(ch, s);
	const uint64_t *init = ch->rule_init, *cur = ch->base;

	if (cause == CAUSE_CELL) {
		for (uint64_t m = init[cell] & ~cur[cell]; m; m &= m - 1)
			put_state(ch, ch->out, from, state_of(ch, cell, lowest(m) + 1, false));
	} else if (cause >= CAUSE_BOX && cause <= CAUSE_COLUMN) {
		const uint16_t *cells = region_cells(ch, cause - CAUSE_BOX, cell);
		for (int i = 0; i < ch->n; i++)
			if (init[cells[i]] & ~cur[cells[i]] & bit(d))
				put_state(ch, ch->out, from, state_of(ch, cells[i], d, false));
	}
}

/* A hint found as a rule inside another chain: kept with its removals,
 * its rule parents and what tells its chains apart (SE's FullChain). */
void sd_chain_collect_hint(struct chains *ch, const struct sd_step *st, double difficulty, int complexity,
		    int sort_key, const int32_t *targets, int ntargets, int start_cause, bool cycle)
{
	struct chain_hints *out = ch->out;
	uint64_t hash = 0;

	if (!sd_chain_reserve(ch, (void **)&out->at, &out->cap, out->count + 1, sizeof *out->at))
		return;
	struct chain_hint *h = &out->at[out->count];
	h->difficulty = difficulty;
	h->complexity = complexity;
	h->sort_key = sort_key;
	h->seq = out->count;
	h->rem = out->nstates;
	for (int i = 0; i < st->nremoved; i++)
		for (uint64_t m = st->removed[i].digits; m; m &= m - 1)
			put_state(ch, out, h->rem, state_of(ch, st->removed[i].cell, lowest(m) + 1, false));
	h->nrem = out->nstates - h->rem;
	for (int i = h->rem + 1; i < out->nstates; i++)
		for (int j = i; j > h->rem && out->states[j - 1] > out->states[j]; j--) {
			int32_t t = out->states[j];
			out->states[j] = out->states[j - 1];
			out->states[j - 1] = t;
		}
	h->par = out->nstates;
	for (int t = 0; t < ntargets; t++)
		hash = mix(hash, (uint64_t)ch->nodes[targets[t]].state);
	if (cycle)
		hash = mix(hash, (uint64_t)(ch->nodes[targets[0]].state ^ 1));
	for (int t = 0; t < ntargets; t++) {
		int count = chain_nodes(ch, targets[t]);
		hash = mix(hash, 0xc4a1);
		for (int i = 0; i < count; i++) {
			const struct node *p = &ch->nodes[ch->queue[i]];
			int cause = p->cause == CAUSE_NONE ? start_cause : p->cause;
			hash = mix(hash, (uint64_t)p->state);
			if (is_on(p->state))
				rule_parents_of(ch, h->par, p->state, cause);
		}
	}
	if (cycle) {
		/* SE's reversed cycle: from the assumption (turned off) to the
		 * end, each potential the opposite, with its cause */
		int len = 0;
		for (int32_t p = targets[0]; p >= 0; p = first_parent(ch, p))
			len++;
		if (!sd_chain_reserve(ch, (void **)&ch->queue, &ch->capqueue, len, sizeof *ch->queue))
			return;
		int i = len;
		for (int32_t p = targets[0]; p >= 0; p = first_parent(ch, p))
			ch->queue[--i] = p;
		uint32_t stamp = sd_chain_stamp(ch);
		hash = mix(hash, 0xc4a1);
		for (i = 0; i < len; i++) {
			const struct node *p = &ch->nodes[ch->queue[i]];
			int s = p->state ^ 1;
			if (ch->stamp[s] == stamp)
				continue;
			ch->stamp[s] = stamp;
			hash = mix(hash, (uint64_t)s);
			if (is_on(s) && p->cause != CAUSE_NONE)
				rule_parents_of(ch, h->par, s, p->cause);
		}
	}
	h->npar = out->nstates - h->par;
	h->hash = hash;
	out->count++;
}

