/* A killer cage's possible digits: which digits of a set can stand in a
 * cage whose empty cells must still add up to a sum with distinct digits.
 * The variant search (variant.c) narrows each cage's cells to them. */
#include "exact/exact_int.h"

/* Sums are at most 64 * 65 / 2 = 2080: 33 words of bits. */
#define SUM_WORDS 33
/* Past this much work (digits squared, times cells, times words) a cage
 * is narrowed by its bounds alone: a 64-cell cage of a 64x64 board would
 * cost 8 million word operations a node by subset sums. */
#define SUBSET_BUDGET (1 << 16)

/* to |= from << shift, over words words of bits (the sums above them
 * dropped). */
static void or_shifted(uint64_t *to, const uint64_t *from, int shift, int words)
{
	int ws = shift / 64, bs = shift % 64;

	for (int w = words - 1; w >= ws; w--) {
		uint64_t x = from[w - ws] << bs;
		if (bs && w - ws - 1 >= 0)
			x |= from[w - ws - 1] >> (64 - bs);
		to[w] |= x;
	}
}

/* Whether count distinct digits of set (bit d-1 for digit d) add up to
 * sum, by subset sums over sizes: reach[j] holds the sums of j digits. */
static bool sums_to(uint64_t set, int count, int sum)
{
	uint64_t reach[SD_MAXN + 1][SUM_WORDS];
	int words = sum / 64 + 1, have = 0;

	if (count == 0)
		return sum == 0;
	for (int j = 0; j <= count; j++)
		for (int w = 0; w < words; w++)
			reach[j][w] = 0;
	reach[0][0] = 1;
	for (; set; set &= set - 1) {
		int digit = __builtin_ctzll(set) + 1;
		have++;
		for (int j = have < count ? have : count; j >= 1; j--)
			or_shifted(reach[j], reach[j - 1], digit, words);
	}
	return reach[count][sum / 64] >> (sum % 64) & 1;
}

/* The sum of the count smallest (or largest) digits of set; -1 when set
 * has fewer. */
static int extreme_sum(uint64_t set, int count, bool largest)
{
	int total = 0;

	if (sd_popcount(set) < count)
		return -1;
	for (int k = 0; k < count; k++) {
		int d = largest ? 63 - __builtin_clzll(set) : __builtin_ctzll(set);
		total += d + 1;
		set &= ~(1ULL << d);
	}
	return total;
}

uint64_t sd_cage_digits(uint64_t set, int empty, int left)
{
	uint64_t possible = 0;

	if (empty <= 0 || left <= 0)
		return 0;
	if (left < 64)
		set &= (1ULL << left) - 1;    /* no digit above what is left */
	if (sd_popcount(set) < empty)
		return 0;
	if (empty == 1)
		return left <= 64 ? set & 1ULL << (left - 1) : 0;
	int size = sd_popcount(set), words = left / 64 + 1;
	bool exact = (long)size * size * empty * words <= SUBSET_BUDGET;
	for (uint64_t s = set; s; s &= s - 1) {
		int d = __builtin_ctzll(s), rest = left - (d + 1);
		uint64_t others = set & ~(1ULL << d);
		bool ok;
		if (empty == 2)
			ok = rest >= 1 && rest <= 64 && (others >> (rest - 1) & 1);
		else if (exact)
			ok = sums_to(others, empty - 1, rest);
		else
			ok = extreme_sum(others, empty - 1, false) >= 0 &&
			     extreme_sum(others, empty - 1, false) <= rest &&
			     rest <= extreme_sum(others, empty - 1, true);
		if (ok)
			possible |= 1ULL << d;
	}
	return possible;
}
