/* Chains of implications, as Sudoku Explainer searches them: bidirectional
 * cycles and forcing X- and Y-chains (6.5 and up), Nishio forcing chains
 * (7.5), multiple forcing chains, cell and region (8.0) and dynamic
 * forcing chains (8.5).  A potential is a digit in a cell, on (the cell
 * holds it) or off; one potential implies others, and a chain is the
 * path of implications back to the assumption.  SE rates a chain by its
 * length: the number of distinct potentials among the ancestors.  Which
 * chain SE applies among many decides later steps, so the search order,
 * the breadth-first order and SE's ties (difficulty, then length, then
 * the kind of hint, then the order found) are followed. */
#include <stdlib.h>
#include <string.h>
#include "logic/chain_int.h"

/* ---- growing arrays ----------------------------------------------------- */

/* The slow path of reserve, out of line so that the fast one (a compare)
 * is inlined in the hot loops. */
static __attribute__((noinline)) bool grow(struct chains *ch, void **p, int *cap, int need,
					   size_t size)
{
	int cap2 = *cap ? *cap : 256;
	while (cap2 < need)
		cap2 *= 2;
	void *q = realloc(*p, (size_t)cap2 * size);
	if (!q) {
		ch->failed = true;
		return false;
	}
	*p = q;
	*cap = cap2;
	return true;
}

static inline bool reserve(struct chains *ch, void **p, int *cap, int need, size_t size)
{
	return need <= *cap || grow(ch, p, cap, need, size);
}



static uint32_t next_stamp(struct chains *ch)
{
	if (++ch->now == 0) {
		memset(ch->stamp, 0, (size_t)ch->nstates * sizeof *ch->stamp);
		ch->now = 1;
	}
	return ch->now;
}

bool sd_chain_reserve(struct chains *ch, void **p, int *cap, int need, size_t size)
{
	return reserve(ch, p, cap, need, size);
}

uint32_t sd_chain_stamp(struct chains *ch)
{
	return next_stamp(ch);
}

/* ---- sets of potentials ------------------------------------------------- */

/* Takes storage for ps from the spares, or a new one with every state
 * absent.  Out of line: pset_put, inlined in the hot loops, calls it once
 * per set. */
static __attribute__((noinline)) bool pset_acquire(struct chains *ch, struct pset *ps)
{
	int32_t *at;

	if (ch->nspare) {
		at = ch->spare[--ch->nspare];
	} else {
		at = malloc((size_t)ch->nstates * 2 * sizeof *at);
		if (!at) {
			ch->failed = true;
			return false;
		}
		memset(at, -1, (size_t)ch->nstates * sizeof *at);
	}
	ps->val = at;
	ps->order = at + ch->nstates;
	ps->count = 0;
	return true;
}

/* An empty set: no storage of its own yet, every state absent. */
static inline struct pset pset_none(const struct chains *ch)
{
	return (struct pset){ ch->absent, NULL, 0 };
}

static void pset_clear(struct pset *ps)
{
	for (int i = 0; i < ps->count; i++)
		ps->val[ps->order[i]] = -1;
	ps->count = 0;
}

/* Gives ps's storage back, cleared, to the spares. */
static void pset_free(struct chains *ch, struct pset *ps)
{
	if (ps->order) {
		pset_clear(ps);
		if (reserve(ch, (void **)&ch->spare, &ch->capspare, ch->nspare + 1, sizeof *ch->spare))
			ch->spare[ch->nspare++] = ps->val;
		else
			free(ps->val);
	}
	*ps = pset_none(ch);
}

static int32_t pset_get(const struct pset *ps, int32_t state)
{
	return ps->val[state];
}

static bool pset_has(const struct pset *ps, int32_t state)
{
	return pset_get(ps, state) >= 0;
}

/* SE's add: a new state goes last; a known one gets the new node.  A
 * node of -1 (out of memory) is not added. */
static inline void pset_put(struct chains *ch, struct pset *ps, int32_t state, int32_t node)
{
	if (node < 0 || (!ps->order && !pset_acquire(ch, ps)))
		return;
	if (ps->val[state] < 0)
		ps->order[ps->count++] = state;
	ps->val[state] = node;
}

/* pset_put for a state known to be absent. */
static inline void pset_put_new(struct chains *ch, struct pset *ps, int32_t state, int32_t node)
{
	if (node < 0 || (!ps->order && !pset_acquire(ch, ps)))
		return;
	ps->order[ps->count++] = state;
	ps->val[state] = node;
}

static void pset_copy(struct chains *ch, struct pset *to, const struct pset *from)
{
	pset_clear(to);
	for (int i = 0; i < from->count; i++)
		pset_put(ch, to, from->order[i], from->val[from->order[i]]);
}

/* Keeps the states of ps that are in other, in their order. */
static void pset_retain(struct pset *ps, const struct pset *other)
{
	int kept = 0;

	for (int i = 0; i < ps->count; i++) {
		int32_t s = ps->order[i];
		if (pset_has(other, s))
			ps->order[kept++] = s;
		else
			ps->val[s] = -1;
	}
	ps->count = kept;
}

/* ---- nodes -------------------------------------------------------------- */

/* new_node's path for a node with more than one parent, or when the
 * nodes need more room: out of line, the common case inlined. */
static __attribute__((noinline)) int32_t new_node_slow(struct chains *ch, int32_t state, int32_t parent,
						       const int32_t *hidden, int nhidden, int cause)
{
	if (!reserve(ch, (void **)&ch->nodes, &ch->capnodes, ch->nnodes + 1, sizeof *ch->nodes))
		return -1;
	if (parent < 0 && nhidden > 0) {
		parent = hidden[0];
		hidden++;
		nhidden--;
	}
	if (!reserve(ch, (void **)&ch->pars, &ch->cappars, ch->npars + nhidden, sizeof *ch->pars))
		return -1;
	if (nhidden)    /* no room is taken for none: pars may be NULL */
		memcpy(ch->pars + ch->npars, hidden, (size_t)nhidden * sizeof *hidden);
	ch->nodes[ch->nnodes] = (struct node){ state, parent, ch->npars, -1, (int16_t)nhidden, (int8_t)cause };
	ch->npars += nhidden;
	return ch->nnodes++;
}

