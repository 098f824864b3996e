/* Chains whose grid changes as they go: multiple forcing chains (cell
 * and region, 8.0 to 8.5), Nishio (7.5) and dynamic forcing chains (8.5
 * and up: the simpler rules inside, and nested chains, at SE's levels 1
 * to 5).  The implications of an assumption, "on" to "off" and "off" to
 * "on", are followed on a copy of the candidates that loses what each
 * "off" potential turns off; a contradiction, or a potential that every
 * outcome of a cell or a region implies, makes a hint. */
#include <stdlib.h>
#include <string.h>
#include "logic/chain_int.h"

/* ---- one step of implication -------------------------------------------- */

/* The room for a step's products is taken by chains_begin. */
static void made_begin(struct chains *ch)
{
	ch->nmade = ch->nhid = 0;
	next_stamp(ch);
}

/* Adds a product unless one of its state is there (SE's LinkedHashSet). */
static struct made *made_add(struct chains *ch, int state, int32_t parent, int cause)
{
	if (ch->stamp[state] == ch->now)
		return NULL;
	ch->stamp[state] = ch->now;
	struct made *m = &ch->made[ch->nmade++];
	*m = (struct made){ state, parent, ch->nhid, 0, cause };
	return m;
}

static void add_hidden(struct chains *ch, struct made *m, const struct pset *off, int state)
{
	int32_t node = pset_get(off, state);

	if (node < 0)
		return;
	ch->hid[ch->nhid++] = node;
	m->nhid++;
}

/* A dynamic chain turns potential s off in the candidates it sees. */
static void work_remove(struct chains *ch, int s)
{
	const struct sd_units *u = &ch->lg->units;
	int cell = cell_of(ch, s), d = digit_of(ch, s);

	ch->work[cell] &= ~bit(d);
	for (int k = 0; k < 3; k++)
		ch->work_places[u->unit_of[cell][k] * ch->n + d - 1] &= ~(1ULL << u->index_in[cell][k]);
}

/* An "off" potential turns on the other digit of a cell of two (y), and
 * the other place of a digit with two in a region (x).  In dynamic
 * chains, the digits gone since the start are parents too. */
static void off_to_on(struct chains *ch, int32_t p, bool y, bool x, const struct pset *off)
{
	int s = ch->nodes[p].state, cell = cell_of(ch, s), d = digit_of(ch, s);

	made_begin(ch);
	if (y && two_bits(ch->work[cell])) {
		int other = lowest(ch->work[cell] & ~bit(d)) + 1;
		struct made *m = made_add(ch, state_of(ch, cell, other, true), p, CAUSE_CELL);
		if (m && ch->source)
			for (uint64_t gone = ch->source[cell] & ~ch->work[cell]; gone; gone &= gone - 1)
				add_hidden(ch, m, off, state_of(ch, cell, lowest(gone) + 1, false));
	}
	if (!x)
		return;
	for (int kind = 0; kind < 3; kind++) {
		const uint16_t *cells = region_cells(ch, kind, cell);
		uint64_t now;
		int other = conjugate(ch, kind, cell, d, &now);
		if (other < 0)
			continue;
		struct made *m = made_add(ch, state_of(ch, other, d, true), p, CAUSE_BOX + kind);
		if (m && ch->source)
			for (uint64_t gone = places(ch, ch->start_places, kind, cell, d) & ~now; gone;
			     gone &= gone - 1)
				add_hidden(ch, m, off, state_of(ch, cells[lowest(gone)], d, false));
	}
}

/* ---- the implications ---------------------------------------------------- */

/* DF+: the potentials a simpler rule turns off on the chain's grid join
 * the "off" ones not known yet, with the chain's potentials the rule
 * relied on as parents. */
struct advanced { struct chains *ch; struct pset *off; struct fifo *q_off; };

