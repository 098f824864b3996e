/* What the chains (chain.c, chain_base.c, chain_static.c, chain_dynamic.c)
 * and their nested levels (nested.c) share.  Not for use outside lib/logic. */
#ifndef SUDOKU_CHAIN_INT_H
#define SUDOKU_CHAIN_INT_H

#include <stdlib.h>
#include <string.h>
#include "logic/logic_int.h"

/* Whether m has two bits or more. */
static inline bool two_or_more(uint64_t m) { return m & (m - 1); }

/* Whether m has two bits exactly (a popcount is a dozen instructions
 * without the POPCNT instruction). */
static inline bool two_bits(uint64_t m)
{
	m &= m - 1;
	return m && !(m & (m - 1));
}

/* A potential's state: (cell * n + digit - 1) * 2 + on. */
static inline int chain_state(int n, int cell, int d, bool on) { return (cell * n + d - 1) * 2 + on; }

/* A hint of a chain search run as a rule inside another chain (SE's
 * nested chains): SE's difficulty, complexity and sort key; its
 * removals and its rule parents (the candidates the outer chain's grid
 * lost that it needs), as "off" states in states[]; and a hash of its
 * chains, which SE compares to count a nested chain once. */
struct chain_hint {
	double difficulty;
	int complexity, sort_key, seq;     /* seq: the order found */
	int rem, nrem, par, npar;
	uint64_t hash;
};
struct chain_hints {
	struct chain_hint *at;
	int count, cap;
	int32_t *states;
	int nstates, capstates;
};

/* SE's Chaining producers: forcing chains and cycles, Nishio, multiple
 * and dynamic (with a level) forcing chains; and the simpler rules a
 * dynamic chain runs (DF+), whose results the rule cache keeps too. */
enum { CHAIN_FC, CHAIN_NISHIO, CHAIN_MULTIPLE, CHAIN_DYNAMIC, CHAIN_ADVANCED };

/* Runs the producer kind at level on the candidates base (another
 * chain's grid, which had init at its start), every hint into out (to
 * be freed by the caller).  False when stopped at the limits or out of
 * memory. */
bool sd_chain_collect(struct sd_logic *lg, const uint64_t *base, const uint64_t *init, int kind,
		      int level, struct chain_hints *out);

/* One deduction of a rule on a chain's grid: the potentials it turns
 * off (states, in SE's order: by cell, then digit), the "off" potentials
 * of the chain it relies on (its parents), as states, and the nested
 * chain's hint when the rule is a chain search (else NULL). */
typedef void sd_advanced_fn(void *arg, const int32_t *off, int noff, const int32_t *parents,
			    int nparents, const struct chain_hint *nested);

/* SE's getAdvancedPotentials, its simpler rules (DF+, level 1 and up):
 * on the grid cur (the candidates as a chain sees them, from init at its
 * start; lg->v tells the empty cells; places: per unit (× n) and digit,
 * the positions of the digit in the unit in cur), the first of locking,
 * hidden pairs, naked pairs and X-wings with a deduction that relies on
 * the chain, each such deduction passed to emit.  Returns whether there
 * was one. */
bool sd_advanced_rules(const struct sd_logic *lg, const uint64_t *init, const uint64_t *cur,
		       const uint64_t *places, sd_advanced_fn *emit, void *arg);

/* ---- a search's state (chain.c), shared with the nested levels ---------- */

/* A potential as reached: its state (cell, digit, on) and its parents
 * (the first the one it was implied by, then, in dynamic chains, the
 * potentials switched off before that made the implication hold): the
 * first here (-1 none), the others in the search's pars[more, more +
 * nmore), so that a chain without them (most) writes none. */
struct node {
	int32_t state, parent, more;
	int32_t nest;                  /* a nested chain's hint it comes from, or -1 */
	int16_t nmore;
	int8_t cause;                  /* SE's cause (CAUSE_...), for a nested
	                                * chain's rule parents */
};

/* SE's causes of a potential: none (an assumption), a naked single (the
 * cell), a hidden single in a region (box, row, column), a simpler rule. */
enum { CAUSE_NONE = -1, CAUSE_CELL, CAUSE_BOX, CAUSE_ROW, CAUSE_COLUMN, CAUSE_ADVANCED };

/* SE's LinkedSet: potentials by state, in the order first added, each
 * with the node last added for it.  Dense: val is indexed by state (-1
 * absent), so a look-up is one load; order keeps SE's iteration order.
 * The storage (val, then order, nstates each) comes from the search's
 * spares on the first add and goes back there, cleared, when freed;
 * until then val is the search's absent (every state -1, never written)
 * and order NULL. */
