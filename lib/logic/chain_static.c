/* Static chains, whose grid does not change as they go: bidirectional
 * cycles and forcing X- and Y-chains (6.5 to 7.0), SE's doCycles and
 * doForcingChains, from each potential of a candidate.  The products of
 * every potential are found once per search (the links), as the grid is
 * the same at every step. */
#include <limits.h>
#include <string.h>
#include "logic/chain_int.h"

/* ---- static chains' products, found once ------------------------------- */

/* The most products kept for a static search: 16 MB. */
#define LINKS_MAX (1 << 22)

/* A cell's three regions, in SE's order: their cells, their rows in the
 * places tables (unit * n) and the positions there that an "on"
 * potential in the cell does not turn off (own_places), found once
 * for the cell's states. */
struct around {
	const uint16_t *cells[3];
	int row[3];
	uint64_t mine[3];
};

static void around_of(const struct chains *ch, int cell, struct around *a)
{
	const struct sd_logic *lg = ch->lg;

	for (int kind = 0; kind < 3; kind++) {
		int unit = se_region(lg, kind, cell);
		a->cells[kind] = lg->units.members[unit];
		a->row[kind] = unit * ch->n;
		a->mine[kind] = own_places(lg, kind, cell);
	}
}

/* The products of the potential (cell, d, on), its cell around a, on the
 * search's grid, as on_to_off (an "on" potential) or off_to_on (an "off"
 * one) with y and x make them, each once and in their order, into out as
 * state * 4 + cause: the cell's first, *mid of them; returns how many. */
