/* Learning from a contradiction, for the search with clause learning
 * (learn.c): its grounds traced back through the reasons to the first
 * unique implication point, the clause learnt, and the store of learnt
 * clauses, of which the longer half is forgotten when they grow too many. */
#include <stdlib.h>
#include <string.h>
#include "exact/learn_int.h"

/* Learnt literals kept before the longer half of the clauses is dropped. */
#define LEARN_KEEP (1 << 20)

/* The assignments a reason or contradiction rests on, but for v itself. */
static int grounds(const struct sd_learn_space *s, int why, int aux, int v, int *out)
{
	int k = 0, n = s->n, arg = WHY_ARG(why);

	switch (WHY_KIND(why)) {
	case WHY_PEER:
		out[k++] = arg;
		break;
	case WHY_NAKED:
		for (uint64_t c = s->cand0[arg]; c; c &= c - 1)
			if (var_of(s, arg, __builtin_ctzll(c)) != v)
				out[k++] = var_of(s, arg, __builtin_ctzll(c));
		break;
	case WHY_HIDDEN: {
		int u = arg / SD_MAXN, d = arg % SD_MAXN;
		for (uint64_t p = s->where0[u][d]; p; p &= p - 1) {
			int w = var_of(s, s->shape.units.members[u][__builtin_ctzll(p)], d);
			if (w != v)
				out[k++] = w;
		}
		break;
	}
	case WHY_CLAUSE:
		for (int i = 1; i <= SIZE_OF(s->clauses[arg]); i++)
			if (s->clauses[arg + i] >> 1 != v)
				out[k++] = s->clauses[arg + i] >> 1;
		break;
	case WHY_LOCKED: {
		int target = arg % (3 * SD_MAXN), u = arg / (3 * SD_MAXN) / SD_MAXN;
		int d = arg / (3 * SD_MAXN) % SD_MAXN, kind = target / n;
		for (uint64_t p = s->where0[u][d]; p; p &= p - 1) {
			int cell = s->shape.units.members[u][__builtin_ctzll(p)];
			if (s->shape.units.unit_of[cell][kind] != target)
				out[k++] = var_of(s, cell, d);
		}
		break;
	}
	case WHY_NAKED_PAIR: {
		int u = arg / SD_MAXN / SD_MAXN, a = s->shape.units.members[u][arg / SD_MAXN % SD_MAXN];
		int b = s->shape.units.members[u][arg % SD_MAXN];
		uint64_t pair = 1ULL << (aux / SD_MAXN) | 1ULL << (aux % SD_MAXN);
		for (uint64_t c = s->cand0[a] & ~pair; c; c &= c - 1)
			out[k++] = var_of(s, a, __builtin_ctzll(c));
		for (uint64_t c = s->cand0[b] & ~pair; c; c &= c - 1)
			out[k++] = var_of(s, b, __builtin_ctzll(c));
		break;
	}
	case WHY_HIDDEN_PAIR: {
		int u = arg / SD_MAXN / SD_MAXN;
		uint64_t both = 1ULL << (arg / SD_MAXN % SD_MAXN) | 1ULL << (arg % SD_MAXN);
		for (int i = 0; i < 2; i++) {
			int d = i ? aux % SD_MAXN : aux / SD_MAXN;
			for (uint64_t p = s->where0[u][d] & ~both; p; p &= p - 1)
				out[k++] = var_of(s, s->shape.units.members[u][__builtin_ctzll(p)], d);
		}
		break;
	}
	case WHY_DECISIONS:
		for (int l = 0; l < s->nlevels; l++)
			out[k++] = s->trail[s->level_start[l]];
		break;
	}
	return k;
}

static void bump(struct sd_learn_space *s, int v)
{
	if ((s->activity[v] += s->bump) > 1e100) {
		for (int i = 0; i < s->nvars; i++)
			s->activity[i] *= 1e-100;
		s->bump *= 1e-100;
	}
}

/* From the contradiction back to the first unique implication point:
 * fills s->learnt (the point first) and returns its size; *back is the
 * level to jump back to. */
