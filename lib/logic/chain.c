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
 * This file holds the producers, which run the searches: the static ones
 * are in chain_static.c, the dynamic ones in chain_dynamic.c, what they
 * share in chain_base.c, and the hot paths they share inlined in
 * chain_int.h. */
#include <stdlib.h>
#include <string.h>
#include "logic/chain_int.h"

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


/* ---- the producers ------------------------------------------------------ */

/* The growing arrays of a search (see reserve), with their capacities:
 * kept from one search to the next, and freed, alike. */
#define CHAINS_GROWN(X) X(nodes, capnodes) X(pars, cappars) X(made, capmade) X(hid, caphid) \
	X(queue, capqueue) X(nests, capnests) X(spare, capspare) X(q_on.at, q_on.cap) \
	X(q_off.at, q_off.cap) X(cycles.at, cycles.cap) X(forcing.at, forcing.cap) \
	X(link_room, caplink) X(reach_room, capreach) X(reach_bits, capreachbits)

/* Frees a search's buffers, their bytes given back to the rating's
 * count (see chain_take). */
static void chains_free(struct chains *ch)
{
	struct sd_logic *lg = ch->lg;
	size_t cells = (size_t)ch->cells, states = (size_t)ch->nstates, word = sizeof(uint64_t),
	       places = 3 * (size_t)ch->n * (size_t)ch->n * word, index = sizeof(int32_t);

	if (!lg)        /* never begun: nothing taken */
		return;
	chain_free(lg, ch->work, cells * word);
	chain_free(lg, ch->stamp, states * sizeof *ch->stamp);
	chain_free(lg, ch->seen, cells * 2 * word);
	chain_free(lg, ch->work_places, places);
	chain_free(lg, ch->start_places, places);
	chain_free(lg, ch->absent, states * index);
	chain_free(lg, ch->assumed, cells * (size_t)ch->n * sizeof *ch->assumed);
	chain_free(lg, ch->link_grid, cells * word);
	chain_free(lg, ch->link_at, (states + 1) * index);
	chain_free(lg, ch->link_mid, states * index);
	chain_free(lg, ch->link_step, 4 * (size_t)ch->n * index);
	for (int i = 0; i < ch->nspare; i++)
		chain_free(lg, ch->spare[i], pset_bytes(ch));
#define FREE_GROWN(p, cap) chain_free(lg, ch->p, (size_t)ch->cap * sizeof *ch->p);
	CHAINS_GROWN(FREE_GROWN)
#undef FREE_GROWN
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
	sd_rule_cache_free(&store->rules);
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
#define KEEP(p, cap) ch->p = kept.p, ch->cap = kept.cap;
	CHAINS_GROWN(KEEP)
	ch->nspare = kept.nspare;
	ch->link_at = kept.link_at;
	ch->link_mid = kept.link_mid;
	ch->link_step = kept.link_step;
	ch->link_grid = kept.link_grid;
	ch->link_kept = kept.link_kept;
	ch->reach_kept = kept.reach_kept;
	ch->reach_words = kept.reach_words;
	ch->reach_live = kept.reach_live;
	ch->absent = kept.absent;
	ch->assumed = kept.assumed;
#undef KEEP
	if (!ch->work)
		ch->work = chain_alloc(ch, (size_t)lg->cells * sizeof *ch->work, false);
	if (!ch->stamp)
		ch->stamp = chain_alloc(ch, (size_t)ch->nstates * sizeof *ch->stamp, true);
	if (!ch->seen)
		ch->seen = chain_alloc(ch, (size_t)ch->cells * 2 * sizeof *ch->seen, false);
	if (!ch->work_places)
		ch->work_places = chain_alloc(ch, (size_t)(3 * ch->n * ch->n) * sizeof *ch->work_places, false);
	if (!ch->start_places)
		ch->start_places = chain_alloc(ch, (size_t)(3 * ch->n * ch->n) * sizeof *ch->start_places, false);
	if (!ch->absent && (ch->absent = chain_alloc(ch, (size_t)ch->nstates * sizeof *ch->absent, false)))
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

/* The most nodes a multiple or dynamic search keeps for the assumptions
 * it may be asked again (64 MB with their parents); past it they go. */
#define NODES_KEPT_MAX (1 << 21)

/* Frees the nodes of one cell's search, unless what an assumption
 * implied is kept for a later cell: none is referred to after. */
static void chains_reset_nodes(struct chains *ch)
{
	if (ch->nassumed && ch->nnodes + ch->npars <= NODES_KEPT_MAX)
		return;
	sd_chain_assumed_forget(ch, -1);
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
		/* the reach, for forcing chains (the X and XY passes), when
		 * the first walk needs it: once for both */
		ch->reach_ok = false;
		ch->reach_due = true;
		for (int k = 0; k < 3; k++) {
			ch->reach_use = kinds[k][1];
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
	/* static multiple chains: the cells whose assumptions' reaches do
	 * not meet are passed over (most, as a rule inside nested chains) */
	if (!ch->dynamic) {
		sd_chain_links_build(ch);
		ch->reach_ok = false;
		sd_chain_reach_build(ch);
	}
	for (int c = 0; c < lg->cells && !ch->failed; c++) {
		int count = popcount(ch->base[c]);
		if (!lg->v[c] && (count > 2 || (count > 1 && ch->dynamic))) {
			if (spend(ch, 1))
				break;
			if (ch->dynamic || sd_chain_static_may_reduce(ch, c))
				sd_chain_multiple(ch, c, base);
		}
		sd_chain_assumed_forget(ch, c);
		chains_reset_nodes(ch);
	}
	sd_chain_assumed_forget(ch, -1);
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
	if (lg->chain_store)
		sd_rule_cache_begin(&lg->chain_store->rules, lg);
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


