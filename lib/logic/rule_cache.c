/* The nested chains' inner searches remembered (chain_int.h): an outer
 * dynamic chain runs a whole chain search as a rule each time its queues
 * run dry, and the same grid comes back again and again, in the region
 * chains that repeat a cell's assumption, in the next level of nesting,
 * from one outcome to the next (two in three searches on hardest.txt).
 * A result is kept with the candidates it was found on in full, compared
 * byte for byte on a look-up, not only their hash; a hit spends the work
 * the search spent, so that a rating stops where it did without the
 * cache and its steps are the same. */
#include "logic/chain_int.h"

/* A search's result: what chain_rule passed on, each hint's removals
 * then its rule parents in states[], after the key's two grids. */
struct rule_entry {
	struct rule_entry *next;
	uint64_t hash;
	long long work;
	int kind, level, got, nhints, nstates;
	size_t bytes;
	struct rule_hint { int nrem, npar, complexity; uint64_t hash; } *hints;
	int32_t *states;
	uint64_t grids[];              /* init, then cur: cells each */
};

/* The memory the results may take in all; past it they are all let go
 * (a rating's search runs through about a megabyte a step on 9x9). */
#define RULE_CACHE_BYTES ((size_t)64 << 20)

static uint64_t rule_hash(int cells, int kind, int level, const uint64_t *init, const uint64_t *cur)
{
	uint64_t h = (uint64_t)(kind * 8 + level) * 0x9e3779b97f4a7c15ULL;

	for (int c = 0; c < cells; c++) {
		h = (h ^ init[c]) * 0xff51afd7ed558ccdULL;
		h = (h ^ cur[c] ^ h >> 29) * 0xc4ceb9fe1a85ec53ULL;
	}
	return h ^ h >> 32;
}

void sd_rule_cache_clear(struct sd_rule_cache *rc)
{
	for (int b = 0; b < rc->nbuckets; b++)
		for (struct rule_entry *e = rc->bucket[b], *next; e; e = next) {
			next = e->next;
			free(e);
		}
	if (rc->nbuckets)
		memset(rc->bucket, 0, (size_t)rc->nbuckets * sizeof *rc->bucket);
	rc->count = 0;
	rc->bytes = 0;
}

void sd_rule_cache_free(struct sd_rule_cache *rc)
{
	sd_rule_cache_clear(rc);
	free(rc->bucket);
	free(rc->top);
	memset(rc, 0, sizeof *rc);
}

void sd_rule_cache_begin(struct sd_rule_cache *rc, const struct sd_logic *lg)
{
	size_t size = (size_t)lg->cells * sizeof *rc->top;

	if (rc->top && rc->cells == lg->cells && !memcmp(rc->top, lg->cand, size))
		return;
	sd_rule_cache_clear(rc);
	free(rc->top);
	rc->cells = lg->cells;
	if ((rc->top = malloc(size)))
		memcpy(rc->top, lg->cand, size);
}

const struct rule_entry *sd_rule_cache_find(const struct sd_rule_cache *rc, int kind, int level,
					    const uint64_t *init, const uint64_t *cur)
{
	if (!rc || !rc->top || !rc->nbuckets)
		return NULL;
	size_t size = (size_t)rc->cells * sizeof *init;
	uint64_t hash = rule_hash(rc->cells, kind, level, init, cur);

	for (const struct rule_entry *e = rc->bucket[hash & (uint64_t)(rc->nbuckets - 1)]; e; e = e->next)
		if (e->hash == hash && e->kind == kind && e->level == level &&
		    !memcmp(e->grids, init, size) && !memcmp(e->grids + rc->cells, cur, size))
			return e;
	return NULL;
}

/* Twice the buckets, the entries moved over; false out of memory (the
 * table then stays as it was). */
static bool grow(struct sd_rule_cache *rc)
{
	int nbuckets = rc->nbuckets ? 2 * rc->nbuckets : 1024;
	struct rule_entry **bucket = calloc((size_t)nbuckets, sizeof *bucket);

	if (!bucket)
		return false;
	for (int b = 0; b < rc->nbuckets; b++)
		for (struct rule_entry *e = rc->bucket[b], *next; e; e = next) {
			next = e->next;
			struct rule_entry **to = &bucket[e->hash & (uint64_t)(nbuckets - 1)];
			e->next = *to;
			*to = e;
		}
	free(rc->bucket);
	rc->bucket = bucket;
	rc->nbuckets = nbuckets;
	return true;
}

void sd_rule_cache_put(struct sd_rule_cache *rc, int kind, int level, const uint64_t *init,
		       const uint64_t *cur, const struct chain_hints *h, const bool *passed, int got,
		       long long work)
{
	if (!rc || !rc->top)
		return;
	int nhints = 0, nstates = 0;
	for (int i = 0; i < h->count; i++)
		if (!passed || passed[i]) {
			nhints++;
			nstates += h->at[i].nrem + h->at[i].npar;
		}
	size_t grids = 2 * (size_t)rc->cells * sizeof *init;
	size_t bytes = sizeof(struct rule_entry) + grids + (size_t)nhints * sizeof(struct rule_hint) +
		       (size_t)nstates * sizeof(int32_t);
	if (rc->bytes + bytes > RULE_CACHE_BYTES)
		sd_rule_cache_clear(rc);
	if (rc->count >= rc->nbuckets && !grow(rc))
		return;
	struct rule_entry *e = malloc(bytes);
	if (!e)
		return;
	*e = (struct rule_entry){ .hash = rule_hash(rc->cells, kind, level, init, cur), .work = work,
				  .kind = kind, .level = level, .got = got, .nhints = nhints,
				  .nstates = nstates, .bytes = bytes };
	memcpy(e->grids, init, grids / 2);
	memcpy(e->grids + rc->cells, cur, grids / 2);
	e->hints = (struct rule_hint *)(e->grids + 2 * rc->cells);
	e->states = (int32_t *)(e->hints + nhints);
	int k = 0, s = 0;
	for (int i = 0; i < h->count; i++) {
		const struct chain_hint *x = &h->at[i];
		if (passed && !passed[i])
			continue;
		e->hints[k++] = (struct rule_hint){ x->nrem, x->npar, x->complexity, x->hash };
		memcpy(e->states + s, h->states + x->rem, (size_t)x->nrem * sizeof *e->states);
		s += x->nrem;
		memcpy(e->states + s, h->states + x->par, (size_t)x->npar * sizeof *e->states);
		s += x->npar;
	}
	struct rule_entry **to = &rc->bucket[e->hash & (uint64_t)(rc->nbuckets - 1)];
	e->next = *to;
	*to = e;
	rc->count++;
	rc->bytes += bytes;
}

int sd_rule_cache_replay(struct sd_logic *lg, const struct rule_entry *e, sd_advanced_fn *emit, void *arg)
{
	if (sd_logic_spend(lg, e->work))
		return -1;
	const int32_t *s = e->states;
	for (int i = 0; i < e->nhints; i++) {
		const struct rule_hint *x = &e->hints[i];
		struct chain_hint nested = { .complexity = x->complexity, .hash = x->hash };
		emit(arg, s, x->nrem, s + x->nrem, x->npar, e->kind == CHAIN_ADVANCED ? NULL : &nested);
		s += x->nrem + x->npar;
	}
	return e->got;
}