struct pset {
	int32_t *val, *order;
	int count;
};

/* What an assumption "on" implied (chain_dynamic.c): the potentials on
 * and off, the contradiction's two nodes if any, the work it took. */
struct assumed {
	struct pset on, off;
	int32_t absurd[2];
	bool known, contradiction;
	long long work;
};

/* A queue of nodes for one search (FIFO). */
struct fifo { int32_t *at; int head, tail, cap; };

/* A potential produced by one implication step, before it is kept. */
struct made { int32_t state, parent, hid, nhid; int cause; };

struct chains {
	struct sd_logic *lg;
	int n, cells, nstates;
	uint64_t *work;                /* the candidates as the chain sees them */
	/* per unit (× n) and digit, the places: as the chain sees them, and
	 * at the start */
	uint64_t *work_places, *start_places;
	const uint64_t *source;        /* dynamic: the candidates at the start */
	bool dynamic, nishio, multiple;
	int level;                     /* SE's: 1 DF+, the simpler rules inside;
	                                * 2-5 nested chains too */
	const uint64_t *base;          /* the candidates the search starts from */
	/* run as a rule inside another chain: every hint goes to out, with
	 * its rule parents from rule_init (that chain's start) to base */
	struct chain_hints *out;
	const uint64_t *rule_init;
	struct { int complexity; uint64_t hash; } *nests;   /* the nested hints
	                                * the potentials come from */
	int nnests, capnests;
	struct node *nodes;
	int nnodes, capnodes;
	int32_t *pars;
	int npars, cappars;
	struct made *made;             /* one step's products, deduplicated */
	int nmade, capmade;
	int32_t *hid;                  /* their hidden parents */
	int nhid, caphid;
	int32_t **spare;               /* sets' storage, cleared, for reuse */
	int32_t *absent;               /* per state -1: an empty set's (pset_none) */
	int nspare, capspare;
	uint32_t *stamp, now;          /* per state: seen in this pass */
	uint64_t *seen;                /* a cycle's: per cell, the digits seen by an
	                                * "on" potential, then by an "off" one */
	int32_t *queue;                /* scratch of node indices */
	int capqueue;
	/* the queues of one breadth-first walk (cycles, forcing chains,
	 * implications: never two at once at one depth) and a unary
	 * search's findings */
	struct fifo q_on, q_off, cycles, forcing;
	/* static chains (forcing chains and cycles, whose grid does not
	 * change): the products of each candidate's states, found once per
	 * search as state * 4 + cause, the cell's [link_at[s], link_mid[s]),
	 * the regions' [link_mid[s], link_at[s + 1]); none (link NULL) on a
	 * board where they would take more than LINKS_MAX, the products then
	 * found at each step into link_step; link_room holds the table.  The
	 * table and the reach below stay in the store's buffers with the grid
	 * they were found on (link_grid, when link_kept), for the next search
	 * at this depth on the same grid (nested chains run the forcing
	 * chains, then the multiple chains, on one grid) */
	const int32_t *link;
	int32_t *link_room, *link_at, *link_mid, *link_step;
	int caplink;
	uint64_t *link_grid;
	bool link_kept, reach_kept;
	/* forcing chains (static, x): which potentials each one reaches
	 * through the table's links (the XY pass's), so that a walk that
	 * cannot end (most: a digit true in its cell does not imply its
	 * opposite) is not taken.  reach_room: per state its index among
	 * the candidates' states (-1 none), per index its strongly connected
	 * component, then scratch; reach_bits: per component, the indices it
	 * reaches, reach_words words each; none (reach_ok false) without the
	 * link table or past REACH_MAX.  A cycle (on links of the table)
	 * goes through a component of two states or more. */
	int32_t *reach_room;
	uint64_t *reach_bits;
	int capreach, capreachbits, reach_words, reach_live;
	bool reach_ok, reach_due;       /* reach_due: to be built when asked */
	bool reach_use;                 /* the pass asks it (x) */
	/* multiple and dynamic chains: what "cell holds d" implies, found
	 * once in a search for the region chains of the cells before it and
	 * for its own (chain_dynamic.c), per candidate (cell * n + d - 1),
	 * allocated on the first; nassumed of them known, and while any is,
	 * the nodes stay */
	struct assumed *assumed;
	int nassumed;
	bool failed;                   /* out of memory: no step */
	/* the best hint so far, as SE sorts them */
	bool found;
	double difficulty;
	int complexity, sort_key;
	struct sd_step best;
};

/* A state's parts (see chain_state). */
static inline int state_of(const struct chains *ch, int cell, int d, bool on)
{
	return (cell * ch->n + d - 1) * 2 + on;
}