static void advanced_found(void *arg, const int32_t *offs, int noff, const int32_t *parents,
			   int nparents, const struct chain_hint *nested)
{
	struct advanced *x = arg;
	struct chains *ch = x->ch;
	int32_t nodes[SD_MAXCELLS * SD_MAXN > 4096 ? 4096 : SD_MAXCELLS * SD_MAXN];
	int count = 0, nest = -1;

	for (int i = 0; i < nparents && count < (int)(sizeof nodes / sizeof nodes[0]); i++) {
		int32_t p = pset_get(x->off, parents[i]);
		if (p >= 0)
			nodes[count++] = p;
	}
	if (nested) {
		if (!reserve(ch, (void **)&ch->nests, &ch->capnests, ch->nnests + 1, sizeof *ch->nests))
			return;
		nest = ch->nnests++;
		ch->nests[nest].complexity = nested->complexity;
		ch->nests[nest].hash = nested->hash;
	}
	for (int i = 0; i < noff; i++) {
		if (pset_has(x->off, offs[i]))
			continue;
		int32_t node = new_node(ch, offs[i], -1, nodes, count, CAUSE_ADVANCED);
		if (node < 0)
			return;
		ch->nodes[node].nest = nest;
		push(ch, x->q_off, node);
		pset_put(ch, x->off, offs[i], node);
	}
}

/* The simpler rules on the chain's grid as a rule cache keeps them
 * (rule_cache.c): the same grids come back, from one assumption to the
 * next (two in five rounds on hardest.txt).  Each deduction goes to
 * advanced_found as it is made, and is kept with the others. */
struct advanced_kept { struct advanced *x; struct chain_hints h; };

static void advanced_keep(void *arg, const int32_t *offs, int noff, const int32_t *parents,
			  int nparents, const struct chain_hint *nested)
{
	struct advanced_kept *k = arg;
	struct chains *ch = k->x->ch;
	struct chain_hints *h = &k->h;

	advanced_found(k->x, offs, noff, parents, nparents, nested);
	if (!reserve(ch, (void **)&h->at, &h->cap, h->count + 1, sizeof *h->at) ||
	    !reserve(ch, (void **)&h->states, &h->capstates, h->nstates + noff + nparents, sizeof *h->states))
		return;
	h->at[h->count++] = (struct chain_hint){ .rem = h->nstates, .nrem = noff, .par = h->nstates + noff,
						 .npar = nparents };
	memcpy(h->states + h->nstates, offs, (size_t)noff * sizeof *offs);
	memcpy(h->states + h->nstates + noff, parents, (size_t)nparents * sizeof *parents);
	h->nstates += noff + nparents;
}

static bool advanced_rules(struct chains *ch, struct advanced *x)
{
	struct sd_rule_cache *cache = ch->lg->chain_store ? &ch->lg->chain_store->rules : NULL;
	const struct rule_entry *known = sd_rule_cache_find(cache, CHAIN_ADVANCED, 0, ch->source, ch->work);

	if (known)
		return sd_rule_cache_replay(ch->lg, known, advanced_found, x) > 0;
	struct advanced_kept k = { x, { 0 } };
	bool got = sd_advanced_rules(ch->lg, ch->source, ch->work, ch->work_places,
				     cache ? advanced_keep : advanced_found, cache ? (void *)&k : (void *)x);
	if (!ch->failed)
		sd_rule_cache_put(cache, CHAIN_ADVANCED, 0, ch->source, ch->work, &k.h, NULL, got, 0);
	chain_free(ch->lg, k.h.at, (size_t)k.h.cap * sizeof *k.h.at);
	chain_free(ch->lg, k.h.states, (size_t)k.h.capstates * sizeof *k.h.states);
	return got;
}

/* One "off" potential m an "on" one implies, in implications: with its
 * opposite on, a contradiction (the two nodes into absurd); else queued
 * when new. */
static inline bool implied_off(struct chains *ch, struct pset *on, struct pset *off, struct fifo *q_off,
			       int32_t absurd[2], const struct made *m)
{
	if (pset_has(on, m->state | 1)) {
		absurd[0] = pset_get(on, m->state | 1);
		absurd[1] = keep(ch, m);
		return true;
	}
	enqueue_new(ch, off, q_off, m, -1);
	return false;
}

/* An "on" potential p turns off the cell's other digits (y) and the digit
 * in the cell's peers, each handled as it is found (they are distinct);
 * returns whether one made a contradiction. */
static bool on_to_off(struct chains *ch, int32_t p, bool y, struct pset *on, struct pset *off,
		      struct fifo *q_off, int32_t absurd[2])
{
	int s = ch->nodes[p].state, cell = cell_of(ch, s), d = digit_of(ch, s);