/* A node for a potential of state, implied by parent (-1 none) with the
 * hidden parents, for SE's cause; its index, or -1 out of memory. */
static inline int32_t new_node(struct chains *ch, int32_t state, int32_t parent, const int32_t *hidden,
			       int nhidden, int cause)
{
	if (nhidden || ch->nnodes >= ch->capnodes)
		return new_node_slow(ch, state, parent, hidden, nhidden, cause);
	ch->nodes[ch->nnodes] = (struct node){ state, parent, 0, -1, 0, (int8_t)cause };
	return ch->nnodes++;
}

/* Keeps a product of one step as a node. */
static inline int32_t keep(struct chains *ch, const struct made *m)
{
	return new_node(ch, m->state, m->parent, m->nhid ? ch->hid + m->hid : NULL, m->nhid, m->cause);
}

/* SE's ancestor count and getChain: the distinct potentials a node stems
 * from, itself included, breadth first, each state once; they are left in
 * ch->queue[0, count) for whoever wants them. */
int sd_chain_ancestors(struct chains *ch, int32_t node)
{
	uint32_t stamp = next_stamp(ch);
	int head = 0, tail = 0, count = 0;

	if (!reserve(ch, (void **)&ch->queue, &ch->capqueue, 1, sizeof *ch->queue))
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
		const struct node *n = &ch->nodes[p];
		if (!reserve(ch, (void **)&ch->queue, &ch->capqueue, tail + n->nmore + 2, sizeof *ch->queue))
			return count;
		ch->queue[count++] = p;
		if (n->parent >= 0)
			ch->queue[tail++] = n->parent;
		for (int i = 0; i < n->nmore; i++)
			ch->queue[tail++] = ch->pars[n->more + i];
	}
	return count;
}

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


/* The places of digit d in SE's region kind of cell, as a mask of its
 * positions, in the table at (the chain's or the start's). */
static uint64_t places(const struct chains *ch, const uint64_t *at, int kind, int cell, int d)
{
	return at[se_region(ch->lg, kind, cell) * ch->n + d - 1];
}

/* The places of d in SE's region kind of cell (at: the chain's table or
 * the start's) but the cell's own and, in its row and column, those in
 * its box: the peers an "on" potential turns off there, each once. */
static inline uint64_t peer_places(const struct chains *ch, const uint64_t *at, int kind, int cell, int d)
{
	const struct sd_logic *lg = ch->lg;
	const uint8_t *index = lg->units.index_in[cell];
	uint64_t mine = kind == 0 ? 1ULL << index[2] :
			kind == 1 ? lg->runs.run_c[index[0]] : lg->runs.run_r[index[1]];

	return places(ch, at, kind, cell, d) & ~mine;
}

/* The other place of d in SE's region kind of cell on the chain's grid,
 * when d has exactly two there (its conjugate: "off" at cell forces it
 * on), or -1; now: d's places there. */
static inline int conjugate(const struct chains *ch, int kind, int cell, int d, uint64_t *now)
{
	const uint16_t *cells = region_cells(ch, kind, cell);

	*now = places(ch, ch->work_places, kind, cell, d);
	if (!two_bits(*now))
		return -1;
	int i = lowest(*now);
	return cells[i] == cell ? cells[lowest(*now & (*now - 1))] : cells[i];
}