static int analyze(struct sd_learn_space *s, int *back)
{
	int size = 1, open = 0, at = s->ntrail - 1, why = s->conflict, except = -1, v;

	for (;;) {
		int k = grounds(s, why, except < 0 ? s->conflict_aux : s->var[except].aux, except, s->scratch);
		if (except < 0 && s->conflict_var >= 0)
			s->scratch[k++] = s->conflict_var;
		for (int i = 0; i < k; i++) {
			int q = s->scratch[i];
			if (s->seen[q] || s->var[q].level == 0)
				continue;
			s->seen[q] = 1;
			bump(s, q);
			if (s->var[q].level >= s->nlevels)
				open++;
			else
				s->learnt[size++] = q;
		}
		while (!s->seen[s->trail[at]])
			at--;
		v = s->trail[at--];
		s->seen[v] = 0;
		if (--open == 0)
			break;
		why = s->var[v].why;
		except = v;
	}
	s->learnt[0] = v;
	/* a literal whose reason lies wholly inside the clause adds nothing:
	 * marked (complemented) first, dropped once the marks are cleared */
	for (int i = 1; i < size; i++) {
		int q = s->learnt[i], why_q = s->var[q].why;
		bool redundant = WHY_KIND(why_q) != WHY_NONE;
		if (redundant) {
			int k = grounds(s, why_q, s->var[q].aux, q, s->scratch);
			for (int j = 0; j < k && redundant; j++)
				redundant = s->seen[s->scratch[j]] || s->var[s->scratch[j]].level == 0;
		}
		if (redundant)
			s->learnt[i] = ~q;
	}
	int kept = 1;
	for (int i = 1; i < size; i++) {
		int q = s->learnt[i];
		s->seen[q < 0 ? ~q : q] = 0;
		if (q >= 0)
			s->learnt[kept++] = q;
	}
	size = kept;
	*back = 0;
	for (int i = 1; i < size; i++) {
		if (s->var[s->learnt[i]].level > *back) {
			*back = s->var[s->learnt[i]].level;
			int t = s->learnt[1];
			s->learnt[1] = s->learnt[i];
			s->learnt[i] = t;
		}
	}
	s->bump *= 1 / 0.95;
	return size;
}

/* Keeps the shorter half of the learnt clauses once they hold too many
 * literals (of those as long as the median, only enough to make half);
 * clauses that are the reason of an assignment stay. */
static void forget(struct sd_learn_space *s)
{
	size_t shorter = 0, count = 0, to = 0, median_left;
	size_t lengths[65] = { 0 };
	int median = 64;

	for (size_t at = 0; at < s->nclauses; at += (size_t)SIZE_OF(s->clauses[at]) + 1, count++)
		lengths[SIZE_OF(s->clauses[at]) > 64 ? 64 : SIZE_OF(s->clauses[at])]++;
	for (int len = 2; len <= 64; len++) {
		if ((shorter + lengths[len]) * 2 >= count) {
			median = len;
			break;
		}
		shorter += lengths[len];
	}
	median_left = count / 2 - shorter;
	sd_learn_unwatch_all(s);
	for (size_t at = 0; at < s->nclauses;) {
		int size = SIZE_OF(s->clauses[at]), *lit = s->clauses + at + 1;
		int v0 = lit[0] >> 1;
		bool reason = s->value[v0] >= 0 && s->var[v0].why == WHY(WHY_CLAUSE, (int)at);
		bool keep = reason || (s->clauses[at] & KEEP_ALWAYS) || size < median ||
			(size == median && median_left > 0);
		size_t next = at + (size_t)size + 1;
		if (keep) {
			median_left -= size == median && median_left > 0;
			if (reason)
				s->var[v0].why = WHY(WHY_CLAUSE, (int)to);
			memmove(s->clauses + to, s->clauses + at, (size_t)(size + 1) * sizeof *s->clauses);
			sd_learn_watch_clause(s, (int)to);
			to += (size_t)size + 1;
		}
		at = next;
	}
	s->nclauses = to;
}

/* Learns the clause in s->learnt, jumps back, and asserts its first
 * literal; false when memory runs out. */
static bool learn(struct sd_learn_space *s, int size, int back)
{
	int v = s->learnt[0];
	int asserted = !s->value[v];

	for (int i = 0; i < size; i++)
		s->scratch[i] = lit_false(s, s->learnt[i]);
	jump_back(s, back);
	if (size == 1) {
		assign(s, v, asserted, WHY(WHY_NONE, 0));
		return true;
	}
	if (s->nclauses + (size_t)size + 1 > LEARN_KEEP)
		forget(s);
	if (s->nclauses + (size_t)size + 1 > s->capclauses) {
		size_t cap = s->capclauses ? 2 * s->capclauses : 4096;
		while (cap < s->nclauses + (size_t)size + 1)
			cap *= 2;
		int *c = realloc(s->clauses, cap * sizeof *c);
		if (!c)
			return false;
		s->clauses = c;
		s->capclauses = cap;
	}
	int ci = (int)s->nclauses;
	s->clauses[ci] = size | (WHY_KIND(s->conflict) == WHY_DECISIONS ? KEEP_ALWAYS : 0);
	memcpy(s->clauses + ci + 1, s->scratch, (size_t)size * sizeof *s->scratch);
	s->nclauses += (size_t)size + 1;
	if (!sd_learn_watch_clause(s, ci))
		return false;
	assign(s, v, asserted, WHY(WHY_CLAUSE, ci));
	return true;
}

/* Backs out of a contradiction; false when there is nothing left to try. */
static bool resolve(struct sd_learn_space *s)
{
	int back;

	s->res->backtracks++;
	if (s->nlevels == 0)
		return false;
	int size = analyze(s, &back);
	if (!learn(s, size, back)) {
		s->res->stop = SD_STOP_LIMIT;
		s->stopped = true;
		return false;
	}
	return true;
}

/* Learns from the contradiction at hand and propagates what follows,
 * again while that meets another; false when the search is over. */
bool sd_learn_recover(struct sd_learn_space *s)
{
	do
		if (!resolve(s))
			return false;
	while (!sd_learn_propagate(s));
	return !s->stopped;
}