	if (y)
		for (uint64_t m = ch->work[cell] & ~bit(d); m; m &= m - 1) {
			struct made x = { state_of(ch, cell, lowest(m) + 1, false), p, 0, 0, CAUSE_CELL };
			if (implied_off(ch, on, off, q_off, absurd, &x))
				return true;
		}
	for (int kind = 0; kind < 3; kind++) {
		const uint16_t *cells = region_cells(ch, kind, cell);
		for (uint64_t m = peer_places(ch, ch->work_places, kind, cell, d); m; m &= m - 1) {
			struct made x = { state_of(ch, cells[lowest(m)], d, false), p, 0, 0, CAUSE_BOX + kind };
			if (implied_off(ch, on, off, q_off, absurd, &x))
				return true;
		}
	}
	return false;
}

/* SE's doChaining: everything the potentials in on and off imply, one
 * potential at a time, "on" ones first; returns the first potential
 * found both on and off as its two nodes (on in absurd[0]), or false.
 * Dynamic chains see the candidates as the "off" potentials go. */
static bool implications(struct chains *ch, struct pset *on, struct pset *off, int32_t absurd[2])
{
	struct fifo *q_on = fifo_reset(&ch->q_on), *q_off = fifo_reset(&ch->q_off);
	bool y = !ch->nishio, contradiction = false;

	/* the grid copied (a unit per 16 cells), then a unit per potential,
	 * when they are done (at most every state, a few milliseconds on
	 * 64x64), and before each round of the simpler rules */
	if (spend(ch, 1 + ch->cells / 16))
		return false;
	memcpy(ch->work, ch->base, (size_t)ch->cells * sizeof *ch->work);
	memcpy(ch->work_places, ch->start_places, (size_t)(3 * ch->n * ch->n) * sizeof *ch->work_places);
	ch->source = ch->dynamic ? ch->base : NULL;
	for (int i = 0; i < on->count; i++)
		push(ch, q_on, pset_get(on, on->order[i]));
	for (int i = 0; i < off->count; i++)
		push(ch, q_off, pset_get(off, off->order[i]));
	while (!contradiction && !ch->failed && (!fifo_empty(q_on) || !fifo_empty(q_off))) {
		if (!fifo_empty(q_on)) {
			contradiction = on_to_off(ch, q_on->at[q_on->head++], y, on, off, q_off, absurd);
		} else {
			int32_t p = q_off->at[q_off->head++];
			off_to_on(ch, p, y, true, off);
			if (ch->dynamic)
				work_remove(ch, ch->nodes[p].state);
			for (int i = 0; i < ch->nmade && !contradiction; i++) {
				int s = ch->made[i].state;
				if (pset_has(off, s & ~1)) {
					absurd[0] = keep(ch, &ch->made[i]);
					absurd[1] = pset_get(off, s & ~1);
					contradiction = true;
				} else {
					enqueue_new(ch, on, q_on, &ch->made[i], -1);
				}
			}
		}
		if (ch->level > 0 && !contradiction && fifo_empty(q_on) && fifo_empty(q_off)) {
			struct advanced x = { ch, off, q_off };
			/* the rules look over every house's places of every
			 * digit, and pairs of them: 27 units on 9x9, n^4 / 243
			 * (measured: their time grows so on 25x25 and 36x36) */
			if (!spend(ch, (long long)ch->n * ch->n * ch->n * ch->n / 243) &&
			    !advanced_rules(ch, &x) &&
			    ch->level >= 2 && !ch->lg->nesting->rules(ch->lg, ch->source, ch->work, ch->level,
								advanced_found, &x))
				ch->failed = true;
		}
	}
	spend(ch, walked(ch, 1));
	return contradiction;
}

/* ---- what an assumption implies, found once ------------------------------ */

/* The implications of "cell holds d" (SE's doChaining from it alone):
 * the potentials on and off into *on and *off, read only; its
 * contradiction's nodes into absurd, and whether there was one.  A
 * cell's region chains assume each other place of the digit, which the
 * region chains of the other cells there and that place's own cell
 * assume again: the multiple and dynamic chains keep what each such
 * assumption implied, with its nodes, until its cell is done, spend the
 * work it took each time it is asked, and give it as it is kept.  Nishio
 * chains (and a search past half its memory, SD_CHAIN_MEMORY) find it
 * into room_on and room_off, empty, which the caller frees. */