static inline int cell_of(const struct chains *ch, int s) { return s / (2 * ch->n); }

static inline int digit_of(const struct chains *ch, int s) { return s / 2 % ch->n + 1; }

static inline bool is_on(int s) { return s & 1; }

static inline int first_parent(const struct chains *ch, int32_t node)
{
	return ch->nodes[node].parent;
}

/* SE's three kinds of region around cell, in its order: box, row, column. */
static inline const uint16_t *region_cells(const struct chains *ch, int kind, int cell)
{
	return ch->lg->units.members[se_region(ch->lg, kind, cell)];
}

/* The storage sd_rate keeps through a rating (lg->chain_store): a search's
 * buffers per depth of nesting (the producer's, then the chain searches
 * run as its rules, then theirs), so that the next search at a depth
 * finds them grown already, not asking malloc again and glibc not giving
 * them back to the system in between. */
#define CHAIN_DEPTHS 4

/* The results of the chain searches run as rules (nested.c), remembered
 * through one grid of the rating (rule_cache.c): found by the search's
 * kind and level and the two grids it ran on (the outer chain's start
 * and its grid then), the candidates compared in full. */
struct rule_entry;
struct sd_rule_cache {
	struct rule_entry **bucket;    /* nbuckets, a power of 2 */
	int nbuckets, count, cells;
	size_t bytes;
	uint64_t *top;                 /* the rating's candidates they were found under */
};

struct sd_chain_store {
	struct chains at[CHAIN_DEPTHS];
	int depth;                     /* the searches running */
	struct sd_rule_cache rules;
};

/* A producer on the rating's grid begins: the results found under other
 * candidates (or another placement) go. */
void sd_rule_cache_begin(struct sd_rule_cache *rc, const struct sd_logic *lg);
void sd_rule_cache_clear(struct sd_rule_cache *rc);
void sd_rule_cache_free(struct sd_rule_cache *rc);
/* The result of the search kind at level on cur, inside a chain that
 * started from init, or NULL (rc NULL: none kept). */
const struct rule_entry *sd_rule_cache_find(const struct sd_rule_cache *rc, int kind, int level,
					    const uint64_t *init, const uint64_t *cur);
/* Keeps a search's result: the hints of h passed on (passed[i]; passed
 * NULL: all of them), in order, got (what chain_rule returned) and the work it spent. */
void sd_rule_cache_put(struct sd_rule_cache *rc, int kind, int level, const uint64_t *init,
		       const uint64_t *cur, const struct chain_hints *h, const bool *passed, int got,
		       long long work);
/* Spends a kept result's work, then passes its hints on as the search
 * did; returns what chain_rule did (-1 when the work says stop). */
int sd_rule_cache_replay(struct sd_logic *lg, const struct rule_entry *e, sd_advanced_fn *emit,
			 void *arg);

/* ---- what every chain search stands on (chain_base.c) -------------------- */

/* The distinct potentials node stems from, itself included (SE's ancestor
 * count), left in ch->queue[0, count). */
int sd_chain_ancestors(struct chains *ch, int32_t node);
/* The chain that ends at node into st's pattern from at, at most room
 * states (see chain_base.c); the number recorded. */
int sd_chain_record(const struct chains *ch, struct sd_step *st, int32_t node, int at, int room,
		    bool cut_middle);
/* Offers a hint: kept when SE would sort it before the best so far, or
 * collected when the search is a rule inside another chain. */
void sd_chain_offer(struct chains *ch, const struct sd_step *st, double base, int complexity,
		    int sort_key, const int32_t *targets, int ntargets, int start_cause, bool cycle);
/* The most complexity a hint of SE's base difficulty base can have and
 * still be kept (INT_MAX: no bound): a search need not look further. */
int sd_chain_longest_kept(const struct chains *ch, double base);
/* Adds the removal of digits (those the search started with) from cell. */
void sd_chain_step_remove(const struct chains *ch, struct sd_step *st, int cell, uint64_t digits);
/* The removals of a hint whose result is potential s (placed if place). */
void sd_chain_result_step(struct chains *ch, struct sd_step *st, int tech, int s, bool place);

/* ---- the searches, by the kind of chain ---------------------------------- */

/* Static chains (chain_static.c): the products of every state, found once
 * for the search's grid; the cycles and forcing chains from the
 * potential (cell, d). */
void sd_chain_links_build(struct chains *ch);
void sd_chain_unary(struct chains *ch, int cell, int d, bool y, bool x);
/* Which states each one reaches through the table's links (after
 * sd_chain_links_build; ch->reach_ok false when not found), and from
 * that, whether the static multiple chains from cell can find a hint
 * (true when not known). */
