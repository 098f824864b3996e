/* Chains of implications, as Sudoku Explainer searches them: bidirectional
 * cycles and forcing X- and Y-chains (6.5 and up), Nishio forcing chains
 * (7.5), multiple forcing chains, cell and region (8.0) and dynamic
 * forcing chains (8.5).  A potential is a digit in a cell, on (the cell
 * holds it) or off; one potential implies others, and a chain is the
 * path of implications back to the assumption.  SE rates a chain by its
 * length: the number of distinct potentials among the ancestors.  Which
 * chain SE applies among many decides later steps, so the search order,
 * the breadth-first order and SE's ties (difficulty, then length, then
 * the kind of hint, then the order found) are followed.
 *
 * This file holds what the searches share (the slow paths of their arrays,
 * sets and nodes; the hints) and the producers that run them; the static
 * searches are in chain_static.c, the dynamic ones in chain_dynamic.c, and
 * the hot paths they share inlined in chain_int.h. */
#include <stdlib.h>
#include <string.h>
#include "logic/chain_int.h"

/* ---- growing arrays, sets and nodes: their slow paths -------------------- */

/* The slow path of reserve, out of line so that the fast one (a compare)
 * is inlined in the hot loops. */
__attribute__((noinline)) bool sd_chain_grow(struct chains *ch, void **p, int *cap, int need,
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

/* Takes storage for ps from the spares, or a new one with every state
 * absent.  Out of line: pset_put, inlined in the hot loops, calls it once
 * per set. */
__attribute__((noinline)) bool sd_chain_pset_acquire(struct chains *ch, struct pset *ps)
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

/* new_node's path for a node with more than one parent, or when the
 * nodes need more room: out of line, the common case inlined. */
__attribute__((noinline)) int32_t sd_chain_new_node_slow(struct chains *ch, int32_t state,
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
int sd_chain_record(const struct chains *ch, struct sd_step *st, int32_t node, int at, int room,
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
		st->npattern += sd_chain_record(ch, st, targets[t], st->npattern, room, true);
	}
}

/* Offers a hint (its flat complexity, SE's sort key, the potentials its
 * chains end at, what causes SE gives their assumptions, whether it is
 * a cycle): kept when SE would sort it before the best so far, or
 * collected when the search is a rule inside another chain. */
void sd_chain_offer(struct chains *ch, const struct sd_step *st, double base, int complexity,
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
void sd_chain_step_remove(const struct chains *ch, struct sd_step *st, int cell, uint64_t digits)
{
	digits &= ch->base[cell];
	if (digits && st->nremoved < SD_MAX_REMOVED) {
		st->removed[st->nremoved].cell = cell;
		st->removed[st->nremoved++].digits = digits;
	}
}

/* The removals of a hint whose result is potential s: an "on" result
 * takes the cell's other digits and places it, an "off" one removes it. */
void sd_chain_result_step(struct chains *ch, struct sd_step *st, int tech, int s, bool place)
{
	int cell = cell_of(ch, s), d = digit_of(ch, s);

	sd_step_begin(st, tech, -1);
	if (is_on(s)) {
		sd_chain_step_remove(ch, st, cell, ~bit(d));
		if (place) {
			st->cell = cell;
			st->digit = d;
		}
	} else {
		sd_chain_step_remove(ch, st, cell, bit(d));
	}
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
		sd_chain_links_build(ch);
		for (int k = 0; k < 3; k++) {
			sd_chain_links_span(ch, kinds[k][0], kinds[k][1]);
			for (int c = 0; c < lg->cells && !ch->failed; c++) {
				if (lg->v[c] || popcount(ch->base[c]) < 2)
					continue;
				for (uint64_t m = ch->base[c]; m && !spend(ch, 1); m &= m - 1) {
					sd_chain_unary(ch, c, lowest(m) + 1, kinds[k][0], kinds[k][1]);
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
		sd_chain_multiple(ch, c, base);
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