static bool assume_on(struct chains *ch, int cell, int d, struct pset *room_on, struct pset *room_off,
		      struct pset **on, struct pset **off, int32_t absurd[2])
{
	int s = state_of(ch, cell, d, true);
	struct assumed *a = NULL;

	if (!ch->nishio) {
		if (!ch->assumed)
			ch->assumed = chain_alloc(ch, (size_t)ch->cells * ch->n * sizeof *ch->assumed, true);
		if (ch->assumed)
			a = &ch->assumed[cell * ch->n + d - 1];
	}
	if (a && a->known) {
		*on = &a->on;
		*off = &a->off;
		if (spend(ch, a->work))
			return false;
		absurd[0] = a->absurd[0];
		absurd[1] = a->absurd[1];
		return a->contradiction;
	}
	long long work = ch->lg->work;
	*on = room_on;
	*off = room_off;
	pset_put(ch, room_on, s, new_node(ch, s, -1, NULL, 0, CAUSE_NONE));
	bool contradiction = implications(ch, room_on, room_off, absurd);
	/* kept while the searches hold at most half their memory: past
	 * that, found again when asked (for the same work) */
	if (a && !ch->failed && ch->lg->chain_bytes <= SD_CHAIN_MEMORY / 2) {
		*a = (struct assumed){ *room_on, *room_off, { -1, -1 }, true, contradiction,
				       ch->lg->work - work };
		if (contradiction)
			memcpy(a->absurd, absurd, sizeof a->absurd);
		*room_on = *room_off = pset_none(ch);
		*on = &a->on;
		*off = &a->off;
		ch->nassumed++;
	}
	return contradiction;
}

void sd_chain_assumed_forget(struct chains *ch, int cell)
{
	if (!ch->nassumed)
		return;
	int first = cell < 0 ? 0 : cell, end = cell < 0 ? ch->cells : cell + 1;
	for (int i = first * ch->n; i < end * ch->n; i++) {
		struct assumed *a = &ch->assumed[i];
		if (!a->known)
			continue;
		pset_free(ch, &a->on);
		pset_free(ch, &a->off);
		a->known = false;
		ch->nassumed--;
	}
}

/* ---- multiple and dynamic forcing chains -------------------------------- */

/* The potentials in every one of sets[0, count), in the first's order
 * and with its nodes (SE's retainAll on a copy of the first), into out,
 * empty: each looked up once, not copied and then taken out. */
static void pset_common(struct chains *ch, struct pset *out, struct pset *const *sets, int count)
{
	const struct pset *first = sets[0];

	for (int i = 0; i < first->count; i++) {
		int32_t s = first->order[i];
		int k = 1;
		while (k < count && pset_has(sets[k], s))
			k++;
		if (k == count)
			pset_put_new(ch, out, s, pset_get(first, s));
	}
}

/* A hint from both states of a potential (kind 8), every digit of a cell
 * (9) or every place of a digit in a unit (10): its source. */
static void source_of(struct sd_step *st, int kind, int state)
{
	st->variant = kind;
	st->npattern = 1;
	st->pattern[0] = state;
}

/* An assumption that leads to a potential both on and off: result is
 * its opposite; the step keeps the two chains. */
static void contradiction_hint(struct chains *ch, int result, const int32_t absurd[2], double base)
{
	int room = (SD_MAX_SHOWN - 1) / 2;
	struct sd_step st;

	sd_chain_result_step(ch, &st, SD_TECH_FORCING_CHAIN, result, true);
	st.variant = 7;
	st.npattern = sd_chain_record(ch, &st, absurd[0], 0, room, true);
	st.pattern[st.npattern++] = -1;
	st.npattern += sd_chain_record(ch, &st, absurd[1], st.npattern, room, true);
	sd_chain_offer(ch, &st, base, sd_chain_ancestors(ch, absurd[0]) + sd_chain_ancestors(ch, absurd[1]), 7, absurd, 2,
	      CAUSE_NONE, false);
}