void sd_chain_reach_build(struct chains *ch);
bool sd_chain_static_may_reduce(struct chains *ch, int cell);
/* Dynamic chains (chain_dynamic.c): the multiple, Nishio and dynamic
 * forcing chains from a candidate of cell, of SE's base difficulty. */
void sd_chain_multiple(struct chains *ch, int cell, double base);
/* Lets go what the assumptions in cell implied (cell -1: every cell's),
 * as no later cell's search asks for them. */
void sd_chain_assumed_forget(struct chains *ch, int cell);

/* ---- the hot paths, inlined in every chain file --------------------------- */

/* Their slow paths are out of line (noinline), so that the fast ones stay
 * small enough to inline in the hot loops. */

/* The memory of the chain searches, counted in lg->chain_bytes against
 * SD_CHAIN_MEMORY: every buffer they allocate takes its bytes first
 * (chain_take), and gives them back as it is freed (chain_give), so that
 * the count is the same on every machine.  Past the budget, or when
 * malloc fails, the search fails and the rating stops ("limit"). */
static inline bool chain_take(struct chains *ch, size_t bytes)
{
	struct sd_logic *lg = ch->lg;

	if (bytes > SD_CHAIN_MEMORY - lg->chain_bytes) {
		sd_logic_stop(lg);
		ch->failed = true;
		return false;
	}
	lg->chain_bytes += bytes;
	return true;
}

static inline void chain_give(struct sd_logic *lg, size_t bytes)
{
	lg->chain_bytes -= bytes;
}

/* bytes taken for an allocation that failed. */
static __attribute__((unused)) void chain_lost(struct chains *ch, size_t bytes)
{
	chain_give(ch->lg, bytes);
	sd_logic_out_of_memory(ch->lg);
	ch->failed = true;
}

/* malloc (calloc when zero) of bytes taken from the budget, or NULL
 * (then ch->failed and the rating stopped). */
static __attribute__((unused)) void *chain_alloc(struct chains *ch, size_t bytes, bool zero)
{
	if (!chain_take(ch, bytes))
		return NULL;
	void *p = zero ? calloc(1, bytes) : malloc(bytes);
	if (!p)
		chain_lost(ch, bytes);
	return p;
}

/* Frees p, of bytes counted (nothing for NULL).  Out of line: the hot
 * loops' callers stay as they were. */
static __attribute__((noinline, unused)) void chain_free(struct sd_logic *lg, void *p, size_t bytes)
{
	if (p) {
		free(p);
		chain_give(lg, bytes);
	}
}

/* reserve's slow path, out of line so that the fast one (a compare)
 * is inlined in the hot loops. */
static __attribute__((noinline, unused)) bool reserve_slow(struct chains *ch, void **p, int *cap,
							  int need, size_t size)
{
	int cap2 = *cap ? *cap : 256;
	while (cap2 < need)
		cap2 *= 2;
	size_t more = (size_t)(cap2 - *cap) * size;
	if (!chain_take(ch, more))
		return false;
	void *q = realloc(*p, (size_t)cap2 * size);
	if (!q) {
		chain_lost(ch, more);
		return false;
	}
	*p = q;
	*cap = cap2;
	return true;
}

/* The fast path of the growing arrays (false past the memory or out of
 * it, then ch->failed): a compare.  Their bytes are given back with
 * chain_free(lg, p, cap * size). */
static inline bool reserve(struct chains *ch, void **p, int *cap, int need, size_t size)
{
	return need <= *cap || reserve_slow(ch, p, cap, need, size);
}

/* A new pass: per-state stamps of an older one no longer match. */
static inline uint32_t next_stamp(struct chains *ch)
{
	if (++ch->now == 0) {
		memset(ch->stamp, 0, (size_t)ch->nstates * sizeof *ch->stamp);
		ch->now = 1;
	}
	return ch->now;
}

/* The bytes of a set's storage. */
static inline size_t pset_bytes(const struct chains *ch)
{
	return (size_t)ch->nstates * 2 * sizeof(int32_t);
}

/* Takes storage for ps from the spares, or a new one with every state
 * absent.  Out of line: pset_put, inlined in the hot loops, calls it once
 * per set. */