/* The places of every digit in every unit, for the candidates cand. */
static void places_of(const struct chains *ch, const uint64_t *cand, uint64_t *at)
{
	const struct sd_units *u = &ch->lg->units;

	memset(at, 0, (size_t)(3 * ch->n * ch->n) * sizeof *at);
	for (int c = 0; c < ch->cells; c++)
		for (uint64_t m = cand[c]; m; m &= m - 1)
			for (int k = 0; k < 3; k++)
				at[u->unit_of[c][k] * ch->n + lowest(m)] |= 1ULL << u->index_in[c][k];
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

/* ---- static chains' products, found once ------------------------------- */

/* The most products kept for a static search: 16 MB. */
#define LINKS_MAX (1 << 22)

/* The products of state s on the search's grid, as on_to_off (an "on"
 * state) or off_to_on (an "off" one) with y and x make them, each once
 * and in their order, into out as state * 4 + cause: the cell's first,
 * *mid of them; returns how many. */
static int links_of(struct chains *ch, int s, int32_t *out, int *mid)
{
	int cell = cell_of(ch, s), d = digit_of(ch, s), count = 0;
	uint64_t here = ch->work[cell];

	if (is_on(s)) {
		for (uint64_t m = here & ~bit(d); m; m &= m - 1)
			out[count++] = state_of(ch, cell, lowest(m) + 1, false) * 4 + CAUSE_CELL;
		*mid = count;
		for (int kind = 0; kind < 3; kind++) {
			const uint16_t *cells = region_cells(ch, kind, cell);
			for (uint64_t m = peer_places(ch, ch->work_places, kind, cell, d); m; m &= m - 1)
				out[count++] = state_of(ch, cells[lowest(m)], d, false) * 4 + CAUSE_BOX + kind;
		}
		return count;
	}
	if (two_bits(here))
		out[count++] = state_of(ch, cell, lowest(here & ~bit(d)) + 1, true) * 4 + CAUSE_CELL;
	*mid = count;
	for (int kind = 0; kind < 3; kind++) {
		uint64_t now;
		int other = conjugate(ch, kind, cell, d, &now);
		if (other < 0)
			continue;
		int t = state_of(ch, other, d, true) * 4 + CAUSE_BOX + kind;
		bool known = false;
		for (int j = *mid; j < count && !known; j++)
			known = out[j] >> 2 == t >> 2;
		if (!known)
			out[count++] = t;
	}
	return count;
}

/* The products of every candidate's two states on the search's grid (a
 * static search's, which does not change), when they fit in LINKS_MAX. */
static void links_build(struct chains *ch)
{
	long total = 0;

	ch->link = NULL;
	if (!ch->link_at)
		ch->link_at = malloc((size_t)(ch->nstates + 1) * sizeof *ch->link_at);
	if (!ch->link_mid)
		ch->link_mid = malloc((size_t)ch->nstates * sizeof *ch->link_mid);
	if (!ch->link_step)
		ch->link_step = malloc((size_t)4 * ch->n * sizeof *ch->link_step);
	if (!ch->link_span)
		ch->link_span = malloc((size_t)2 * ch->nstates * sizeof *ch->link_span);
	if (!ch->link_at || !ch->link_mid || !ch->link_step || !ch->link_span) {
		ch->failed = true;
		return;
	}
	/* at most: the cell's other digits and three regions' places of the
	 * digit for an "on" state, four for an "off" one */
	for (int c = 0; c < ch->cells; c++)
		for (uint64_t m = ch->work[c]; m; m &= m - 1) {
			total += popcount(ch->work[c]) + 4;
			for (int kind = 0; kind < 3; kind++)
				total += popcount(places(ch, ch->work_places, kind, c, lowest(m) + 1));
		}
	if (total > LINKS_MAX ||
	    !reserve(ch, (void **)&ch->link_room, &ch->caplink, (int)total, sizeof *ch->link_room))
		return;
	int count = 0;
	for (int c = 0; c < ch->cells; c++)
		for (int s = state_of(ch, c, 1, false); s < state_of(ch, c + 1, 1, false); s++) {
			int mid = 0;
			ch->link_at[s] = count;
			if (ch->work[c] & bit(digit_of(ch, s)))
				count += links_of(ch, s, ch->link_room + count, &mid);
			ch->link_mid[s] = ch->link_at[s] + mid;
		}
	ch->link_at[ch->nstates] = count;
	ch->link = ch->link_room;
}

/* The part of each state's products in the table that a search of kind
 * (y, x) takes (see links). */
static void links_span(struct chains *ch, bool y, bool x)
{
	if (!ch->link)
		return;
	for (int s = 0; s < ch->nstates; s++) {
		ch->link_span[2 * s] = y ? ch->link_at[s] : ch->link_mid[s];
		ch->link_span[2 * s + 1] = x || is_on(s) ? ch->link_at[s + 1] : ch->link_mid[s];
	}
}

/* The products of state s in a static search (on_to_off's with y, or
 * off_to_on's with y and x, the kind links_span was given), from the
 * table or found now; *count of them. */
static inline const int32_t *links(struct chains *ch, int s, bool y, bool x, int *count)
{
	const int32_t *from, *to;

	if (ch->link) {
		from = ch->link + ch->link_span[2 * s];
		to = ch->link + ch->link_span[2 * s + 1];
	} else {
		int mid, all = links_of(ch, s, ch->link_step, &mid);
		from = ch->link_step + (y ? 0 : mid);
		to = ch->link_step + (x || is_on(s) ? all : mid);
	}
	*count = (int)(to - from);
	return from;
}

/* ---- the searches ------------------------------------------------------- */


static inline void push(struct chains *ch, struct fifo *q, int32_t node)
{
	if (reserve(ch, (void **)&q->at, &q->cap, q->tail + 1, sizeof *q->at))
		q->at[q->tail++] = node;
}

static bool fifo_empty(const struct fifo *q) { return q->head == q->tail; }

/* One of the search's queues, emptied for a new walk. */
static struct fifo *fifo_reset(struct fifo *q)
{
	q->head = q->tail = 0;
	return q;
}

/* SE's "if not processed yet": a product new to set is queued and kept
 * there (as node when it is kept already); returns its node, or node. */
static inline __attribute__((always_inline)) int32_t
enqueue_new(struct chains *ch, struct pset *set, struct fifo *q, const struct made *m, int32_t node)
{
	if (pset_has(set, m->state))
		return node;
	if (node < 0)
		node = keep(ch, m);
	push(ch, q, node);
	pset_put_new(ch, set, m->state, node);
	return node;
}

/* Spends units of the rating's work (a potential followed is one); past
 * its limits the search fails: no step, and the rating knows why. */
static inline bool spend(struct chains *ch, long long units)
{
	if (sd_logic_spend(ch->lg, units))
		ch->failed = true;
	return ch->failed;
}

/* The units of the potentials the last walk took from its queues (each
 * entry of q_off two words in the static walks), to be spent when it is
 * done: spent as it went, a potential or a layer at a time, they cost 2
 * to 5% of a rating.  A walk takes each state at most once (cycles: each
 * "on" one), so it ends within a few milliseconds even on 64x64.  A
 * potential makes about 4n others: a unit on 9x9, n/9 of them above, so
 * that a unit takes about as long at every size. */
static inline long long walked(const struct chains *ch, int off_words)
{
	return (long long)(ch->q_on.head + ch->q_off.head / off_words) * ((ch->n + 8) / 9);
}

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
			    !sd_advanced_rules(ch->lg, ch->source, ch->work, ch->work_places, advanced_found, &x) &&
			    ch->level >= 2 && !ch->lg->nesting->rules(ch->lg, ch->source, ch->work, ch->level,
								advanced_found, &x))
				ch->failed = true;
		}
	}
	spend(ch, walked(ch, 1));
	return contradiction;
}