/* SE's double forcing chains: what a potential (source) implies alike
 * on and off. */
static void double_hints(struct chains *ch, struct pset *from_on, struct pset *from_off, int source,
			 double base)
{
	struct sd_step st;

	for (int i = 0; i < from_on->count; i++) {
		int s = from_on->order[i];
		int32_t other = pset_get(from_off, s);
		if (other < 0)
			continue;
		sd_chain_result_step(ch, &st, SD_TECH_FORCING_CHAIN, s, true);
		source_of(&st, 8, source);
		int32_t targets[2] = { pset_get(from_on, s), other };
		sd_chain_offer(ch, &st, base, sd_chain_ancestors(ch, targets[0]) + sd_chain_ancestors(ch, targets[1]), 1, targets, 2,
		      CAUSE_NONE, false);
	}
}

/* SE's doBinaryChaining: the consequences of "cell holds d" (on_on,
 * on_off) and of its opposite; a contradiction either way, and (double
 * chains) a potential both ways alike, are hints. */
static void binary(struct chains *ch, int cell, int d, struct pset *room_on, struct pset *room_off,
		   struct pset **on_on, struct pset **on_off, bool doubles, bool contradictions,
		   double base)
{
	struct pset off_on = pset_none(ch), off_off = pset_none(ch);
	int32_t absurd[2];
	int s_on = state_of(ch, cell, d, true), s_off = s_on & ~1;

	if (assume_on(ch, cell, d, room_on, room_off, on_on, on_off, absurd) && contradictions)
		contradiction_hint(ch, s_off, absurd, base);
	/* SE follows the opposite's consequences in multiple chains too,
	 * and reads neither them nor a contradiction there */
	if (!doubles && !contradictions)
		return;
	pset_put(ch, &off_off, s_off, new_node(ch, s_off, -1, NULL, 0, CAUSE_NONE));
	if (implications(ch, &off_on, &off_off, absurd) && contradictions)
		contradiction_hint(ch, s_on, absurd, base);
	if (doubles) {
		double_hints(ch, *on_on, &off_on, s_on, base);
		double_hints(ch, *on_off, &off_off, s_on, base);
	}
	pset_free(ch, &off_on);
	pset_free(ch, &off_off);
}

/* A hint whose result holds whatever a cell or region holds: the result
 * (from the first outcome, as SE takes it) and the outcomes' lengths. */
static void reduction_hints(struct chains *ch, const struct pset *common, struct pset *const *outcomes,
			    int count, double base, int sort_key, int source_state, int unit,
			    int start_cause)
{
	struct sd_step st;
	int32_t targets[SD_MAXN];

	for (int k = 0; k < common->count; k++) {
		int s = common->order[k], complexity = 0;
		for (int i = 0; i < count; i++) {
			targets[i] = pset_get(outcomes[i], s);
			complexity += sd_chain_ancestors(ch, targets[i]);
		}
		sd_chain_result_step(ch, &st, SD_TECH_FORCING_CHAIN, s, true);
		source_of(&st, unit >= 0 ? 10 : 9, source_state);
		st.unit = unit;
		sd_chain_offer(ch, &st, base, complexity, sort_key, targets, count, start_cause, false);
	}
}

/* SE's doRegionChainings: d in each region of cell where cell is its
 * first place (and it has two places, or more for multiple chains).  The
 * consequences of d in another place are the same in each region that
 * holds it: found once, and kept while a later region may hold it. */
