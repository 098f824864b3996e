/* What every chain search stands on (chain_int.h): SE's ancestor count,
 * and the making and offering of hints. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "logic/chain_int.h"

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


/* ---- hints -------------------------------------------------------------- */

/* SE's length difficulty: 0.1 per step of a scale growing by 3/2 and
 * 4/3 in turn, from 4. */
double sd_length_difficulty(int complexity, bool smooth)
{
	double added = 0.0;
	int floor = 0, ceil = 4, length = complexity - 2;
	bool odd = false;

	while (length > ceil) {
		added += 0.1;
		floor = ceil;
		ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
		odd = !odd;
	}
	if (smooth && length > floor)
		added += 0.1 * (length - floor) / (ceil - floor + 1);
	return added;
}

/* The most complexity a hint of SE's base difficulty base can have and
 * still be kept by sd_chain_offer, which keeps the first of the least
 * difficulty, then the least complexity: a search may stop looking for
 * chains longer than that, as every one it would find goes.  The
 * difficulty grows with the complexity, so the hints kept are a prefix of
 * lengths.  No bound (INT_MAX) while nothing is found or when every hint
 * is collected (a rule inside another chain). */
int sd_chain_longest_kept(const struct chains *ch, double base)
{
	if (ch->out || !ch->found)
		return INT_MAX;
	int length = 0;
	while (length < ch->nstates) {
		double difficulty = base + sd_length_difficulty(length + 1, false);
		if (difficulty > ch->difficulty ||
		    (difficulty == ch->difficulty && length + 1 > ch->complexity))
			break;
		length++;
	}
	return length;
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
	double difficulty = base + sd_length_difficulty(complexity, false);
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
	ch->best.complexity = complexity;
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