/* ---- hints -------------------------------------------------------------- */

/* SE's length difficulty: 0.1 per step of a scale growing by 3/2 and
 * 4/3 in turn, from 4. */
static double length_difficulty(int complexity)
{
	double added = 0.0;
	int ceil = 4, length = complexity - 2;
	bool odd = false;

	while (length > ceil) {
		added += 0.1;
		ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
		odd = !odd;
	}
	return added;
}

/* The chain that ends at node, from its assumption, into the step's
 * pattern from at as states (cell * n + digit - 1) * 2 + on, at most room
 * of them: when it is longer, its first ones, or with cut_middle its
 * start and end around a -2 (room 3 or more), as the assumption and the
 * conclusion are what a reader checks.  The cover gets the full length;
 * returns the number recorded. */
static int record_chain(const struct chains *ch, struct sd_step *st, int32_t node, int at, int room,
			bool cut_middle)
{
	int length = 0;

	for (int32_t p = node; p >= 0; p = first_parent(ch, p))
		length++;
	int head = length <= room ? length : cut_middle ? (room - 1) / 2 : room;
	int tail = length <= room || !cut_middle ? 0 : room - 1 - head, i = length - 1;
	for (int32_t p = node; p >= 0; p = first_parent(ch, p), i--)
		if (i < head)
			st->pattern[at + i] = ch->nodes[p].state;
		else if (i >= length - tail)
			st->pattern[at + head + 1 + i - (length - tail)] = ch->nodes[p].state;
	if (tail)
		st->pattern[at + head] = -2;
	st->cover += (uint64_t)length;
	return length <= room ? length : room;
}

/* A double, cell or region hint's chains, one per outcome, after its
 * source; outcomes past the room are left out. */
static void record_branches(const struct chains *ch, struct sd_step *st, const int32_t *targets,
			    int ntargets)
{
	int room = (SD_MAX_SHOWN - 1) / ntargets - 1;

	room = room < 3 ? 3 : room;
	st->npattern = 1;
	for (int t = 0; t < ntargets && st->npattern + 1 + room <= SD_MAX_SHOWN; t++) {
		st->pattern[st->npattern++] = -1;
		st->npattern += record_chain(ch, st, targets[t], st->npattern, room, true);
	}
}

/* Offers a hint (its flat complexity, SE's sort key, the potentials its
 * chains end at, what causes SE gives their assumptions, whether it is
 * a cycle): kept when SE would sort it before the best so far, or
 * collected when the search is a rule inside another chain. */
static void offer(struct chains *ch, const struct sd_step *st, double base, int complexity,
		  int sort_key, const int32_t *targets, int ntargets, int start_cause, bool cycle)
{
	if (!st->nremoved)
		return;
	complexity += ch->lg->nesting->complexity(ch, targets, ntargets);
	double difficulty = base + length_difficulty(complexity);
	if (ch->out) {
		ch->lg->nesting->collect_hint(ch, st, difficulty, complexity, sort_key, targets, ntargets,
				      start_cause, cycle);
		return;
	}
	if (ch->found && (difficulty > ch->difficulty ||
			  (difficulty == ch->difficulty && (complexity > ch->complexity ||
			   (complexity == ch->complexity && sort_key >= ch->sort_key)))))
		return;
	ch->found = true;
	ch->difficulty = difficulty;
	ch->complexity = complexity;
	ch->sort_key = sort_key;
	ch->best = *st;
	ch->best.score = difficulty;
	if (st->variant >= 8)
		record_branches(ch, &ch->best, targets, ntargets);
}

/* Adds the removal of digits (those the search started with) from cell. */
static void step_remove(const struct chains *ch, struct sd_step *st, int cell, uint64_t digits)
{
	digits &= ch->base[cell];
	if (digits && st->nremoved < SD_MAX_REMOVED) {
		st->removed[st->nremoved].cell = cell;
		st->removed[st->nremoved++].digits = digits;
	}
}

/* The removals of a hint whose result is potential s: an "on" result
 * takes the cell's other digits and places it, an "off" one removes it. */
static void result_step(struct chains *ch, struct sd_step *st, int tech, int s, bool place)
{
	int cell = cell_of(ch, s), d = digit_of(ch, s);

	sd_step_begin(st, tech, -1);
	if (is_on(s)) {
		step_remove(ch, st, cell, ~bit(d));
		if (place) {
			st->cell = cell;
			st->digit = d;
		}
	} else {
		step_remove(ch, st, cell, bit(d));
	}
}

/* A bidirectional cycle through dst_on: the digits that see an "on" and
 * an "off" potential of the loop in a cell outside it go. */
static void cycle_hint(struct chains *ch, int32_t dst_on, bool y, bool x)
{
	uint32_t in_loop = next_stamp(ch);
	struct sd_step st;
	uint64_t *seen = ch->seen;

	memset(seen, 0, (size_t)ch->cells * 2 * sizeof *seen);
	for (int32_t p = dst_on; first_parent(ch, p) >= 0; p = first_parent(ch, p))
		ch->stamp[cell_of(ch, ch->nodes[p].state)] = in_loop;   /* cells, not states */
	for (int32_t p = dst_on; first_parent(ch, p) >= 0; p = first_parent(ch, p)) {
		int s = ch->nodes[p].state, cell = cell_of(ch, s), d = digit_of(ch, s);
		for (int kind = 0; kind < 3; kind++) {
			const uint16_t *cells = region_cells(ch, kind, cell);
			/* the region's places of d at the start: the cells whose
			 * candidates (base) have it */
			for (uint64_t m = places(ch, ch->start_places, kind, cell, d); m; m &= m - 1)
				if (ch->stamp[cells[lowest(m)]] != in_loop)
					seen[cells[lowest(m)] * 2 + !is_on(s)] |= bit(d);
		}
	}
	sd_step_begin(&st, SD_TECH_FORCING_CHAIN, -1);
	for (int c = 0; c < ch->cells; c++)
		for (uint64_t both = seen[c * 2] & seen[c * 2 + 1]; both; both &= both - 1)
			step_remove(ch, &st, c, both & -both);
	st.variant = y && x ? 3 : y ? 2 : 1;
	st.npattern = record_chain(ch, &st, dst_on, 0, SD_MAX_PATTERN, false);
	offer(ch, &st, y && x ? 7.0 : 6.5, sd_chain_ancestors(ch, dst_on), y && x ? 4 : y ? 3 : 2, &dst_on, 1,
	      CAUSE_NONE, true);
}

