/* Sudoku Explainer's nested chains (levels 2 to 5): whole chain searches
 * (chain.c) run as rules inside a chain, their hints sorted as SE sorts
 * them; a hint's rule parents come from the causes of its potentials, and
 * the chains it relies on add their complexity to the outer chain's, each
 * distinct one once.  The chains reach this file only through
 * sd_chain_nesting, which the rating hands them (lg->nesting): a chain
 * search runs inner chain searches without knowing them. */
#include <stdlib.h>
#include <string.h>
#include "logic/chain_int.h"

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
	struct sd_rule_cache *cache = lg->chain_store ? &lg->chain_store->rules : NULL;
	const struct rule_entry *known = sd_rule_cache_find(cache, kind, level, init, cur);
	if (known)
		return sd_rule_cache_replay(lg, known, emit, arg);

	struct chain_hints h = { 0 };
	bool *passed = NULL;
	long long work = lg->work;
	int got = 0;

	if (!sd_chain_collect(lg, cur, init, kind, level, &h)) {
		got = -1;
	} else if (h.count && !(passed = calloc((size_t)h.count, sizeof *passed))) {
		sd_logic_out_of_memory(lg);
		got = -1;
	} else {
		/* qsort is not stable: the order found breaks ties */
		if (h.count > 1)
			qsort(h.at, (size_t)h.count, sizeof *h.at, by_se_order);
		for (int i = 0; i < h.count; i++) {
			bool dup = false;
			/* the hints before it are compared: a unit per few dozen */
			if (sd_logic_spend(lg, 1 + i / 32)) {
				got = -1;
				break;
			}
			for (int j = 0; j < i && !dup; j++)
				dup = same_removals(&h, &h.at[j], &h.at[i]);
			if (dup || !h.at[i].npar)
				continue;
			emit(arg, h.states + h.at[i].rem, h.at[i].nrem, h.states + h.at[i].par,
			     h.at[i].npar, &h.at[i]);
			passed[i] = true;
			got = 1;
		}
	}
	if (got >= 0)
		sd_rule_cache_put(cache, kind, level, init, cur, &h, passed, got, lg->work - work);
	free(passed);
	chain_free(lg, h.at, (size_t)h.cap * sizeof *h.at);
	chain_free(lg, h.states, (size_t)h.capstates * sizeof *h.states);
	return got;
}

static bool nested_rules(struct sd_logic *lg, const uint64_t *init, const uint64_t *cur, int level,
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

static uint64_t mix(uint64_t h, uint64_t x)
{
	h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

/* SE's getNestedComplexity: the complexities of the nested hints the
 * targets' chains use, each (by its chains) once. */
static int nested_complexity(struct chains *ch, const int32_t *targets, int ntargets)
{
	uint64_t *seen = NULL;
	int nseen = 0, capseen = 0, sum = 0;

	if (!ch->nnests)
		return 0;
	for (int t = 0; t < ntargets; t++) {
		int count = sd_chain_ancestors(ch, targets[t]);
		for (int i = 0; i < count; i++) {
			int nest = ch->nodes[ch->queue[i]].nest;
			if (nest < 0)
				continue;
			bool known = false;
			for (int j = 0; j < nseen && !known; j++)
				known = seen[j] == ch->nests[nest].hash;
			if (known)
				continue;
			if (reserve(ch, (void **)&seen, &capseen, nseen + 1, sizeof *seen))
				seen[nseen++] = ch->nests[nest].hash;
			sum += ch->nests[nest].complexity;
		}
	}
	chain_free(ch->lg, seen, (size_t)capseen * sizeof *seen);
	return sum;
}

/* Adds a state to the collected list from at, once. */
static void put_state(struct chains *ch, struct chain_hints *out, int from, int32_t s)
{
	for (int i = from; i < out->nstates; i++)
		if (out->states[i] == s)
			return;
	if (reserve(ch, (void **)&out->states, &out->capstates, out->nstates + 1, sizeof *out->states))
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
static void collect_hint(struct chains *ch, const struct sd_step *st, double difficulty, int complexity,
		    int sort_key, const int32_t *targets, int ntargets, int start_cause, bool cycle)
{
	struct chain_hints *out = ch->out;
	uint64_t hash = 0;

	if (!reserve(ch, (void **)&out->at, &out->cap, out->count + 1, sizeof *out->at))
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
		int count = sd_chain_ancestors(ch, targets[t]);
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
		if (!reserve(ch, (void **)&ch->queue, &ch->capqueue, len, sizeof *ch->queue))
			return;
		int i = len;
		for (int32_t p = targets[0]; p >= 0; p = first_parent(ch, p))
			ch->queue[--i] = p;
		uint32_t stamp = next_stamp(ch);
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

const struct sd_chain_nesting sd_chain_nesting = { nested_rules, nested_complexity, collect_hint };