static int links_of(const struct chains *ch, int cell, int d, bool on, const struct around *a,
		    int32_t *out, int *mid)
{
	int count = 0;
	uint64_t here = ch->work[cell];

	if (on) {
		for (uint64_t m = here & ~bit(d); m; m &= m - 1)
			out[count++] = state_of(ch, cell, lowest(m) + 1, false) * 4 + CAUSE_CELL;
		*mid = count;
		for (int kind = 0; kind < 3; kind++)
			for (uint64_t m = ch->work_places[a->row[kind] + d - 1] & ~a->mine[kind]; m; m &= m - 1)
				out[count++] = state_of(ch, a->cells[kind][lowest(m)], d, false) * 4 + CAUSE_BOX + kind;
		return count;
	}
	if (two_bits(here))
		out[count++] = state_of(ch, cell, lowest(here & ~bit(d)) + 1, true) * 4 + CAUSE_CELL;
	*mid = count;
	for (int kind = 0; kind < 3; kind++) {
		int other = other_place(a->cells[kind], ch->work_places[a->row[kind] + d - 1], cell);
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
void sd_chain_links_build(struct chains *ch)
{
	long total = 0;

	size_t grid = (size_t)ch->cells * sizeof *ch->work;

	if (ch->link_kept && !memcmp(ch->link_grid, ch->work, grid)) {
		ch->link = ch->link_room;
		return;
	}
	ch->link = NULL;
	ch->link_kept = ch->reach_kept = false;
	if (!ch->link_grid)
		ch->link_grid = chain_alloc(ch, grid, false);
	if (!ch->link_at)
		ch->link_at = chain_alloc(ch, (size_t)(ch->nstates + 1) * sizeof *ch->link_at, false);
	if (!ch->link_mid)
		ch->link_mid = chain_alloc(ch, (size_t)ch->nstates * sizeof *ch->link_mid, false);
	if (!ch->link_step)
		ch->link_step = chain_alloc(ch, (size_t)4 * ch->n * sizeof *ch->link_step, false);
	if (!ch->link_at || !ch->link_mid || !ch->link_step || !ch->link_grid) {
		ch->failed = true;
		return;
	}
	/* at most: the cell's other digits and three regions' other places
	 * of the digit for an "on" state, four for an "off" one; counted
	 * closer when that bound is past LINKS_MAX */
	for (int c = 0; c < ch->cells; c++)
		total += (long)popcount(ch->work[c]) * 4 * ch->n;
	if (total > LINKS_MAX) {
		total = 0;
		for (int c = 0; c < ch->cells; c++)
			for (uint64_t m = ch->work[c]; m; m &= m - 1) {
				total += popcount(ch->work[c]) + 4;
				for (int kind = 0; kind < 3; kind++)
					total += popcount(places(ch, ch->work_places, kind, c, lowest(m) + 1));
			}
	}
	if (total > LINKS_MAX ||
	    !reserve(ch, (void **)&ch->link_room, &ch->caplink, (int)total, sizeof *ch->link_room))
		return;
	int count = 0, s = 0;
	for (int c = 0; c < ch->cells; c++) {
		struct around a;
		if (ch->work[c])
			around_of(ch, c, &a);
		for (int d = 1; d <= ch->n; d++)
			for (int on = 0; on < 2; on++, s++) {
				int mid = 0;
				ch->link_at[s] = count;
				if (ch->work[c] & bit(d))
					count += links_of(ch, c, d, on, &a, ch->link_room + count, &mid);
				ch->link_mid[s] = ch->link_at[s] + mid;
			}
	}
	ch->link_at[ch->nstates] = count;
	ch->link = ch->link_room;
	memcpy(ch->link_grid, ch->work, grid);
	ch->link_kept = true;
}

/* The products of state s in a static search (on_to_off's with y, or
 * off_to_on's with y and x), from the table or found now; *count of
 * them. */
static inline const int32_t *links(struct chains *ch, int s, bool y, bool x, int *count)
{
	const int32_t *from, *to;

	if (ch->link) {
		from = ch->link + (y ? ch->link_at[s] : ch->link_mid[s]);
		to = ch->link + (x || is_on(s) ? ch->link_at[s + 1] : ch->link_mid[s]);
	} else {
		struct around a;
		around_of(ch, cell_of(ch, s), &a);
		int mid, all = links_of(ch, cell_of(ch, s), digit_of(ch, s), is_on(s), &a, ch->link_step, &mid);
		from = ch->link_step + (y ? 0 : mid);
		to = ch->link_step + (x || is_on(s) ? all : mid);
	}
	*count = (int)(to - from);
	return from;
}

/* ---- what a forcing chain can reach, found once ------------------------ */

/* The most words of reach bits kept for a static search (16 MB), and
 * the most words the build may merge (links times words a set: about a
 * hundred milliseconds). */
#define REACH_MAX (1 << 21)
#define REACH_MERGES_MAX (1L << 27)

/* Which candidates' states each state reaches through every link of the
 * table the search built: the XY pass's, which hold the X pass's, so
 * that one build serves both (a state the X pass could not reach only
 * lets a walk be taken that finds nothing; two builds were a fifth of
 * the nested chains' time).  The strongly connected components by
 * Tarjan's algorithm (a loop, not recursion: a component can hold every
 * state), found sinks first, so that each one's reach is its own states
 * and those of the components it links to, found before it.  Without
 * the table, or past REACH_MAX or REACH_MERGES_MAX, reach_ok stays false
 * and every walk is taken. */
void sd_chain_reach_build(struct chains *ch)
{
	int live = 0;

	ch->reach_ok = ch->link && ch->reach_kept;
	if (!ch->link || ch->reach_kept)
		return;
	for (int c = 0; c < ch->cells; c++)
		live += 2 * popcount(ch->work[c]);
	long links = ch->link_at[ch->nstates];
	long room = (long)ch->nstates + 11L * live + 2 + links;
	if (room > INT_MAX || links * ((live + 63) / 64) > REACH_MERGES_MAX ||
	    !reserve(ch, (void **)&ch->reach_room, &ch->capreach, (int)room, sizeof *ch->reach_room))
		return;
	/* per state its index; per index: its component (-1 not visited
	 * yet, -2 visited and waiting for one), state, visit number and
	 * lowest number reached; the visited waiting, the walk's path and
	 * the next link on it to take; the indices by component, from
	 * first[k]; its links as indices, from edge[v], those to states
	 * with links first, to edge_sink[v], then those to states without */
	int32_t *id = ch->reach_room, *comp = id + ch->nstates, *state = comp + live;
	int32_t *number = state + live, *low = number + live, *waiting = low + live;
	int32_t *path = waiting + live, *next = path + live, *member = next + live, *first = member + live;
	int32_t *edge = first + live + 1, *edge_sink = edge + live + 1, *adj = edge_sink + live;
	memset(id, -1, (size_t)ch->nstates * sizeof *id);
	live = 0;
	for (int c = 0; c < ch->cells; c++)
		for (uint64_t m = ch->work[c]; m; m &= m - 1)
			for (int on = 0; on < 2; on++) {
				int s = state_of(ch, c, lowest(m) + 1, on);
				state[live] = s;
				id[s] = live++;
			}
	/* the table's links: state s's from link[at[s]] to link[at[s + 1]];
	 * the states without (most "off" ones: they imply nothing) are
	 * components of their own, numbered first (a sink may come first),
	 * so that the walk passes them by and the merges set their bit */
	const int32_t *at = ch->link_at, *link = ch->link;
	int ncomp = 0, nmember = 0, nadj = 0;
	for (int v = 0; v < live; v++) {
		comp[v] = -1;
		if (at[state[v]] == at[state[v] + 1]) {
			first[ncomp] = nmember;
			comp[v] = ncomp++;
			member[nmember++] = v;
		}
	}
	for (int v = 0; v < live; v++) {
		int from = at[state[v]], to = at[state[v] + 1], lo = nadj, hi = nadj + to - from;
		edge[v] = nadj;
		nadj = hi;
		for (int j = from; j < to; j++) {
			int w = id[link[j] >> 2];
			if (comp[w] < 0)
				adj[lo++] = w;
			else
				adj[--hi] = w;
		}
		edge_sink[v] = lo;
	}
	edge[live] = nadj;
	int visited = 0, nwaiting = 0, depth = 0;
	for (int root = 0; root < live; root++) {
		if (comp[root] != -1)
			continue;
		int v = root;
		for (;;) {
			if (comp[v] == -1) {            /* a state met first */
				number[v] = low[v] = visited++;
				comp[v] = -2;
				waiting[nwaiting++] = v;
				path[depth] = v;
				next[depth++] = edge[v];
			}
			v = path[depth - 1];
			int j = next[depth - 1], end = edge_sink[v], w = -1;
			for (; j < end; j++) {
				int x = adj[j];
				if (comp[x] == -1) {
					w = x;
					j++;
					break;
				}
				if (comp[x] == -2 && number[x] < low[v])
					low[v] = number[x];
			}
			next[depth - 1] = j;
			if (w >= 0) {
				v = w;
				continue;
			}
			/* v's links all taken: back to the state before it */
			depth--;
			if (depth && low[v] < low[path[depth - 1]])
				low[path[depth - 1]] = low[v];
			if (low[v] == number[v]) {
				first[ncomp] = nmember;
				do {
					w = waiting[--nwaiting];
					comp[w] = ncomp;
					member[nmember++] = w;
				} while (w != v);
				ncomp++;
			}
			if (!depth)
				break;
		}
	}
	first[ncomp] = nmember;
	/* words by fours, merged four at a time */
	int words = ((live + 63) / 64 + 3) & ~3;
	if ((long)ncomp * words > REACH_MAX ||
	    !reserve(ch, (void **)&ch->reach_bits, &ch->capreachbits, ncomp * words, sizeof *ch->reach_bits))
		return;
	/* a component links only to those found before it; the visit
	 * numbers, done with, now tell the last component that took in
	 * another's reach, so that it takes it once */
	int32_t *taken_by = number;
	for (int k = 0; k < ncomp; k++)
		taken_by[k] = -1;
	for (int k = 0; k < ncomp; k++) {
		uint64_t *mine = ch->reach_bits + (size_t)k * words;
		memset(mine, 0, (size_t)words * sizeof *mine);
		for (int i = first[k]; i < first[k + 1]; i++) {
			int v = member[i];
			mine[v >> 6] |= 1ULL << (v & 63);
			for (int j = edge_sink[v]; j < edge[v + 1]; j++)
				mine[adj[j] >> 6] |= 1ULL << (adj[j] & 63);
			for (int j = edge[v]; j < edge_sink[v]; j++) {
				int other = comp[adj[j]];
				if (other == k || taken_by[other] == k)
					continue;
				taken_by[other] = k;
				const uint64_t *theirs = ch->reach_bits + (size_t)other * words;
				for (int word = 0; word < words; word += 4) {
					mine[word] |= theirs[word];
					mine[word + 1] |= theirs[word + 1];
					mine[word + 2] |= theirs[word + 2];
					mine[word + 3] |= theirs[word + 3];
				}
			}
		}
	}
	ch->reach_words = words;
	ch->reach_live = live;
	/* each potential was followed once, and its links merged once */
	ch->reach_ok = ch->reach_kept = !spend(ch, (long long)live * ((ch->n + 8) / 9));
}

/* Whether a forcing chain from state from can reach state to (true when
 * not known). */
static bool reaches(const struct chains *ch, int from, int to)
{
	if (!ch->reach_use || !ch->reach_ok)
		return true;
	const int32_t *id = ch->reach_room, *comp = id + ch->nstates;
	int t = id[to];
	return ch->reach_bits[(size_t)comp[id[from]] * ch->reach_words + (t >> 6)] >> (t & 63) & 1;
}

/* Whether a cycle can go through state: whether its component has
 * another state (true when not known). */
static bool in_loop(const struct chains *ch, int state)
{
	if (!ch->reach_use || !ch->reach_ok)
		return true;
	const int32_t *comp = ch->reach_room + ch->nstates, *first = comp + 8 * ch->reach_live;
	int k = comp[ch->reach_room[state]];
	return first[k + 1] - first[k] > 1;
}

/* The strongly connected component of state (-1 when not known): a
 * cycle through a state stays in its component, and so does every path
 * from it back to it. */
static inline int loop_of(const struct chains *ch, int state)
{
	return ch->reach_ok ? ch->reach_room[ch->nstates + ch->reach_room[state]] : -1;
}

/* Whether the reaches of the states states[0, count) meet: a state in
 * every one (found in the cycles' scratch, cells * 2 words: at least the
 * 2 cells n / 64 of the candidates' states). */
static bool reaches_meet(const struct chains *ch, const int32_t *states, int count)
{
	const int32_t *id = ch->reach_room, *comp = id + ch->nstates;
	int words = ch->reach_words;
	uint64_t *common = ch->seen;

	for (int i = 0; i < count; i++) {
		const uint64_t *bits = ch->reach_bits + (size_t)comp[id[states[i]]] * words;
		for (int w = 0; w < words; w++)
			common[w] = i ? common[w] & bits[w] : bits[w];
	}
	for (int w = 0; w < words; w++)
		if (common[w])
			return true;
	return false;
}

/* Whether multiple chains that do not change the grid (the static
 * ones, whose implications follow the links of the table) can find a
 * hint from cell: whether some potential is implied by every digit of
 * the cell, or by every place of one of its digits in a region where
 * cell is the first place (SE's cell and region chains); true when not
 * known.  An assumption's implications are the states it reaches, or
 * fewer when they meet a contradiction, so a hint needs the reaches of
 * its assumptions to meet. */
bool sd_chain_static_may_reduce(struct chains *ch, int cell)
{
	int32_t assumed[SD_MAXN];
	int count = 0;

	if (!ch->reach_ok)
		return true;
	for (uint64_t m = ch->base[cell]; m; m &= m - 1)
		assumed[count++] = state_of(ch, cell, lowest(m) + 1, true);
	if (reaches_meet(ch, assumed, count))
		return true;
	for (uint64_t m = ch->base[cell]; m; m &= m - 1) {
		int d = lowest(m) + 1;
		for (int kind = 0; kind < 3; kind++) {
			const uint16_t *cells = region_cells(ch, kind, cell);
			uint64_t where = places(ch, ch->start_places, kind, cell, d);
			if (!two_or_more(where) || cells[lowest(where)] != cell)
				continue;
			count = 0;
			for (uint64_t p = where; p; p &= p - 1)
				assumed[count++] = state_of(ch, cells[lowest(p)], d, true);
			if (reaches_meet(ch, assumed, count))
				return true;
		}
	}
	return false;
}

/* Whether d has two places exactly in a region of cell on the search's
 * grid: an X-cycle (no cell's link) through cell needs one to come back,
 * the only link an "off" potential there makes to "cell holds d". */
static bool bilocal(const struct chains *ch, int cell, int d)
{
	for (int kind = 0; kind < 3; kind++)
		if (two_bits(places(ch, ch->work_places, kind, cell, d)))
			return true;
	return false;
}

/* SE's base difficulties of a cycle and of a forcing chain by the kind
 * of chain searched (y, x). */
static double cycle_base(bool y, bool x) { return y && x ? 7.0 : 6.5; }
static double forcing_base(bool y, bool x) { return y && x ? 7.0 : 6.6; }

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
			sd_chain_step_remove(ch, &st, c, both & -both);
	st.variant = y && x ? 3 : y ? 2 : 1;
	st.npattern = sd_chain_record(ch, &st, dst_on, 0, SD_MAX_PATTERN, false);
	sd_chain_offer(ch, &st, cycle_base(y, x), sd_chain_ancestors(ch, dst_on), y && x ? 4 : y ? 3 : 2, &dst_on, 1,
	      CAUSE_NONE, true);
}

static void forcing_chain_hint(struct chains *ch, int32_t target, bool y, bool x)
{
	struct sd_step st;
	int s = ch->nodes[target].state;

	sd_chain_result_step(ch, &st, SD_TECH_FORCING_CHAIN, s, true);
	st.variant = y && x ? 6 : y ? 5 : 4;
	st.npattern = sd_chain_record(ch, &st, target, 0, SD_MAX_PATTERN, false);
	sd_chain_offer(ch, &st, forcing_base(y, x), sd_chain_ancestors(ch, target), y && x ? 4 : y ? 3 : 2, &target, 1,
	      CAUSE_NONE, false);
}

/* ---- cycles and forcing X- and Y-chains --------------------------------- */

/* SE's doCycles: breadth-first, a layer of "on" potentials then one of
 * "off"; a path back to the start of four links or more is a cycle.  The
 * "off" ones are not told apart (each is queued as often as it is made,
 * SE's set of them is never read): one waits in the queue as its link and
 * its parent, and becomes a node only when it implies an "on" potential
 * that is kept, which most never do. */
static void find_cycles(struct chains *ch, int32_t start, bool y, bool x, int longest,
			struct fifo *cycles)
{
	struct pset on = pset_none(ch);
	struct fifo *q_on = fifo_reset(&ch->q_on), *q_off = fifo_reset(&ch->q_off);
	int start_state = ch->nodes[start].state, length = 0, loop = loop_of(ch, start_state);

	pset_put(ch, &on, start_state, start);
	push(ch, q_on, start);
	/* the potentials out of the start's component are left out: none
	 * leads back, and those in it are met as they were, in their order */
	while (!ch->failed && (!fifo_empty(q_on) || !fifo_empty(q_off))) {
		/* a cycle closed in this round is as complex as its length */
		if (length + 2 > longest)
			break;
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
				if (ch->stamp[link[i] >> 2] != ancestor &&
				    (loop < 0 || loop_of(ch, link[i] >> 2) == loop)) {
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
				if (!cycle && (pset_has(&on, m.state) || (loop >= 0 && loop_of(ch, m.state) != loop)))
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
static void find_forcing(struct chains *ch, int32_t start, bool y, int longest, struct fifo *chains)
{
	struct fifo *q_on = fifo_reset(&ch->q_on), *q_off = fifo_reset(&ch->q_off);
	int start_state = ch->nodes[start].state;
	/* the length of the paths to the potentials a layer takes, each
	 * state on one once: a chain's complexity is its length */
	int depth = 1;
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
		if (!fifo_empty(q_on) && depth++ >= longest)
			break;
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
		if (!found && !fifo_empty(q_off) && depth++ >= longest)
			break;
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
void sd_chain_unary(struct chains *ch, int cell, int d, bool y, bool x)
{
	if (popcount(ch->base[cell]) > 2 && !x)
		return;
	/* past the best hint so far, only shorter chains can be kept: a
	 * cycle has four links at least, a forcing chain two potentials */
	int cycle_longest = sd_chain_longest_kept(ch, cycle_base(y, x));
	int forcing_longest = x ? sd_chain_longest_kept(ch, forcing_base(y, x)) : 0;
	if (cycle_longest < 4 && forcing_longest < 2)
		return;
	int on_state = state_of(ch, cell, d, true), off_state = on_state ^ 1;
	if (ch->reach_use && ch->reach_due) {
		ch->reach_due = false;
		sd_chain_reach_build(ch);
	}
	struct fifo *cycles = fifo_reset(&ch->cycles), *found = fifo_reset(&ch->forcing);
	int32_t on = new_node(ch, on_state, -1, NULL, 0, CAUSE_NONE);
	if (on < 0)
		return;
	/* each walk's potentials are spent once it is done (see walked) */
	long long taken = 0;
	if (cycle_longest >= 4 && in_loop(ch, on_state) && (y || bilocal(ch, cell, d))) {
		find_cycles(ch, on, y, x, cycle_longest, cycles);
		taken += walked(ch, 2);
	}
	if (x) {
		if (reaches(ch, on_state, off_state)) {
			find_forcing(ch, on, y, forcing_longest, found);
			taken += walked(ch, 2);
		}
		int32_t off = new_node(ch, off_state, -1, NULL, 0, CAUSE_NONE);
		if (off >= 0 && reaches(ch, off_state, on_state)) {
			find_forcing(ch, off, y, forcing_longest, found);
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