static __attribute__((noinline, unused)) bool pset_acquire(struct chains *ch, struct pset *ps)
{
	int32_t *at;

	if (ch->nspare) {
		at = ch->spare[--ch->nspare];
	} else {
		at = chain_alloc(ch, pset_bytes(ch), false);
		if (!at)
			return false;
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

static inline void pset_clear(struct pset *ps)
{
	for (int i = 0; i < ps->count; i++)
		ps->val[ps->order[i]] = -1;
	ps->count = 0;
}

/* Gives ps's storage back, cleared, to the spares. */
static inline void pset_free(struct chains *ch, struct pset *ps)
{
	if (ps->order) {
		pset_clear(ps);
		if (reserve(ch, (void **)&ch->spare, &ch->capspare, ch->nspare + 1, sizeof *ch->spare))
			ch->spare[ch->nspare++] = ps->val;
		else
			chain_free(ch->lg, ps->val, pset_bytes(ch));
	}
	*ps = pset_none(ch);
}

static inline int32_t pset_get(const struct pset *ps, int32_t state)
{
	return ps->val[state];
}

static inline bool pset_has(const struct pset *ps, int32_t state)
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

/* new_node's path for a node with more than one parent, or when the
 * nodes need more room: out of line, the common case inlined. */
static __attribute__((noinline, unused)) int32_t new_node_slow(struct chains *ch, int32_t state,
								int32_t parent, const int32_t *hidden,
								int nhidden, int cause)
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
/* The places of digit d in SE's region kind of cell, as a mask of its
 * positions, in the table at (the chain's or the start's). */
static inline uint64_t places(const struct chains *ch, const uint64_t *at, int kind, int cell, int d)
{
	return at[se_region(ch->lg, kind, cell) * ch->n + d - 1];
}

/* The positions in SE's region kind of cell that an "on" potential at
 * cell does not turn off there: the cell's own and, in its row and
 * column, those in its box (turned off in the box, each once). */
static inline uint64_t own_places(const struct sd_logic *lg, int kind, int cell)
{
	const uint8_t *index = lg->units.index_in[cell];

	return kind == 0 ? 1ULL << index[2] : kind == 1 ? lg->runs.run_c[index[0]] : lg->runs.run_r[index[1]];
}

/* The places of d in SE's region kind of cell (at: the chain's table or
 * the start's) that an "on" potential at cell turns off. */
static inline uint64_t peer_places(const struct chains *ch, const uint64_t *at, int kind, int cell, int d)
{
	return places(ch, at, kind, cell, d) & ~own_places(ch->lg, kind, cell);
}

/* The other place than cell of a digit whose places in a region (of
 * the cells) are now, when it has exactly two there (its conjugate: "off"
 * at cell forces it on), or -1. */
static inline int other_place(const uint16_t *cells, uint64_t now, int cell)
{
	if (!two_bits(now))
		return -1;
	int i = lowest(now);
	return cells[i] == cell ? cells[lowest(now & (now - 1))] : cells[i];
}

/* The conjugate of d at cell in SE's region kind of cell on the chain's
 * grid (see other_place); now: d's places there. */
static inline int conjugate(const struct chains *ch, int kind, int cell, int d, uint64_t *now)
{
	*now = places(ch, ch->work_places, kind, cell, d);
	return other_place(region_cells(ch, kind, cell), *now, cell);
}

static inline void push(struct chains *ch, struct fifo *q, int32_t node)
{
	if (reserve(ch, (void **)&q->at, &q->cap, q->tail + 1, sizeof *q->at))
		q->at[q->tail++] = node;
}

static inline bool fifo_empty(const struct fifo *q) { return q->head == q->tail; }

/* One of the search's queues, emptied for a new walk. */
static inline struct fifo *fifo_reset(struct fifo *q)
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

/* The nested levels (nested.c), handed to the chains by the rating
 * (lg->nesting), so that a chain search runs inner ones without knowing
 * them.  rules: at levels 2 to 5, the chain searches SE nests, forcing
 * chains (2, 3), multiple chains (3), dynamic chains (4, 5), dynamic
 * chains of level 2 (5), the first with a deduction (false when stopped
 * at the limits or out of memory); complexity: SE's getNestedComplexity
 * of a hint whose chains end at targets; collect_hint: a hint collected
 * when the search is a rule inside another chain (its removals from st,
 * its rule parents, SE's FullChain). */
struct sd_chain_nesting {
	bool (*rules)(struct sd_logic *lg, const uint64_t *init, const uint64_t *cur, int level,
		      sd_advanced_fn *emit, void *arg);
	int (*complexity)(struct chains *ch, const int32_t *targets, int ntargets);
	void (*collect_hint)(struct chains *ch, const struct sd_step *st, double difficulty,
			     int complexity, int sort_key, const int32_t *targets, int ntargets,
			     int start_cause, bool cycle);
};
extern const struct sd_chain_nesting sd_chain_nesting;

#endif