static void regions(struct chains *ch, int cell, int d, struct pset *on_on, struct pset *on_off,
		    double base)
{
	struct pset place_on[2 * SD_MAXN], place_off[2 * SD_MAXN];   /* room, see assume_on */
	struct pset *implied_on[2 * SD_MAXN], *implied_off[2 * SD_MAXN];
	int place_cell[2 * SD_MAXN], nplaces = 0;

	for (int kind = 0; kind < 3; kind++) {
		const uint16_t *cells = region_cells(ch, kind, cell);
		uint64_t where = places(ch, ch->start_places, kind, cell, d);
		int count = popcount(where);
		if ((count == 2 || (ch->multiple && count > 2)) && cells[lowest(where)] == cell) {
			struct pset *pos_on[SD_MAXN], *pos_off[SD_MAXN];
			struct pset region_on = pset_none(ch), region_off = pset_none(ch);
			int k = 0;
			for (uint64_t m = where; m; m &= m - 1, k++) {
				int other = cells[lowest(m)], j = 0;
				if (other == cell) {
					pos_on[k] = on_on;
					pos_off[k] = on_off;
					continue;
				}
				while (j < nplaces && place_cell[j] != other)
					j++;
				if (j == nplaces) {
					int32_t absurd[2];
					place_on[j] = place_off[j] = pset_none(ch);
					place_cell[nplaces++] = other;
					assume_on(ch, other, d, &place_on[j], &place_off[j], &implied_on[j],
						  &implied_off[j], absurd);
				}
				pos_on[k] = implied_on[j];
				pos_off[k] = implied_off[j];
			}
			/* cell is the first place: its outcome first */
			pset_common(ch, &region_on, pos_on, k);
			pset_common(ch, &region_off, pos_off, k);
			int source = state_of(ch, cell, d, true), unit = se_region(ch->lg, kind, cell);
			reduction_hints(ch, &region_on, pos_on, k, base, 6, source, unit, CAUSE_BOX + kind);
			reduction_hints(ch, &region_off, pos_off, k, base, 6, source, unit, CAUSE_BOX + kind);
			pset_free(ch, &region_on);
			pset_free(ch, &region_off);
		}
		/* the places no later region of cell holds go */
		for (int j = 0; j < nplaces; j++) {
			bool later = false;
			for (int k = kind + 1; k < 3 && !later; k++)
				later = se_region(ch->lg, k, place_cell[j]) == se_region(ch->lg, k, cell);
			if (later)
				continue;
			pset_free(ch, &place_on[j]);
			pset_free(ch, &place_off[j]);
			nplaces--;
			place_on[j] = place_on[nplaces];
			place_off[j] = place_off[nplaces];
			/* the room moved: what was found in it moves along */
			implied_on[j] = implied_on[nplaces] == &place_on[nplaces] ? &place_on[j] : implied_on[nplaces];
			implied_off[j] = implied_off[nplaces] == &place_off[nplaces] ? &place_off[j] : implied_off[nplaces];
			place_cell[j--] = place_cell[nplaces];
		}
	}
}

/* SE's getMultipleChainsHintList for one cell. */
void sd_chain_multiple(struct chains *ch, int cell, double base)
{
	int count = popcount(ch->base[cell]), k = 0;
	/* room for the outcomes (see assume_on), and the outcomes */
	struct pset value_on[SD_MAXN], value_off[SD_MAXN], cell_on = pset_none(ch), cell_off = pset_none(ch);
	struct pset *outcome_on[SD_MAXN], *outcome_off[SD_MAXN];

	for (int i = 0; i < SD_MAXN; i++)
		value_on[i] = value_off[i] = pset_none(ch);
	for (uint64_t m = ch->base[cell]; m && !ch->failed; m &= m - 1, k++) {
		int d = lowest(m) + 1;
		binary(ch, cell, d, &value_on[k], &value_off[k], &outcome_on[k], &outcome_off[k],
		       count >= 3 && !ch->nishio && ch->dynamic, ch->dynamic || ch->nishio, base);
		if (!ch->nishio)
			regions(ch, cell, d, outcome_on[k], outcome_off[k], base);
	}
	if (!ch->nishio && !ch->failed && k > 0 && (count == 2 || (ch->multiple && count > 2))) {
		pset_common(ch, &cell_on, outcome_on, k);
		pset_common(ch, &cell_off, outcome_off, k);
		reduction_hints(ch, &cell_on, outcome_on, k, base, 5, state_of(ch, cell, 1, true), -1,
				CAUSE_CELL);
		reduction_hints(ch, &cell_off, outcome_off, k, base, 5, state_of(ch, cell, 1, true), -1,
				CAUSE_CELL);
	}
	for (int i = 0; i < k; i++) {
		pset_free(ch, &value_on[i]);
		pset_free(ch, &value_off[i]);
	}
	pset_free(ch, &cell_on);
	pset_free(ch, &cell_off);
}
