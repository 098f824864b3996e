/* The 9×9 fast path.  For each digit and each band of three rows, a 27-bit
 * mask of the cells that may hold it (bit 9·row + column).  A digit fills
 * one cell per row and per box of a band: the (row, box) pairs with
 * candidates must contain a permutation (a placing), and a table keeps
 * exactly the pairs some placing uses, which gives locked candidates and
 * more.  The same holds for (band, column) pairs in a stack of boxes.
 * Hidden singles by row (those of boxes and columns follow from the
 * pairs), naked singles by counting across the digits in parallel, and
 * triads (a row or column of a box holds three digits) across the digits
 * in the lanes of a vector.  When propagation stalls, the search branches
 * on the placings of one digit in one band or stack, as tdoku does. */
#include <string.h>
#include "exact/exact_int.h"

#define FULL 0x7ffffffu
#define ALL_DIGITS 0x1ffu

/* band-major, so that clearing a cell from every digit of its band is one
 * contiguous loop */
#define AT(d, b) (9 * (b) + (d))

struct state {
	uint32_t cand[27];             /* digit d, band b: cand[AT(d, b)] */
	uint32_t seen[27];             /* cand as digit_update last left it */
	uint32_t unsolved[3];
};

/* Every digit's triads, the three cells where a row or a column meets a
 * box: in h[d] bit 3·(3·row + box) + band for the (row, box) pairs it may
 * take in each band, in v[d] bit 9·band + column for the (band, column)
 * pairs. */
struct triad_sets {
	uint32_t h[16], v[16];         /* 9 used: a vector's lanes */
};

struct tables {
	uint16_t shrink[512];          /* row bits -> which of its 3 triplets are non-empty */
	uint16_t lone_cell[512];       /* row bits -> themselves when one cell, else none */
	uint32_t allowed_cells[512];   /* (row, box) pairs -> the cells of the pairs some permutation uses */
	uint8_t placings[512];         /* (row, box) pairs -> the permutations inside them, a bit each */
	uint16_t permutation[6];       /* the (row, box) pairs of each permutation */
	uint32_t expand[512];          /* (row, box) pairs -> their 27 cells */
	uint32_t columns[512];         /* a set of columns -> their 27 cells */
	uint32_t peers[27];            /* row and box neighbours inside the band */
	uint8_t column_of[27];         /* i % 9, without the division */
	uint8_t bits[512];             /* bits set in 9 bits */
};

/* Constant once built, before main: no state is shared between solves. */
static struct tables T;