static void forcing_chain_hint(struct chains *ch, int32_t target, bool y, bool x)
{
	struct sd_step st;
	int s = ch->nodes[target].state;

	result_step(ch, &st, SD_TECH_FORCING_CHAIN, s, true);
	st.variant = y && x ? 6 : y ? 5 : 4;
	st.npattern = record_chain(ch, &st, target, 0, SD_MAX_PATTERN, false);
	offer(ch, &st, y && x ? 7.0 : 6.6, sd_chain_ancestors(ch, target), y && x ? 4 : y ? 3 : 2, &target, 1,
	      CAUSE_NONE, false);
}

/* ---- cycles and forcing X- and Y-chains --------------------------------- */

/* SE's doCycles: breadth-first, a layer of "on" potentials then one of
 * "off"; a path back to the start of four links or more is a cycle.  The
 * "off" ones are not told apart (each is queued as often as it is made,
 * SE's set of them is never read): one waits in the queue as its link and
 * its parent, and becomes a node only when it implies an "on" potential
 * that is kept, which most never do. */
static void find_cycles(struct chains *ch, int32_t start, bool y, bool x, struct fifo *cycles)
{
	struct pset on = pset_none(ch);
	struct fifo *q_on = fifo_reset(&ch->q_on), *q_off = fifo_reset(&ch->q_off);
	int start_state = ch->nodes[start].state, length = 0;

	pset_put(ch, &on, start_state, start);
	push(ch, q_on, start);
	while (!ch->failed && (!fifo_empty(q_on) || !fifo_empty(q_off))) {
		length++;
		while (!fifo_empty(q_on)) {
			int32_t p = q_on->at[q_on->head++];
			int count;
			const int32_t *link = links(ch, ch->nodes[p].state, y, x, &count);
			/* p's first ancestors, stamped once rather than walked
			 * for each product (SE's isParent) */
			uint32_t ancestor = next_stamp(ch);
			for (int32_t a = first_parent(ch, p); a >= 0; a = first_parent(ch, a))
				ch->stamp[ch->nodes[a].state] = ancestor;
			if (!reserve(ch, (void **)&q_off->at, &q_off->cap, q_off->tail + 2 * count, sizeof *q_off->at))
				break;
			for (int i = 0; i < count; i++)
				if (ch->stamp[link[i] >> 2] != ancestor) {
					q_off->at[q_off->tail++] = link[i];
					q_off->at[q_off->tail++] = p;
				}
		}
		length++;
		while (!fifo_empty(q_off)) {
			int32_t made_off = q_off->at[q_off->head++], parent = q_off->at[q_off->head++];
			int32_t p = -1, count;
			const int32_t *link = links(ch, made_off >> 2, y, x, &count);
			for (int i = 0; i < count; i++) {
				struct made m = { link[i] >> 2, p, 0, 0, link[i] & 3 };
				bool cycle = length >= 4 && m.state == start_state;
				if (!cycle && pset_has(&on, m.state))
					continue;
				if (p < 0) {
					struct made off = { made_off >> 2, parent, 0, 0, made_off & 3 };
					m.parent = p = keep(ch, &off);
				}
				int32_t node = -1;
				if (cycle)
					push(ch, cycles, node = keep(ch, &m));
				enqueue_new(ch, &on, q_on, &m, node);
			}
		}
	}
	pset_free(ch, &on);
}

/* SE's doForcingChains from start (on or off): a potential that implies
 * its own opposite.  There is one such potential, the opposite of the
 * start, and SE notes it once, the first time it is made: the search
 * stops there, as nothing after it can be noted.  SE's sets of the
 * potentials on and off are only asked whether they hold one: stamps.
 * An "off" potential waits in the queue as its link and its parent (a
 * node already for the start: no link) and becomes a node only when it
 * implies a new "on" one. */
static void find_forcing(struct chains *ch, int32_t start, bool y, struct fifo *chains)
{
	struct fifo *q_on = fifo_reset(&ch->q_on), *q_off = fifo_reset(&ch->q_off);
	int start_state = ch->nodes[start].state;
	uint32_t seen = next_stamp(ch);
	bool found = false;

	ch->stamp[start_state] = seen;
	if (is_on(start_state)) {
		push(ch, q_on, start);
	} else {
		push(ch, q_off, -1);
		push(ch, q_off, start);
	}
	while (!ch->failed && !found && (!fifo_empty(q_on) || !fifo_empty(q_off))) {
		while (!fifo_empty(q_on) && !found) {
			int32_t p = q_on->at[q_on->head++];
			int count;
			const int32_t *link = links(ch, ch->nodes[p].state, y, true, &count);
			if (!reserve(ch, (void **)&q_off->at, &q_off->cap, q_off->tail + 2 * count, sizeof *q_off->at))
				break;
			for (int i = 0; i < count && !found; i++) {
				int t = link[i] >> 2;
				if ((found = (t ^ 1) == start_state)) {
					struct made m = { t, p, 0, 0, link[i] & 3 };
					push(ch, chains, keep(ch, &m));
				} else if (ch->stamp[t] != seen) {
					ch->stamp[t] = seen;
					q_off->at[q_off->tail++] = link[i];
					q_off->at[q_off->tail++] = p;
				}
			}
		}
		while (!fifo_empty(q_off) && !found) {
			int32_t made_off = q_off->at[q_off->head++], parent = q_off->at[q_off->head++];
			int32_t q = made_off < 0 ? parent : -1, count;
			const int32_t *link = links(ch, made_off < 0 ? ch->nodes[parent].state : made_off >> 2, y, true,
						    &count);
			for (int i = 0; i < count && !found; i++) {
				int u = link[i] >> 2;
				bool target = (u ^ 1) == start_state;
				if (!target && ch->stamp[u] == seen)
					continue;
				if (q < 0) {
					struct made off = { made_off >> 2, parent, 0, 0, made_off & 3 };
					q = keep(ch, &off);
				}
				struct made m = { u, q, 0, 0, link[i] & 3 };
				int32_t node = keep(ch, &m);
				if ((found = target)) {
					push(ch, chains, node);
				} else {
					ch->stamp[u] = seen;
					push(ch, q_on, node);
				}
			}
		}
	}
}

/* SE's doUnaryChaining from "cell holds d". */
static void unary(struct chains *ch, int cell, int d, bool y, bool x)
{
	if (popcount(ch->base[cell]) > 2 && !x)
		return;
	struct fifo *cycles = fifo_reset(&ch->cycles), *found = fifo_reset(&ch->forcing);
	int32_t on = new_node(ch, state_of(ch, cell, d, true), -1, NULL, 0, CAUSE_NONE);
	if (on < 0)
		return;
	/* each walk's potentials are spent once it is done (see walked) */
	find_cycles(ch, on, y, x, cycles);
	long long taken = walked(ch, 2);
	if (x) {
		find_forcing(ch, on, y, found);
		taken += walked(ch, 2);
		int32_t off = new_node(ch, state_of(ch, cell, d, false), -1, NULL, 0, CAUSE_NONE);
		if (off >= 0) {
			find_forcing(ch, off, y, found);
			taken += walked(ch, 2);
		}
	}
	if (spend(ch, taken))
		return;
	for (int i = 0; i < cycles->tail && !ch->failed; i++)
		cycle_hint(ch, cycles->at[i], y, x);
	for (int i = 0; i < found->tail && !ch->failed; i++)
		forcing_chain_hint(ch, found->at[i], y, x);
}

/* ---- multiple and dynamic forcing chains -------------------------------- */

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

	result_step(ch, &st, SD_TECH_FORCING_CHAIN, result, true);
	st.variant = 7;
	st.npattern = record_chain(ch, &st, absurd[0], 0, room, true);
	st.pattern[st.npattern++] = -1;
	st.npattern += record_chain(ch, &st, absurd[1], st.npattern, room, true);
	offer(ch, &st, base, sd_chain_ancestors(ch, absurd[0]) + sd_chain_ancestors(ch, absurd[1]), 7, absurd, 2,
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
		result_step(ch, &st, SD_TECH_FORCING_CHAIN, s, true);
		source_of(&st, 8, source);
		int32_t targets[2] = { pset_get(from_on, s), other };
		offer(ch, &st, base, sd_chain_ancestors(ch, targets[0]) + sd_chain_ancestors(ch, targets[1]), 1, targets, 2,
		      CAUSE_NONE, false);
	}
}

/* SE's doBinaryChaining: the consequences of "cell holds d" (on_on,
 * on_off) and of its opposite; a contradiction either way, and (double
 * chains) a potential both ways alike, are hints. */
static void binary(struct chains *ch, int cell, int d, struct pset *on_on, struct pset *on_off,
		   bool doubles, bool contradictions, double base)
{
	struct pset off_on = pset_none(ch), off_off = pset_none(ch);
	int32_t absurd[2];
	int s_on = state_of(ch, cell, d, true), s_off = s_on & ~1;

	pset_put(ch, on_on, s_on, new_node(ch, s_on, -1, NULL, 0, CAUSE_NONE));
	if (implications(ch, on_on, on_off, absurd) && contradictions)
		contradiction_hint(ch, s_off, absurd, base);
	pset_put(ch, &off_off, s_off, new_node(ch, s_off, -1, NULL, 0, CAUSE_NONE));
	if (implications(ch, &off_on, &off_off, absurd) && contradictions)
		contradiction_hint(ch, s_on, absurd, base);
	if (doubles) {
		double_hints(ch, on_on, &off_on, s_on, base);
		double_hints(ch, on_off, &off_off, s_on, base);
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
		result_step(ch, &st, SD_TECH_FORCING_CHAIN, s, true);
		source_of(&st, unit >= 0 ? 10 : 9, source_state);
		st.unit = unit;
		offer(ch, &st, base, complexity, sort_key, targets, count, start_cause, false);
	}
}

/* SE's doRegionChainings: d in each region of cell where cell is its
 * first place (and it has two places, or more for multiple chains).  The
 * consequences of d in another place are the same in each region that
 * holds it: found once, and kept while a later region may hold it. */
static void regions(struct chains *ch, int cell, int d, struct pset *on_on, struct pset *on_off,
		    double base)
{
	struct pset place_on[2 * SD_MAXN], place_off[2 * SD_MAXN];
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
					pset_copy(ch, &region_on, on_on);
					pset_copy(ch, &region_off, on_off);
					continue;
				}
				while (j < nplaces && place_cell[j] != other)
					j++;
				if (j == nplaces) {
					int s = state_of(ch, other, d, true);
					int32_t absurd[2];
					place_on[j] = place_off[j] = pset_none(ch);
					place_cell[nplaces++] = other;
					pset_put(ch, &place_on[j], s, new_node(ch, s, -1, NULL, 0, CAUSE_NONE));
					implications(ch, &place_on[j], &place_off[j], absurd);
				}
				pos_on[k] = &place_on[j];
				pos_off[k] = &place_off[j];
				pset_retain(&region_on, pos_on[k]);
				pset_retain(&region_off, pos_off[k]);
			}
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
			place_cell[j--] = place_cell[nplaces];
		}
	}
}