__attribute__((constructor)) static void make_tables(void)
{
	static const int perms[6][3] = {
		{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
	};

	for (int x = 0; x < 512; x++) {
		int s = 0;
		uint32_t e = 0, c = 0;
		for (int k = 0; k < 3; k++)
			if (x >> (3 * k) & 7)
				s |= 1 << k;
		T.shrink[x] = (uint16_t)s;
		T.lone_cell[x] = __builtin_popcount((unsigned)x) == 1 ? (uint16_t)x : 0;
		T.bits[x] = (uint8_t)__builtin_popcount((unsigned)x);
		for (int p = 0; p < 6; p++) {
			int m = 0;
			for (int r = 0; r < 3; r++)
				m |= 1 << (3 * r + perms[p][r]);
			T.permutation[p] = (uint16_t)m;
			if ((x & m) == m) {
				T.allowed_cells[x] |= (uint32_t)m;
				T.placings[x] |= (uint8_t)(1 << p);
			}
		}
		for (int i = 0; i < 9; i++) {
			if (x >> i & 1) {
				e |= 7u << (9 * (i / 3) + 3 * (i % 3));
				c |= 0x40201u << i;
			}
		}
		T.expand[x] = e;
		T.columns[x] = c;
	}
	/* the cells at once, rather than the pairs and then their cells: one
	 * load fewer on the longest path of a band's update (3% of the time) */
	for (int x = 0; x < 512; x++)
		T.allowed_cells[x] = T.expand[T.allowed_cells[x]];
	for (int i = 0; i < 27; i++) {
		int r = i / 9, k = i % 9 / 3;
		T.peers[i] = ((0x1ffu << (9 * r)) | (0x1c0e07u << (3 * k))) & ~(1u << i);
		T.column_of[i] = (uint8_t)(i % 9);
	}
}

typedef uint32_t vec4 __attribute__((vector_size(16)));
typedef uint32_t vec16 __attribute__((vector_size(64)));

struct run9 {
	const struct sd_solve_opts *o;
	struct sd_solve_result *res;
	bool stopped;
};

static void report(struct run9 *run, const struct state *s)
{
	uint8_t v[81];

	for (int d = 0; d < 9; d++)
		for (int b = 0; b < 3; b++)
			for (uint32_t x = s->cand[AT(d, b)]; x; x &= x - 1) {
				int i = __builtin_ctz(x);
				v[27 * b + i] = (uint8_t)(d + 1);
			}
	struct sd_geom g = { 9, 3, 3 };
	if (!sd_is_solution(&g, v))
		return;
	if (run->res->solutions++ == 0)
		memcpy(run->res->first, v, 81);
	if (run->o->on_solution)
		run->o->on_solution(v, run->o->arg);
	if (run->res->solutions >= run->o->max_solutions)
		run->stopped = true;
}

static bool out_of_budget(struct run9 *run)
{
	struct sd_solve_result *res = run->res;

	if (run->o->limits.work && res->nodes >= run->o->limits.work) {
		res->stop = SD_STOP_LIMIT;
		return true;
	}
	if ((res->nodes & 1023) == 1023) {
		if (sd_interrupted(&run->o->limits)) {
			res->stop = SD_STOP_INTERRUPTED;
			return true;
		}
		if (run->o->limits.deadline > 0 && sd_now() > run->o->limits.deadline) {
			res->stop = SD_STOP_LIMIT;
			return true;
		}
	}
	return false;
}

/* The portable search: the baseline of the target, whatever it is. */
#define S9(name) name##_portable
#define S9_TARGET
#include "exact/solve9_int.h"
#undef S9
#undef S9_TARGET

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/* The same search for x86-64 with AVX2, BMI2 and popcnt (Haswell and
 * later), chosen at run time: a binary built for any x86-64 still runs
 * everywhere. */
#include <immintrin.h>
#define S9(name) name##_avx2
#define S9_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt")))
#define S9_AVX2 1
#include "exact/solve9_int.h"
#undef S9
#undef S9_TARGET
#undef S9_AVX2
#define HAVE_AVX2_PATH 1
#endif
bool sd_solve9_has_vector(void)
{
#ifdef HAVE_AVX2_PATH
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
	       __builtin_cpu_supports("popcnt");
#else
	return false;
#endif
}

long long sd_solve9_path(const uint8_t *puzzle, const struct sd_solve_opts *o,
			 struct sd_solve_result *res, bool vector)
{
	struct sd_solve_opts opts = *o;
	struct run9 run = { &opts, res, false };
	struct state s;

	sd_solve_result_reset(res);
	if (opts.max_solutions < 1)
		opts.max_solutions = 1;
	for (int i = 0; i < 27; i++) {
		s.cand[i] = FULL;
		s.seen[i] = 0;
	}
	s.unsolved[0] = s.unsolved[1] = s.unsolved[2] = FULL;
	for (int b = 0; b < 3; b++)
		for (int i = 0; i < 27; i++) {
			int d = puzzle[27 * b + i] - 1;
			if (d < 0)
				continue;
			if (!(s.cand[AT(d, b)] >> i & 1))
				return 0;       /* givens that break a rule */
			solve_cell_portable(&s, d, b, i);
		}
	for (int b = 0; opts.exclude && b < 3; b++)
		for (int i = 0; i < 27; i++) {
			int d = opts.exclude[27 * b + i] - 1;
			if (d >= 0 && s.unsolved[b] >> i & 1)
				s.cand[AT(d, b)] &= ~(1u << i);
		}
	for (int b = 0; opts.allowed && b < 3; b++)
		for (int i = 0; i < 27; i++)
			for (int d = 0; d < 9 && s.unsolved[b] >> i & 1; d++)
				if (!(opts.allowed[27 * b + i] >> d & 1))
					s.cand[AT(d, b)] &= ~(1u << i);
#ifdef HAVE_AVX2_PATH
	if (vector)
		search_avx2(&run, &s, ALL_DIGITS);
	else
#endif
		search_portable(&run, &s, ALL_DIGITS);
	(void)vector;
	return res->solutions;
}

/* Which path this machine runs, decided once: the CPU does not change. */
static bool vector_path;

__attribute__((constructor)) static void pick_path(void)
{
	vector_path = sd_solve9_has_vector();
}

long long sd_solve9(const uint8_t *puzzle, const struct sd_solve_opts *o,
		    struct sd_solve_result *res)
{
	return sd_solve9_path(puzzle, o, res, vector_path);
}