/* SE's getMultipleChainsHintList for one cell. */
static void multiple(struct chains *ch, int cell, double base)
{
	int count = popcount(ch->base[cell]), k = 0;
	struct pset value_on[SD_MAXN], value_off[SD_MAXN], cell_on = pset_none(ch), cell_off = pset_none(ch);
	struct pset *outcome_on[SD_MAXN], *outcome_off[SD_MAXN];

	for (int i = 0; i < SD_MAXN; i++)
		value_on[i] = value_off[i] = pset_none(ch);
	for (uint64_t m = ch->base[cell]; m && !ch->failed; m &= m - 1, k++) {
		int d = lowest(m) + 1;
		binary(ch, cell, d, &value_on[k], &value_off[k],
		       count >= 3 && !ch->nishio && ch->dynamic, ch->dynamic || ch->nishio, base);
		if (!ch->nishio)
			regions(ch, cell, d, &value_on[k], &value_off[k], base);
		outcome_on[k] = &value_on[k];
		outcome_off[k] = &value_off[k];
		if (k == 0) {
			pset_copy(ch, &cell_on, &value_on[k]);
			pset_copy(ch, &cell_off, &value_off[k]);
		} else {
			pset_retain(&cell_on, &value_on[k]);
			pset_retain(&cell_off, &value_off[k]);
		}
	}
	if (!ch->nishio && !ch->failed && (count == 2 || (ch->multiple && count > 2))) {
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

/* ---- the producers ------------------------------------------------------ */

/* Frees a search's buffers. */
static void chains_free(struct chains *ch)
{
	free(ch->work);
	free(ch->stamp);
	free(ch->seen);
	free(ch->work_places);
	free(ch->start_places);
	free(ch->nodes);
	free(ch->pars);
	free(ch->made);
	free(ch->hid);
	free(ch->queue);
	free(ch->nests);
	for (int i = 0; i < ch->nspare; i++)
		free(ch->spare[i]);
	free(ch->spare);
	free(ch->q_on.at);
	free(ch->q_off.at);
	free(ch->cycles.at);
	free(ch->forcing.at);
	free(ch->link_room);
	free(ch->link_at);
	free(ch->link_mid);
	free(ch->link_step);
	free(ch->link_span);
	free(ch->absent);
}

struct sd_chain_store *sd_chain_store_new(void)
{
	return calloc(1, sizeof(struct sd_chain_store));
}

void sd_chain_store_free(struct sd_chain_store *store)
{
	if (!store)
		return;
	for (int i = 0; i < CHAIN_DEPTHS; i++)
		chains_free(&store->at[i]);
	free(store);
}

/* A search on the candidates base: in the rating's store at the next
 * depth, its buffers those of the last search there, or else in local
 * (zeroed by the caller), its own; ch->failed out of memory. */
static struct chains *chains_begin(struct chains *local, struct sd_logic *lg, const uint64_t *base)
{
	struct sd_chain_store *store = lg->chain_store;
	struct chains *ch = store && store->depth < CHAIN_DEPTHS ? &store->at[store->depth++] : local;
	struct chains kept = *ch;
	int nstates = lg->cells * lg->n * 2;

	if (kept.nstates != nstates) {
		chains_free(&kept);
		memset(&kept, 0, sizeof kept);
	}
	memset(ch, 0, sizeof *ch);
	ch->lg = lg;
	ch->base = base;
	ch->n = lg->n;
	ch->cells = lg->cells;
	ch->nstates = nstates;
	/* the buffers kept, each as long as the last search left it */
	ch->work = kept.work;
	ch->stamp = kept.stamp;
	ch->now = kept.now;
	ch->seen = kept.seen;
	ch->work_places = kept.work_places;
	ch->start_places = kept.start_places;
#define KEEP(p, cap) (ch->p = kept.p, ch->cap = kept.cap)
	KEEP(nodes, capnodes);
	KEEP(pars, cappars);
	KEEP(made, capmade);
	KEEP(hid, caphid);
	KEEP(queue, capqueue);
	KEEP(nests, capnests);
	KEEP(spare, capspare);
	ch->nspare = kept.nspare;
	KEEP(q_on.at, q_on.cap);
	KEEP(q_off.at, q_off.cap);
	KEEP(cycles.at, cycles.cap);
	KEEP(forcing.at, forcing.cap);
	KEEP(link_room, caplink);
	ch->link_at = kept.link_at;
	ch->link_mid = kept.link_mid;
	ch->link_step = kept.link_step;
	ch->link_span = kept.link_span;
	ch->absent = kept.absent;
#undef KEEP
	if (!ch->work)
		ch->work = malloc((size_t)lg->cells * sizeof *ch->work);
	if (!ch->stamp)
		ch->stamp = calloc((size_t)ch->nstates, sizeof *ch->stamp);
	if (!ch->seen)
		ch->seen = malloc((size_t)ch->cells * 2 * sizeof *ch->seen);
	if (!ch->work_places)
		ch->work_places = malloc((size_t)(3 * ch->n * ch->n) * sizeof *ch->work_places);
	if (!ch->start_places)
		ch->start_places = malloc((size_t)(3 * ch->n * ch->n) * sizeof *ch->start_places);
	if (!ch->absent && (ch->absent = malloc((size_t)ch->nstates * sizeof *ch->absent)))
		memset(ch->absent, -1, (size_t)ch->nstates * sizeof *ch->absent);
	ch->failed = !ch->work || !ch->stamp || !ch->seen || !ch->work_places || !ch->start_places ||
		     !ch->absent;
	/* a step makes at most 4 n products (n - 1 in the cell, n - 1 in
	 * each region), each with fewer than n hidden parents in a cell or a
	 * region: room for them once, not at each product */
	if (!reserve(ch, (void **)&ch->made, &ch->capmade, 4 * ch->n, sizeof *ch->made) ||
	    !reserve(ch, (void **)&ch->hid, &ch->caphid, 4 * ch->n * ch->n, sizeof *ch->hid))
		ch->failed = true;
	if (!ch->failed) {
		places_of(ch, base, ch->start_places);
		memcpy(ch->work_places, ch->start_places,
		       (size_t)(3 * ch->n * ch->n) * sizeof *ch->work_places);
	}
	if (ch->work)
		memcpy(ch->work, base, (size_t)lg->cells * sizeof *ch->work);
	return ch;
}

/* Ends a search: its step into st (when found and st is not NULL); the
 * buffers stay in the store for the next search at this depth, or go. */
static int chains_end(struct chains *ch, struct sd_step *st)
{
	struct sd_chain_store *store = ch->lg->chain_store;
	int found = ch->found && !ch->failed;

	if (found && st)
		*st = ch->best;
	if (store && store->depth > 0 && ch == &store->at[store->depth - 1])
		store->depth--;
	else
		chains_free(ch);
	return found;
}

/* Frees the nodes of one cell's search: none is referred to after. */
static void chains_reset_nodes(struct chains *ch)
{
	ch->nnodes = ch->npars = ch->nnests = 0;
}

/* SE's Chaining producers: forcing chains and cycles (kind FC), or
 * multiple chains (MULTIPLE, DYNAMIC, NISHIO) at a level. */
static void search(struct chains *ch, int kind, int level)
{
	static const bool kinds[3][2] = { { false, true }, { true, false }, { true, true } };
	const struct sd_logic *lg = ch->lg;

	if (kind == CHAIN_FC) {
		links_build(ch);
		for (int k = 0; k < 3; k++) {
			links_span(ch, kinds[k][0], kinds[k][1]);
			for (int c = 0; c < lg->cells && !ch->failed; c++) {
				if (lg->v[c] || popcount(ch->base[c]) < 2)
					continue;
				for (uint64_t m = ch->base[c]; m && !spend(ch, 1); m &= m - 1) {
					unary(ch, c, lowest(m) + 1, kinds[k][0], kinds[k][1]);
					chains_reset_nodes(ch);
				}
			}
		}
		return;
	}
	double base = level >= 2 ? 9.5 + 0.5 * (level - 2) : level == 1 ? 9.0 :
		      kind == CHAIN_NISHIO ? 7.5 : kind == CHAIN_DYNAMIC ? 8.5 : 8.0;
	ch->level = level;
	ch->multiple = kind != CHAIN_NISHIO;
	ch->dynamic = kind != CHAIN_MULTIPLE;
	ch->nishio = kind == CHAIN_NISHIO;
	for (int c = 0; c < lg->cells && !ch->failed; c++) {
		int count = popcount(ch->base[c]);
		if (lg->v[c] || !(count > 2 || (count > 1 && ch->dynamic)))
			continue;
		if (spend(ch, 1))
			break;
		multiple(ch, c, base);
		chains_reset_nodes(ch);
	}
}

bool sd_chain_collect(struct sd_logic *lg, const uint64_t *base, const uint64_t *init, int kind,
		      int level, struct chain_hints *out)
{
	struct chains local = { 0 }, *ch = chains_begin(&local, lg, base);

	if (!ch->failed) {
		ch->out = out;
		ch->rule_init = init;
		search(ch, kind, level);
	}
	bool ok = !ch->failed;
	chains_end(ch, NULL);
	return ok;
}

static int producer(struct sd_logic *lg, struct sd_step *st, int kind, int level, int tech)
{
	struct chains local = { 0 }, *ch = chains_begin(&local, lg, lg->cand);

	if (!ch->failed)
		search(ch, kind, level);
	if (ch->found && kind != CHAIN_FC) {
		ch->best.tech = tech;
		ch->best.level = level;
	}
	return chains_end(ch, st);
}

int sd_forcing_chains(struct sd_logic *lg, struct sd_step *st)
{
	return producer(lg, st, CHAIN_FC, 0, SD_TECH_FORCING_CHAIN);
}

int sd_nishio_chains(struct sd_logic *lg, struct sd_step *st)
{
	return producer(lg, st, CHAIN_NISHIO, 0, SD_TECH_NISHIO);
}

int sd_multiple_chains(struct sd_logic *lg, struct sd_step *st)
{
	return producer(lg, st, CHAIN_MULTIPLE, 0, SD_TECH_MULTIPLE_CHAIN);
}

int sd_dynamic_chains(struct sd_logic *lg, struct sd_step *st)
{
	return producer(lg, st, CHAIN_DYNAMIC, 0, SD_TECH_DYNAMIC_CHAIN);
}

int sd_dynamic_plus_chains(struct sd_logic *lg, struct sd_step *st)
{
	return producer(lg, st, CHAIN_DYNAMIC, 1, SD_TECH_DYNAMIC_PLUS);
}

/* SE's nested forcing chains, levels 2 to 5 in turn: the first that
 * finds a step. */
int sd_nested_chains(struct sd_logic *lg, struct sd_step *st)
{
	for (int level = 2; level <= 5 && !lg->stopped; level++)
		if (producer(lg, st, CHAIN_DYNAMIC, level, SD_TECH_NESTED_CHAIN))
			return 1;
	return 0;
}
