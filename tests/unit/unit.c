/* Unit tests of the library's internals: bin/unit-tests [group ...] */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "exact/exact_int.h"
#include "local/local_int.h"
#include "gen/gen.h"
#include "format/format.h"
#include "explain/explain.h"
#include "play/game.h"
#include "play/layout.h"
#include "play/save.h"
#include "logic/logic_int.h"

/* A size of every kind: square boxes, oblong ones, the largest. */
static const int sizes[] = { 4, 6, 9, 12, 16, 25, 36, 64 };
#define NSIZES (sizeof sizes / sizeof *sizes)

static int failures;

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		failures++; \
	} \
} while (0)

static void test_geometry(void)
{
	static const int want[][3] = {
		{ 4, 2, 2 }, { 6, 2, 3 }, { 8, 2, 4 }, { 9, 3, 3 }, { 12, 3, 4 }, { 16, 4, 4 },
		{ 25, 5, 5 }, { 35, 5, 7 }, { 36, 6, 6 }, { 49, 7, 7 }, { 64, 8, 8 }, { 10, 2, 5 },
	};
	struct sd_geom g;

	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		CHECK(sd_geom_default(want[i][0], &g) == 0);
		CHECK(g.n == want[i][0] && g.r == want[i][1] && g.c == want[i][2]);
	}
	for (int n = 1; n <= 70; n++) {
		bool prime = n > 1;
		for (int d = 2; d * d <= n; d++)
			prime &= n % d != 0;
		CHECK((sd_geom_default(n, &g) < 0) == (prime || n < 4 || n > 64));
	}
	CHECK(sd_geom_parse("3x2", &g) == 0 && g.n == 6 && g.r == 3 && g.c == 2);
	CHECK(sd_geom_parse("8x8", &g) == 0 && g.n == 64);
	CHECK(sd_geom_parse("1x9", &g) < 0);
	CHECK(sd_geom_parse("9x8", &g) < 0);
	CHECK(sd_geom_parse("3x", &g) < 0);
	CHECK(sd_geom_parse("x3", &g) < 0);
	CHECK(sd_geom_parse("3x3 ", &g) < 0);
	/* every box covers its cells once, and sd_box_of agrees */
	for (int n = 4; n <= 64; n++) {
		static int seen[SD_MAXCELLS];
		if (sd_geom_default(n, &g) < 0)
			continue;
		memset(seen, 0, sizeof seen);
		for (int b = 0; b < n; b++)
			for (int k = 0; k < n; k++) {
				int cell = sd_box_cell(&g, b, k);
				seen[cell]++;
				CHECK(sd_box_of(&g, cell / n, cell % n) == b);
			}
		for (int i = 0; i < n * n; i++)
			CHECK(seen[i] == 1);
	}
	sd_geom_default(6, &g);
	CHECK(sd_box_cell(&g, 1, 0) == 3);       /* 2 rows × 3 columns: box 2 starts at r1c4 */
	CHECK(sd_box_cell(&g, 2, 0) == 12);      /* box 3 at r3c1 */
	char name[32];
	sd_geom_default(9, &g);
	sd_cell_name(&g, 2 * 9 + 4, name);
	CHECK(!strcmp(name, "r3c5"));
	CHECK(sd_cell_parse(&g, "r3c5") == 22);
	CHECK(sd_cell_parse(&g, "r10c1") < 0 && sd_cell_parse(&g, "r3c5x") < 0);
	CHECK(sd_cell_parse(&g, "r4294967297c1") < 0 && sd_cell_parse(&g, "r-1c1") < 0);
	CHECK(sd_cell_parse(&g, "r0c1") < 0 && sd_cell_parse(&g, "r9c9") == 80);
	/* sides checked before their product, which could wrap into range */
	CHECK(sd_geom_parse("3x3", &g) == 0 && g.n == 9 && g.r == 3 && g.c == 3);
	CHECK(sd_geom_parse("8X8", &g) == 0 && g.n == 64);
	CHECK(sd_geom_parse("5x3689348814741910325", &g) < 0);
	CHECK(sd_geom_parse("4294967297x4294967295", &g) < 0);
	CHECK(sd_geom_parse("2x33", &g) < 0 && sd_geom_parse("33x2", &g) < 0);
	CHECK(sd_geom_parse("1x9", &g) < 0 && sd_geom_parse("3x", &g) < 0 && sd_geom_parse("+3x3", &g) < 0);
	CHECK(sd_geom_from_sides(3689348814741910325LL, 5, &g) < 0);
	CHECK(sd_geom_from_sides(-3, -3, &g) < 0 && sd_geom_from_sides(4, 16, &g) == 0 && g.n == 64);
	CHECK(sd_size_ok(4) && sd_size_ok(64) && !sd_size_ok(65) && !sd_size_ok(-9) && !sd_size_ok(3));
}

static void test_alphabet(void)
{
	struct sd_alphabet a;

	sd_alphabet_default(&a);
	CHECK(a.value['.'] == 0 && a.value['0'] == 0 && a.value['1'] == 1 && a.value['9'] == 9);
	CHECK(a.value['A'] == 10 && a.value['a'] == 10 && a.value['G'] == 16 && a.value['Z'] == 35);
	CHECK(a.value['-'] == -1 && a.value[' '] == -1 && a.value[0] == -1 && a.value[255] == -1);
	CHECK(sd_alphabet_set(&a, "0123456789ABCDEF") == 0);
	CHECK(a.value['0'] == 1 && a.value['F'] == 16 && a.value['f'] == 16 && a.value['.'] == 0);
	CHECK(sd_alphabet_set(&a, "aA") == 0 && a.value['a'] == 1 && a.value['A'] == 2);
	CHECK(sd_alphabet_set(&a, "11") < 0);
	CHECK(sd_alphabet_set(&a, "1.2") < 0);
	CHECK(sd_alphabet_set(&a, "") < 0);
}

static const char solved9[] =
	"296378154715462893483951726948215637361794582527683419832546971174829365659137248";

/* Wikipedia's puzzle, and Arto Inkala's escargot (T&E(1) gets stuck on it). */
static const char wiki[] =
	"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char escargot[] =
	"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

static void from_string(uint8_t *v, const char *s)
{
	for (int i = 0; s[i]; i++)
		v[i] = s[i] == '.' ? 0 : (uint8_t)(s[i] - '0');
}

static void test_rules(void)
{
	struct sd_geom g;
	uint8_t v[SD_MAXCELLS];
	bool conflict[SD_MAXCELLS];
	struct sd_cand cd;

	sd_geom_default(9, &g);
	from_string(v, solved9);
	CHECK(sd_cost(&g, v, SD_MISSING) == 0 && sd_cost(&g, v, SD_DUP) == 0);
	CHECK(sd_is_solution(&g, v));
	CHECK(sd_conflicts(&g, v, conflict) == 0);
	CHECK(sd_cand_init(&cd, &g, v) == 0);
	for (int i = 0; i < 81; i++)
		CHECK(sd_cand_of(&cd, i) == 0);
	/* a swap in one row of one box: two columns each lack one digit */
	uint8_t t = v[0];
	v[0] = v[1];
	v[1] = t;
	CHECK(sd_cost(&g, v, SD_MISSING) == 2 && sd_cost(&g, v, SD_DUP) == 2);
	CHECK(!sd_is_solution(&g, v));
	CHECK(sd_conflicts(&g, v, conflict) == 4);
	{
		/* rows and columns right, boxes wrong; a cell empty; a digit too big */
		uint8_t w[81];
		for (int i = 0; i < 81; i++)
			w[i] = (uint8_t)((i / 9 + i % 9) % 9 + 1);
		CHECK(!sd_is_solution(&g, w));
		from_string(w, solved9);
		w[40] = 0;
		CHECK(!sd_is_solution(&g, w));
		w[40] = 10;
		CHECK(!sd_is_solution(&g, w));
		/* values whose low bits name a digit (17 - 1 = 16 and 255 - 1
		 * share them with 1 and 15) */
		from_string(w, solved9);
		for (int i = 0; i < 81; i++)
			if (w[i] == 1)
				w[i] = 17;
		CHECK(!sd_is_solution(&g, w));
		w[0] = 255;
		CHECK(!sd_is_solution(&g, w));
	}
	CHECK(sd_cand_init(&cd, &g, v) < 0);
	/* an empty board misses every digit of every row and column */
	memset(v, 0, sizeof v);
	CHECK(sd_cost(&g, v, SD_MISSING) == 2 * 81 && sd_cost(&g, v, SD_DUP) == 0);
	/* candidates follow placements and removals */
	CHECK(sd_cand_init(&cd, &g, v) == 0);
	CHECK(sd_cand_of(&cd, 40) == 0x1ff);
	sd_cand_place(&cd, 0, 5);
	CHECK(sd_cand_of(&cd, 8) == (0x1ff & ~(1u << 4)));       /* same row */
	CHECK(sd_cand_of(&cd, 72) == (0x1ff & ~(1u << 4)));      /* same column */
	CHECK(sd_cand_of(&cd, 20) == (0x1ff & ~(1u << 4)));      /* same box */
	CHECK(sd_cand_of(&cd, 40) == 0x1ff);
	sd_cand_unplace(&cd, 0, 5);
	CHECK(sd_cand_of(&cd, 8) == 0x1ff);
	/* 64×64: the full mask uses every bit */
	sd_geom_default(64, &g);
	memset(v, 0, sizeof v);
	sd_cand_init(&cd, &g, v);
	CHECK(sd_cand_of(&cd, 4095) == ~0ULL);
	sd_cand_place(&cd, 0, 64);
	CHECK(sd_cand_of(&cd, 63) == ~0ULL >> 1);
}

static void test_rng(void)
{
	struct sd_rng a, b;
	int counts[7] = { 0 };
	uint8_t perm[20];

	sd_rng_seed(&a, 12345);
	sd_rng_seed(&b, 12345);
	for (int i = 0; i < 1000; i++)
		CHECK(sd_rng_next(&a) == sd_rng_next(&b));
	for (int i = 0; i < 70000; i++) {
		uint32_t x = sd_rng_below(&a, 7);
		CHECK(x < 7);
		counts[x < 7 ? x : 0]++;
	}
	for (int i = 0; i < 7; i++)
		CHECK(counts[i] > 9000 && counts[i] < 11000);
	for (int i = 0; i < 1000; i++) {
		double u = sd_rng_unit(&a);
		CHECK(u >= 0 && u < 1);
	}
	for (int i = 0; i < 20; i++)
		perm[i] = (uint8_t)i;
	sd_rng_shuffle(&a, perm, 20);
	int sum = 0;
	for (int i = 0; i < 20; i++)
		sum += perm[i];
	CHECK(sum == 190);
	/* a record's seed depends on the run's seed and the record, not on
	 * anything else: the same puzzle with or without an id differs */
	struct sd_record r1, r2;
	sd_record_init(&r1);
	sd_record_init(&r2);
	sd_geom_default(9, &r1.g);
	r2.g = r1.g;
	from_string(r1.puzzle, solved9);
	from_string(r2.puzzle, solved9);
	CHECK(sd_record_seed(1, &r1) == sd_record_seed(1, &r2));
	CHECK(sd_record_seed(1, &r1) != sd_record_seed(2, &r1));
	sd_record_set_id(&r2, "x", 1);
	CHECK(sd_record_seed(1, &r1) != sd_record_seed(1, &r2));
	sd_record_free(&r1);
	sd_record_free(&r2);
}

static bool unit_is_permutation(const struct sd_geom *g, const uint8_t *v, bool box, int u)
{
	uint64_t seen = 0;

	for (int k = 0; k < g->n; k++) {
		int d = v[box ? sd_box_cell(g, u, k) : u * g->n + k];
		if (d < 1 || d > g->n || (seen & (1ULL << (d - 1))))
			return false;
		seen |= 1ULL << (d - 1);
	}
	return true;
}

static void test_fill(void)
{
	struct sd_rng rng;

	sd_rng_seed(&rng, 7);
	for (size_t s = 0; s < NSIZES; s++) {
		struct sd_geom g;
		uint8_t solution[SD_MAXCELLS], puzzle[SD_MAXCELLS], v[SD_MAXCELLS];
		int n = sizes[s];
		sd_geom_default(n, &g);
		/* a valid solution by the shifted-pattern rule, half its cells kept */
		for (int r = 0; r < n; r++)
			for (int c = 0; c < n; c++)
				solution[r * n + c] = (uint8_t)((r % g.r * g.c + r / g.r + c) % n + 1);
		CHECK(sd_is_solution(&g, solution));
		for (int i = 0; i < n * n; i++)
			puzzle[i] = sd_rng_below(&rng, 2) ? solution[i] : 0;
		for (int kind = 0; kind < 4; kind++) {
			memcpy(v, puzzle, sizeof v);
			sd_fill(&g, v, kind, &rng);
			for (int i = 0; i < n * n; i++) {
				CHECK(v[i] >= 1 && v[i] <= n);
				CHECK(!puzzle[i] || v[i] == puzzle[i]);
			}
			for (int u = 0; u < n; u++) {
				if (kind == SD_FILL_BOX || kind == SD_FILL_BOX_SEQUENTIAL)
					CHECK(unit_is_permutation(&g, v, true, u));
				if (kind == SD_FILL_ROW)
					CHECK(unit_is_permutation(&g, v, false, u));
			}
		}
	}
	/* box-sequential is the same whatever the generator */
	struct sd_geom g;
	uint8_t a[SD_MAXCELLS] = { 0 }, b[SD_MAXCELLS] = { 0 };
	struct sd_rng other;
	sd_geom_default(9, &g);
	a[0] = b[0] = 9;
	sd_rng_seed(&other, 99);
	sd_fill(&g, a, SD_FILL_BOX_SEQUENTIAL, &rng);
	sd_fill(&g, b, SD_FILL_BOX_SEQUENTIAL, &other);
	CHECK(!memcmp(a, b, 81));
	CHECK(a[1] == 1 && a[2] == 2 && a[9] == 3 && a[20] == 8);
}

/* The reader through a real file: line numbers, CR, comments, resync. */
static void test_reader(void)
{
	char path[] = "/tmp/sudoku-unit-XXXXXX";
	int fd = mkstemp(path);
	FILE *fp = fdopen(fd, "w");
	struct sd_read_opts o = { 0 };
	struct sd_record rec;
	int r;

	fprintf(fp, "# comment\r\n\r\n%s first\r\nnot a puzzle\n%s\n", solved9, solved9);
	fclose(fp);
	sd_alphabet_default(&o.alpha);
	sd_record_init(&rec);
	struct sd_reader *rd = sd_reader_open(path, &o);
	CHECK(rd != NULL);
	r = sd_reader_next(rd, &rec);
	CHECK(r == SD_READ_OK && rec.line == 3 && rec.id && !strcmp(rec.id, "first"));
	CHECK(rec.g.n == 9 && rec.g.r == 3 && rec.puzzle[0] == 2 && !rec.has_board);
	r = sd_reader_next(rd, &rec);
	long line = 0;
	const char *why = sd_reader_error(rd, &line);
	CHECK(r == SD_READ_BAD && line == 4 && strstr(why, "symbols"));
	r = sd_reader_next(rd, &rec);
	CHECK(r == SD_READ_OK && rec.line == 5 && rec.id == NULL);
	CHECK(sd_reader_next(rd, &rec) == SD_READ_EOF);
	sd_reader_close(rd);
	unlink(path);
	/* a text that is a byte order mark alone, or blank lines: no record,
	 * and no bad box shape (nothing read past a line's end) */
	static const char *const empty[] = { "\xef\xbb\xbf", "\n", "\xef\xbb\xbf\n\n# box 3x3\n" };
	for (int i = 0; i < 3; i++) {
		rd = sd_reader_open_text("t", empty[i], strlen(empty[i]), &o);
		CHECK(rd && sd_reader_next(rd, &rec) == SD_READ_EOF);
		sd_reader_close(rd);
	}
	sd_record_free(&rec);
}

/* Whether st's list of conflicted cells is exactly the free cells of boxes
 * with two or more whose digit the board repeats in their row or column. */
static bool conflicts_listed(const struct sd_boxstate *st)
{
	int n = st->n, listed = 0;

	for (int cell = 0; cell < st->cells; cell++) {
		int r = cell / n, c = cell % n, same = 0;
		for (int k = 0; k < n; k++)
			same += (st->v[r * n + k] == st->v[cell]) + (st->v[k * n + c] == st->v[cell]);
		int b = sd_box_of(&st->g, r, c), nfree = 0;
		for (int k = 0; k < n; k++)
			nfree += !st->fixed[sd_box_cell(&st->g, b, k)];
		bool want = !st->fixed[cell] && nfree >= 2 && same > 2;
		int at = st->conflicted_at[cell];
		if (want != (at >= 0) || (want && (at >= st->nconflicted || st->conflicted[at] != cell)))
			return false;
		listed += want;
	}
	return listed == st->nconflicted;
}

/* The incremental cost of swaps equals a full recomputation, move after
 * move, at every size, and so does the list of conflicted cells; both
 * metrics agree on box-permutation boards. */
static void test_anneal_cost(void)
{
	struct sd_rng rng;

	sd_rng_seed(&rng, 11);
	for (size_t si = 0; si < NSIZES; si++) {
		struct sd_geom g;
		uint8_t v[SD_MAXCELLS];
		bool fixed[SD_MAXCELLS];
		int n = sizes[si], moves = n <= 25 ? 20000 : 3000;
		sd_geom_default(n, &g);
		memset(v, 0, sizeof v);
		for (int i = 0; i < n * n; i++) {
			int r = i / n, c = i % n;
			fixed[i] = sd_rng_below(&rng, 3) == 0;
			if (fixed[i])    /* givens from a valid solution */
				v[i] = (uint8_t)((r % g.r * g.c + r / g.r + c) % n + 1);
		}
		sd_fill(&g, v, SD_FILL_BOX, &rng);
		struct sd_boxstate *st = malloc(sizeof *st);
		memcpy(st->v, v, sizeof v);
		sd_boxstate_index(st, &g, NULL, fixed);
		CHECK(st->cost == sd_cost(&g, v, SD_MISSING));
		sd_boxstate_conflicts(st);
		CHECK(conflicts_listed(st));
		for (int m = 0; m < moves; m++) {
			int b = (int)sd_rng_below(&rng, (uint32_t)n);
			int free_cells[SD_MAXN], nf = 0;
			for (int k = 0; k < n; k++)
				if (!fixed[sd_box_cell(&g, b, k)])
					free_cells[nf++] = sd_box_cell(&g, b, k);
			if (nf < 2)
				continue;
			int x = (int)sd_rng_below(&rng, (uint32_t)nf), y = (int)sd_rng_below(&rng, (uint32_t)nf - 1);
			y += y >= x;
			int before = st->cost;
			int predicted = sd_boxstate_delta(st, free_cells[x], free_cells[y]);
			sd_boxstate_apply_tracked(st, free_cells[x], free_cells[y], predicted);
			const uint8_t *now = st->v;
			if (n <= 16 || m % 97 == 0)
				CHECK(conflicts_listed(st));
			int full = sd_cost(&g, now, SD_MISSING);
			CHECK(st->cost == before + predicted);
			CHECK(st->cost == full);
			if (m % 97 == 0)
				CHECK(sd_cost(&g, now, SD_DUP) == full);
			if (failures)
				break;
		}
		free(st);
	}
}

/* The annealer ends within its move limit, solves easy boards, and never
 * calls a board solved that is not. */
static void test_anneal_run(void)
{
	struct sd_geom g;
	uint8_t puzzle[SD_MAXCELLS];
	static struct sd_local_result res;
	struct sd_anneal_opts o = { .alpha = 0.99, .reheat = 50, .plain = true, .limits = { .work = 20000000 }, .seed = 3 };

	sd_geom_default(9, &g);
	from_string(puzzle, wiki);
	CHECK(sd_anneal(&g, puzzle, NULL, &o, &res) == 0);
	CHECK(res.status == SD_LOCAL_SOLVED && res.best_cost == 0 && sd_is_solution(&g, res.best));
	CHECK(res.moves <= 20000000);
	for (int i = 0; i < 81; i++)
		CHECK(!puzzle[i] || res.best[i] == puzzle[i]);
	/* no solution and no visible conflict: the limit ends it */
	memset(puzzle, 0, sizeof puzzle);
	from_string(puzzle, "12345678.........9");
	o.limits.work = 50000;
	CHECK(sd_anneal(&g, puzzle, NULL, &o, &res) == 0);
	CHECK(res.status == SD_LOCAL_UNSOLVED && res.best_cost > 0 && res.moves == 50000);
	/* resumed, it goes on to the limit counted from its first call;
	 * not resumed, it starts again */
	o.resume = true;
	o.limits.work = 30000;
	CHECK(sd_anneal(&g, puzzle, NULL, &o, &res) == 0);
	CHECK(res.status == SD_LOCAL_UNSOLVED && res.moves == 50000);
	o.limits.work = 80000;
	CHECK(sd_anneal(&g, puzzle, NULL, &o, &res) == 0);
	CHECK(res.status == SD_LOCAL_UNSOLVED && res.moves == 80000);
	o.resume = false;
	o.limits.work = 40000;
	CHECK(sd_anneal(&g, puzzle, NULL, &o, &res) == 0);
	CHECK(res.moves == 40000);
	/* turns of 2000 moves, each resuming the last, solve as one run does */
	from_string(puzzle, wiki);
	o.limits.work = 2000;
	CHECK(sd_anneal(&g, puzzle, NULL, &o, &res) == 0);
	o.resume = true;
	for (int turn = 0; turn < 10000 && res.status == SD_LOCAL_UNSOLVED; turn++) {
		o.limits.work = res.moves + 2000;
		CHECK(sd_anneal(&g, puzzle, NULL, &o, &res) == 0);
	}
	CHECK(res.status == SD_LOCAL_SOLVED && sd_is_solution(&g, res.best) && res.moves > 2000);
	for (int i = 0; i < 81; i++)
		CHECK(!puzzle[i] || res.best[i] == puzzle[i]);
	o.resume = false;
	memset(puzzle, 0, sizeof puzzle);
	from_string(puzzle, "12345678.........9");
	o.limits.work = 50000;
	o.plain = false;
	CHECK(sd_anneal(&g, puzzle, NULL, &o, &res) == 0);
	CHECK(res.status == SD_LOCAL_NOSOLUTION);
	sd_local_result_free(&res);
}

/* The three neighbourhoods on a hand-made box: a 4x4 board whose first box
 * holds 1 2 / 3 4 with every cell free, the rest fixed. */
static void test_vns_moves(void)
{
	struct sd_geom g;
	uint8_t v[SD_MAXCELLS];
	bool fixed[SD_MAXCELLS];
	struct sd_boxstate *st = malloc(sizeof *st);
	uint16_t cells[4];

	sd_geom_default(4, &g);
	from_string(v, "1234341221434321");
	for (int i = 0; i < 16; i++)
		fixed[i] = sd_box_of(&g, i / 4, i % 4) != 0;
	memcpy(st->v, v, 16);
	sd_boxstate_index(st, &g, NULL, fixed);
	CHECK(st->nfree[0] == 4 && st->cost == 0);
	for (int k = 0; k < 4; k++)
		cells[k] = st->free_cells[0][k];     /* r1c1 r1c2 r2c1 r2c2 */
	CHECK(cells[0] == 0 && cells[1] == 1 && cells[2] == 4 && cells[3] == 5);
	/* cyclic shift right: 1 2 3 4 -> 4 1 2 3 */
	int d = sd_vns_shift(st, cells, 4);
	CHECK(st->v[0] == 4 && st->v[1] == 1 && st->v[4] == 2 && st->v[5] == 3);
	CHECK(d == st->cost - 0 && st->cost == sd_cost(&g, st->v, SD_MISSING) && d > 0);
	d = sd_vns_unshift(st, cells, 4);
	CHECK(!memcmp(st->v, v, 16) && st->cost == 0);
	/* reverse of the run 1..3: 1 2 3 4 -> 1 4 3 2 */
	d = sd_vns_reverse(st, cells, 1, 3);
	CHECK(st->v[0] == 1 && st->v[1] == 4 && st->v[4] == 3 && st->v[5] == 2);
	CHECK(st->cost == d && st->cost == sd_cost(&g, st->v, SD_MISSING));
	sd_vns_reverse(st, cells, 1, 3);
	CHECK(!memcmp(st->v, v, 16));
	/* exchange around pivot 1: cells 0 and 2 swap: 1 2 3 4 -> 3 2 1 4 */
	d = sd_vns_exchange(st, cells, 4, 1);
	CHECK(st->v[0] == 3 && st->v[1] == 2 && st->v[4] == 1 && st->v[5] == 4);
	CHECK(st->cost == d && st->cost == sd_cost(&g, st->v, SD_MISSING));
	sd_vns_exchange(st, cells, 4, 1);
	CHECK(!memcmp(st->v, v, 16) && st->cost == 0);
	/* around pivot 2 of five cells a, b, c, d, e: (b, d) then (a, e) */
	uint8_t w[SD_MAXCELLS] = { 0 };
	bool none[SD_MAXCELLS] = { false };
	sd_geom_default(9, &g);
	from_string(w, "12345678945678912378912345623456789156789123489123456734567891267891234591234567");
	memcpy(st->v, w, 81);
	sd_boxstate_index(st, &g, NULL, none);
	uint16_t five[5] = { 0, 1, 2, 9, 10 };   /* values 1 2 3 4 5 */
	d = sd_vns_exchange(st, five, 5, 2);
	CHECK(st->v[0] == 5 && st->v[1] == 4 && st->v[2] == 3 && st->v[9] == 2 && st->v[10] == 1);
	CHECK(st->cost == sd_cost(&g, st->v, SD_MISSING));
	free(st);
}

/* Variant solutions: an X-sudoku, and a jigsaw with its regions. */
static const char x_solved[] =
	"639258417457196382821734659172469538368521974945387261794613825213845796586972143";
static const char jigsaw_solved[] =
	"639258417784129635156937842248576193372491586921683754597864321813745269465312978";
static const char jigsaw_regions[] =
	"222225555222245555111144445111334449113333499778333999788888899777768869776666666";

/* Whether cell's digit breaks a rule, found the long way: every unit but
 * the boxes or regions, every other cell for the moves, the cage's cells. */
static bool breaks_a_rule(const struct sd_ruleset *rs, const uint8_t *v, int cell)
{
	const struct sd_rules *r = rs->rules;
	int n = rs->n, d = v[cell], row = cell / n, col = cell % n;

	for (int u = 0; u < rs->nunits; u++) {
		bool has = false;
		int same = 0;
		for (int k = 0; k < n; k++) {
			has |= rs->unit[u][k] == cell;
			same += v[rs->unit[u][k]] == d;
		}
		if (has && same > 1 && rs->unit_rule[u] != SD_RULE_BOX && rs->unit_rule[u] != SD_RULE_REGION)
			return true;
	}
	for (int x = 0; x < rs->ncells; x++) {
		int dr = abs(x / n - row), dc = abs(x % n - col);
		bool knight = dr * dc == 2, king = x != cell && dr <= 1 && dc <= 1;
		if (v[x] == d && ((knight && r->anti_knight) || (king && r->anti_king)))
			return true;
		if (r->non_consecutive && dr + dc == 1 && abs(v[x] - d) == 1)
			return true;
	}
	if (r->has_parity && r->parity[cell] && (d % 2 == 1) != (r->parity[cell] == SD_ODD))
		return true;
	for (int k = 0; k < r->ncages; k++) {
		const struct sd_cage *cg = &r->cage[k];
		int sum = 0, same = 0;
		bool in = false;
		for (int j = 0; j < cg->count; j++) {
			int x = r->cage_cell[cg->first + j];
			in |= x == cell;
			sum += v[x];
			same += v[x] == d;
		}
		if (in && (same > 1 || (cg->sum && sum != cg->sum)))
			return true;
	}
	return false;
}

/* Whether st's conflicted list is exactly the free cells of boxes (or
 * regions) with two or more free whose digit breaks a rule. */
static bool ruled_conflicts_listed(const struct sd_boxstate *st)
{
	const struct sd_ruleset *rs = st->rs;
	int listed = 0;

	for (int cell = 0; cell < st->cells; cell++) {
		int nfree = 0;
		for (int u = 0; u < rs->nunits; u++) {
			if (rs->unit_rule[u] != SD_RULE_BOX && rs->unit_rule[u] != SD_RULE_REGION)
				continue;
			bool has = false;
			for (int k = 0; k < rs->n; k++)
				has |= rs->unit[u][k] == cell;
			for (int k = 0; has && k < rs->n; k++)
				nfree += !st->fixed[rs->unit[u][k]];
		}
		bool want = !st->fixed[cell] && nfree >= 2 && breaks_a_rule(rs, st->v, cell);
		int at = st->conflicted_at[cell];
		if (want != (at >= 0) || (want && (at >= st->nconflicted || st->conflicted[at] != cell)))
			return false;
		listed += want;
	}
	return listed == st->nconflicted;
}

/* Cages over the board: runs of two to four cells along the rows, every
 * third without a sum, the others adding up to sum_of's digits there. */
static void add_cages(struct sd_rules *r, const uint8_t *sum_of, struct sd_rng *rng)
{
	int n = r->n, cells[4];
	char err[128];

	for (int row = 0; row < n; row++)
		for (int col = 0; col < n;) {
			int count = 2 + (int)sd_rng_below(rng, 3), sum = 0;
			count = count > n - col ? n - col : count;
			for (int j = 0; j < count; j++) {
				cells[j] = row * n + col + j;
				sum += sum_of[cells[j]];
			}
			col += count;
			/* a sum the cage's size allows, not always one it can make here */
			if (sum < sd_min_sum(count) || sum > sd_max_sum(n, count) || r->ncages % 3 == 0)
				sum = 0;
			CHECK(sd_rules_add_cage(r, cells, count, sum, err, sizeof err) == 0);
		}
}

/* Under variant rules the incremental cost of swaps, shifts and exchanges
 * equals sd_ruleset_cost's, move after move, and the list of conflicted
 * cells the cells that break a rule; every rule at once on 9x9, a jigsaw
 * with cages, and 16x16 and 25x25 with diagonals and moves. */
static void test_local_rules(void)
{
	struct sd_rng rng;
	uint8_t x[SD_MAXCELLS], jig[SD_MAXCELLS];
	char err[128];

	sd_rng_seed(&rng, 13);
	from_string(x, x_solved);
	from_string(jig, jigsaw_solved);
	for (int kind = 0; kind < 4; kind++) {
		static const int size[] = { 9, 9, 16, 25 };
		int n = size[kind], moves = n <= 9 ? 20000 : 3000;
		struct sd_geom g;
		sd_geom_default(n, &g);
		struct sd_rules *r = sd_rules_new(n);
		uint8_t puzzle[SD_MAXCELLS] = { 0 }, noise[SD_MAXCELLS];
		for (int i = 0; i < n * n; i++)
			noise[i] = (uint8_t)(1 + sd_rng_below(&rng, (uint32_t)n));
		r->diagonals = SD_DIAGONAL_MAIN | SD_DIAGONAL_ANTI;
		if (kind == 0) {
			r->extra_set = SD_EXTRA_WINDOKU;
			r->anti_knight = r->anti_king = r->non_consecutive = r->has_parity = true;
			for (int i = 0; i < 81; i++)
				r->parity[i] = (uint8_t)sd_rng_below(&rng, 3);
			add_cages(r, x, &rng);
		} else if (kind == 1) {
			r->jigsaw = true;
			for (int i = 0; i < 81; i++)
				r->region[i] = (uint8_t)(jigsaw_regions[i] - '1');
			add_cages(r, noise, &rng);
			g.r = g.c = 0;
		} else {
			r->anti_king = kind == 2;
			r->anti_knight = kind == 3;
			r->extra_set = kind == 2 ? SD_EXTRA_DISJOINT : SD_EXTRA_NONE;
		}
		struct sd_ruleset *rs = sd_ruleset_new(&g, r, err, sizeof err);
		CHECK(rs != NULL);
		if (!rs) {
			sd_rules_free(r);
			continue;
		}
		/* givens, a third of the cells, from a solution on 9x9 */
		for (int i = 0; i < n * n; i++)
			if (sd_rng_below(&rng, 3) == 0)
				puzzle[i] = n == 9 ? (kind ? jig[i] : x[i]) : noise[i];
		struct sd_boxstate *keep = NULL, *st = sd_boxstate_get(&keep);
		int extra;
		CHECK(sd_boxstate_start(st, &g, rs, puzzle, NULL, true, false, &rng, &extra) == 0);
		CHECK(st->cost == sd_ruleset_cost(rs, st->v, SD_MISSING));
		sd_boxstate_conflicts(st);
		CHECK(ruled_conflicts_listed(st));
		for (int m = 0; m < moves && !failures; m++) {
			int b = st->movable[sd_rng_below(&rng, (uint32_t)st->nmovable)], k = st->nfree[b];
			const uint16_t *cells = st->free_cells[b];
			int i = (int)sd_rng_below(&rng, (uint32_t)k), j = (int)sd_rng_below(&rng, (uint32_t)k - 1);
			j += j >= i;
			int before = st->cost, predicted;
			if (m % 5 == 4) {
				/* the neighbourhoods' moves, which swap untracked */
				predicted = m % 10 == 4 ? sd_vns_shift(st, cells, k) :
					sd_vns_exchange(st, cells, k, 1 + (int)sd_rng_below(&rng, (uint32_t)k));
				sd_boxstate_conflicts(st);
			} else {
				predicted = sd_ruled_delta(st, cells[i], cells[j]);
				sd_ruled_apply_tracked(st, cells[i], cells[j], predicted);
			}
			CHECK(st->cost == before + predicted);
			CHECK(st->cost == sd_ruleset_cost(rs, st->v, SD_MISSING));
			if (n <= 9 || m % 97 == 0)
				CHECK(ruled_conflicts_listed(st));
			if (m % 1000 == 999) {
				sd_boxstate_refill(st, b, &rng);
				sd_boxstate_recount(st);
				sd_boxstate_conflicts(st);
			}
		}
		sd_boxstate_free(&keep);
		sd_ruleset_free(rs);
		sd_rules_free(r);
	}
}

/* Propagation under rules keeps the solution and sees what the givens
 * contradict; annealing and the variable neighbourhoods solve an
 * X-sudoku and a jigsaw (plain and not) and call solved only a board
 * that keeps every rule. */
static void test_local_rules_run(void)
{
	struct sd_geom g;
	uint8_t solution[SD_MAXCELLS], v[SD_MAXCELLS];
	uint64_t cand[SD_MAXCELLS];
	char err[128];

	for (int kind = 0; kind < 2; kind++) {
		sd_geom_default(9, &g);
		struct sd_rules *r = sd_rules_new(9);
		if (kind == 0) {
			r->diagonals = SD_DIAGONAL_MAIN | SD_DIAGONAL_ANTI;
			from_string(solution, x_solved);
		} else {
			r->jigsaw = true;
			for (int i = 0; i < 81; i++)
				r->region[i] = (uint8_t)(jigsaw_regions[i] - '1');
			from_string(solution, jigsaw_solved);
			g.r = g.c = 0;
		}
		struct sd_ruleset *rs = sd_ruleset_new(&g, r, err, sizeof err);
		CHECK(rs && sd_ruleset_solved(rs, solution));
		if (!rs)
			return;
		uint8_t puzzle[SD_MAXCELLS] = { 0 };
		for (int i = 0; i < 81; i++)
			puzzle[i] = i % 3 == 0 ? solution[i] : 0;
		memcpy(v, puzzle, 81);
		CHECK(sd_ruled_propagate(rs, v, cand) == 0);
		for (int i = 0; i < 81; i++)
			CHECK((!v[i] || v[i] == solution[i]) && (cand[i] >> (solution[i] - 1) & 1));
		for (int plain = 0; plain < 2; plain++) {
			static struct sd_local_result res;
			/* the programs' defaults: Lewis's reheat and no restart when plain */
			struct sd_anneal_opts ao = { .alpha = 0.99, .reheat = plain ? 50 : 10, .restart = !plain * 2,
						     .plain = plain, .rules = rs, .limits = { .work = 50000000 },
						     .seed = 5 };
			struct sd_vns_opts vo = { .plain = plain, .shake_boxes = plain ? 0 : 2, .rules = rs,
						  .limits = { .work = plain ? 5000000 : 50000000 }, .seed = 5 };
			CHECK(sd_anneal(&g, puzzle, NULL, &ao, &res) == 0);
			CHECK(res.status == SD_LOCAL_SOLVED && sd_ruleset_solved(rs, res.best));
			for (int i = 0; i < 81; i++)
				CHECK(!puzzle[i] || res.best[i] == puzzle[i]);
			/* the lab report's scheme may stall: solved is then a solution */
			CHECK(sd_vns(&g, puzzle, NULL, &vo, &res) == 0);
			CHECK(res.status == (plain ? res.status : SD_LOCAL_SOLVED));
			CHECK(res.status != SD_LOCAL_SOLVED || sd_ruleset_solved(rs, res.best));
			/* two 5s in a region or on a diagonal: no solution, and
			 * the plain searches (no propagation) never call one */
			uint8_t bad[SD_MAXCELLS] = { 0 };
			bad[0] = 5;
			bad[kind ? 1 : 80] = 5;
			ao.limits.work = vo.limits.work = 200000;
			CHECK(sd_anneal(&g, bad, NULL, &ao, &res) == 0);
			CHECK(res.status == (plain ? SD_LOCAL_UNSOLVED : SD_LOCAL_NOSOLUTION));
			CHECK(sd_vns(&g, bad, NULL, &vo, &res) == 0);
			CHECK(res.status == (plain ? SD_LOCAL_UNSOLVED : SD_LOCAL_NOSOLUTION));
			sd_local_result_free(&res);
		}
		sd_ruleset_free(rs);
		sd_rules_free(r);
	}
	/* givens a knight's move apart with one digit, under anti-knight */
	sd_geom_default(9, &g);
	struct sd_rules *r = sd_rules_new(9);
	r->anti_knight = true;
	struct sd_ruleset *rs = sd_ruleset_new(&g, r, err, sizeof err);
	memset(v, 0, sizeof v);
	v[0] = v[11] = 3;          /* r1c1 and r2c3 */
	CHECK(rs && sd_ruled_propagate(rs, v, cand) < 0);
	sd_ruleset_free(rs);
	sd_rules_free(r);
}

/* Every step of the logic solver must agree with the solution. */
struct step_check { const uint8_t *solution; int bad, seen[SD_TECH_COUNT]; };

static void check_step(const struct sd_logic *lg, const struct sd_step *st, void *arg)
{
	struct step_check *sc = arg;

	sc->seen[st->tech]++;
	if (st->cell >= 0)
		sc->bad += sc->solution[st->cell] != st->digit;
	for (int i = 0; i < st->nremoved; i++)
		sc->bad += (st->removed[i].digits >> (sc->solution[st->removed[i].cell] - 1)) & 1;
	(void)lg;
}

static struct sd_gen gen;

/* Generated puzzles of every level and several sizes: unique, at the level
 * asked, and every logical step on them sound. */
static void test_logic(void)
{
	static const char *const shapes[] = { "2x2", "2x3", "3x2", "3x3", "3x3", "3x3", "4x3" };
	struct step_check sc = { 0 };
	struct sd_solve_result *res = calloc(1, sizeof *res);
	struct sd_logic *lg = calloc(1, sizeof *lg);
	struct sd_rating r;
	int closures = 0;

	for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
		struct sd_geom g;
		sd_geom_parse(shapes[s], &g);
		for (int level = -1; level <= SD_LEVEL_FIENDISH; level++) {
			struct sd_gen_opts o = { .level = level, .max_attempts = g.n < 9 ? 100 : 2000 };
			for (uint64_t seed = 1; seed <= 12; seed++) {
				int got = sd_generate(&gen, &g, &o, seed * 7919 + s);
				if (got != SD_GEN_OK) {
					CHECK(g.n < 9);  /* small grids lack the hard levels */
					continue;
				}
				struct sd_solve_opts so = { .max_solutions = 2 };
				CHECK(sd_solve(&g, gen.puzzle, &so, res) == 1);
				CHECK(!memcmp(res->first, gen.solution, (size_t)sd_cells(&g)));
				sc.solution = gen.solution;
				lg->unique = true;  /* proven just above */
				sd_rate(lg, &g, gen.puzzle, SD_TECH_COUNT - 1, &r, check_step, &sc);
				CHECK(level < 0 || r.level == level);
				CHECK(r.level == SD_LEVEL_SEARCH || !lg->empty);
				CHECK(r.level == SD_LEVEL_SEARCH || !memcmp(lg->v, gen.solution, (size_t)sd_cells(&g)));
				/* the closures find the rating's level, and above the
				 * level of their techniques, search */
				for (int top = SD_LEVEL_VERY_EASY; top <= SD_LEVEL_EXPERT; top++)
					CHECK(sd_logic_level(lg, &g, gen.puzzle, top) ==
					      (r.level <= top ? r.level : SD_LEVEL_SEARCH));
				closures++;
			}
		}
	}
	CHECK(sc.bad == 0);
	CHECK(closures > 250);
	/* the sample exercises most techniques */
	for (int t = 0; t <= SD_TECH_XYZ_WING; t++)
		if (!sc.seen[t])
			fprintf(stderr, "note: %s never used\n", sd_tech_name(t));
	CHECK(sc.seen[SD_TECH_NAKED_PAIR] && sc.seen[SD_TECH_HIDDEN_PAIR] && sc.seen[SD_TECH_X_WING] &&
	      sc.seen[SD_TECH_XY_WING] && sc.seen[SD_TECH_POINTING] && sc.seen[SD_TECH_CLAIMING]);
	sd_gen_free(&gen);
	sd_solve_result_free(res);
	free(res);
	free(lg);
}

/* SE's length difficulty of a chain by its complexity, stepped as the
 * scores are and smooth as the near search ranks chains between them. */
static void test_chain_length(void)
{
	static const struct { int from, to; double added; } steps[] = {
		{ 1, 6, 0.0 }, { 7, 8, 0.1 }, { 9, 10, 0.2 }, { 11, 14, 0.3 }, { 15, 18, 0.4 },
		{ 19, 26, 0.5 }, { 27, 34, 0.6 },
	};
	double last = 0.0;

	for (size_t i = 0; i < sizeof steps / sizeof *steps; i++)
		for (int c = steps[i].from; c <= steps[i].to; c++)
			CHECK(fabs(sd_length_difficulty(c, false) - steps[i].added) < 1e-9);
	for (int c = 1; c <= 300; c++) {
		double stepped = sd_length_difficulty(c, false), smooth = sd_length_difficulty(c, true);
		CHECK(smooth >= stepped - 1e-12 && smooth < stepped + 0.1 - 1e-12);
		/* a longer chain always ranks above a shorter one past 4 */
		CHECK(c <= 7 || smooth > last);
		last = smooth;
	}
}

/* Aligned pair and triplet exclusion on generated puzzles the other
 * techniques leave unsolved: every step sound.  Ratings stop before ATE
 * while SE's chains are missing, so it is called here directly, where
 * the rest is stuck. */
static void test_aligned(void)
{
	static const char *const shapes[] = { "3x3", "2x3", "3x2", "4x3" };
	static const int seeds[] = { 400, 200, 200, 40 };
	struct step_check sc = { 0 };
	struct sd_logic *lg = calloc(1, sizeof *lg);
	struct sd_step st;

	for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
		struct sd_geom g;
		sd_geom_parse(shapes[s], &g);
		struct sd_gen_opts o = { .level = -1, .max_attempts = 100 };
		for (uint64_t seed = 1; seed <= (uint64_t)seeds[s]; seed++) {
			if (sd_generate(&gen, &g, &o, seed * 104729 + s) != SD_GEN_OK)
				continue;
			sc.solution = gen.solution;
			lg->unique = true;  /* sd_generate makes unique puzzles */
			CHECK(sd_logic_init(lg, &g, gen.puzzle) == 0);
			for (;;) {
				int got = sd_logic_step(lg, SD_TECH_COUNT - 1, &st);
				if (got == 0 && lg->empty) {
					got = sd_logic_find(lg, SD_TECH_ALIGNED_TRIPLE, &st, 0);
					for (int i = 0; got > 0 && i < st.nremoved; i++)
						lg->cand[st.removed[i].cell] &= ~st.removed[i].digits;
				}
				CHECK(got >= 0);
				if (got <= 0)
					break;
				check_step(lg, &st, &sc);
			}
		}
	}
	CHECK(sc.bad == 0);
	CHECK(sc.seen[SD_TECH_ALIGNED_PAIR] > 0 && sc.seen[SD_TECH_ALIGNED_TRIPLE] > 0);
	sd_gen_free(&gen);
	free(lg);
}

/* Whether two searches found the same step, or both none. */
static bool same_find(int got1, const struct sd_step *a, int got2, const struct sd_step *b)
{
	if (got1 != got2 || got1 <= 0)
		return got1 == got2;
	bool same = a->npattern == b->npattern && a->nremoved == b->nremoved &&
		    !memcmp(a->pattern, b->pattern, (size_t)a->npattern * sizeof *a->pattern);
	for (int i = 0; same && i < a->nremoved; i++)
		same = a->removed[i].cell == b->removed[i].cell && a->removed[i].digits == b->removed[i].digits;
	return same;
}

/* The memos of a rating: through it, aligned exclusion tries again only
 * the sets of base cells a change since its last scan touches, and the
 * subsets and fish only the units and digits that changed.  At every
 * step of these puzzles' solutions (made by sudoku-gen --rating 8.0-9.4,
 * with APE and ATE steps), and of walks from them that take candidates at
 * random, each of those techniques finds with the memos kept from step
 * to step what a scan afresh finds. */
static void test_memos(void)
{
	static const char *const puzzles[] = {
		".....58......6..543.....16..849.3.....24.6.97....5....6....1....9.6......5..3...1",
		".832....11.4.....227...8....1...94.85...4........8.5.....3..8.7....6..3...7...6.9",
		".239....75...7...3.8.12............56...1.........4.68..9...53..5.....7.8.2.6..9.",
		"67...8..9..9.1..3..147.......2.....7......45....6..32..3.164..5...2..8..2.......4",
		"..2.1....3.....5..8..64.......2....46.5.....8.4....35......5.7.48...296.....9...2",
		"1.2.49..........6...83...5.6....74...7......3.1.5......3..9.7....7.2..4.2.......6",
		".57..9.2.......6.....3..9.7..........3967.4...2.9....1.9.4.2.6...2.8.....8.1...4.",
		"...4..1.66.....4..2.4...57...7...6..8..9...1.4...3.......7.8...5..12.....12...7..",
	};
	static const int techs[] = {
		SD_TECH_DIRECT_HIDDEN_PAIR, SD_TECH_DIRECT_HIDDEN_TRIPLE, SD_TECH_NAKED_PAIR,
		SD_TECH_X_WING, SD_TECH_HIDDEN_PAIR, SD_TECH_NAKED_TRIPLE, SD_TECH_SWORDFISH,
		SD_TECH_HIDDEN_TRIPLE, SD_TECH_NAKED_QUAD, SD_TECH_JELLYFISH, SD_TECH_HIDDEN_QUAD,
		SD_TECH_ALIGNED_PAIR, SD_TECH_ALIGNED_TRIPLE,
	};
	struct sd_logic *lg = calloc(1, sizeof *lg);
	struct sd_step kept, fresh, st;
	struct sd_geom g;
	struct sd_rng rng;
	uint8_t v[81];
	int found[SD_TECH_COUNT] = { 0 }, scans = 0;

	sd_geom_default(9, &g);
	sd_rng_seed(&rng, 35);
	/* each puzzle solved step by step, then again with a candidate
	 * taken at random from a cell at each step: the memos hold on any
	 * grids that only lose candidates, not only on a solution's */
	for (size_t p = 0; p < 2 * sizeof puzzles / sizeof *puzzles; p++) {
		const char *puzzle = puzzles[p % (sizeof puzzles / sizeof *puzzles)];
		bool random = p >= sizeof puzzles / sizeof *puzzles;
		for (int c = 0; c < 81; c++)
			v[c] = puzzle[c] == '.' ? 0 : (uint8_t)(puzzle[c] - '0');
		lg->unique = true;
		CHECK(sd_logic_init(lg, &g, v) == 0);
		struct sd_align_memo *align = sd_align_memo_new();
		struct sd_scan_memo *scan = sd_scan_memo_new();
		CHECK(align && scan);
		for (int round = 0; round < 200; round++) {
			for (size_t t = 0; t < sizeof techs / sizeof *techs; t++) {
				lg->align_memo = align;
				lg->scan_memo = scan;
				int got1 = sd_logic_find(lg, techs[t], &kept, 0);
				lg->align_memo = NULL;
				lg->scan_memo = NULL;
				int got2 = sd_logic_find(lg, techs[t], &fresh, 0);
				CHECK(same_find(got1, &kept, got2, &fresh));
				found[techs[t]] += got2 > 0;
				scans++;
			}
			if (random) {
				int c = (int)sd_rng_below(&rng, 81);
				if (popcount(lg->cand[c]) >= 2)
					lg->cand[c] &= lg->cand[c] - 1;
			} else if (sd_logic_step(lg, SD_TECH_COUNT - 1, &st) <= 0) {
				break;
			}
		}
		CHECK(random || !lg->empty);
		sd_align_memo_free(align);
		sd_scan_memo_free(scan);
	}
	CHECK(found[SD_TECH_ALIGNED_PAIR] > 0 && found[SD_TECH_ALIGNED_TRIPLE] > 0);
	CHECK(found[SD_TECH_NAKED_PAIR] > 0 && found[SD_TECH_HIDDEN_PAIR] > 0 && found[SD_TECH_X_WING] > 0);
	CHECK(scans > 5000);
	free(lg);
}

/* The memory of a rating's chains, counted: what it holds between steps
 * (the searches' buffers kept for the next) stays far below half of
 * SD_CHAIN_MEMORY on 9x9, where the bound changes no rating, and every
 * byte taken is given back when the rating, or a step outside one, ends:
 * a count that drifted would stop ratings that should not stop. */
static size_t chain_bytes_seen;

static void note_chain_bytes(const struct sd_logic *lg, const struct sd_step *st, void *arg)
{
	(void)st;
	(void)arg;
	if (lg->chain_bytes > chain_bytes_seen)
		chain_bytes_seen = lg->chain_bytes;
}

static void test_chain_memory(void)
{
	/* SE 11.1 (nested chains), 9.0 and 9.5 (dynamic chains), and one of
	 * the memos' puzzles */
	static const char *const puzzles[] = {
		"98.7..6..7...8..5...5......57..4.9....3..9........7.2.46...85.....4....6....6..41",
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
		".....58......6..543.....16..849.3.....24.6.97....5....6....1....9.6......5..3...1",
	};
	struct sd_logic *lg = calloc(1, sizeof *lg);
	struct sd_rating r;
	struct sd_step st;
	struct sd_geom g;
	uint8_t v[81];

	sd_geom_default(9, &g);
	for (size_t p = 0; p < sizeof puzzles / sizeof *puzzles; p++) {
		for (int c = 0; c < 81; c++)
			v[c] = puzzles[p][c] == '.' ? 0 : (uint8_t)(puzzles[p][c] - '0');
		lg->unique = true;
		lg->limits = (struct sd_limits){ SD_DEFAULT_RATING_WORK, 0, NULL };
		sd_rate(lg, &g, v, SD_TECH_COUNT - 1, &r, note_chain_bytes, NULL);
		CHECK(r.level != SD_LEVEL_LIMIT && r.level != SD_LEVEL_SEARCH && !lg->out_of_memory);
		CHECK(lg->chain_bytes == 0);
		/* steps outside a rating: each search's buffers its own */
		CHECK(sd_logic_init(lg, &g, v) == 0);
		sd_logic_start_work(lg);
		for (int i = 0; i < 5 && sd_logic_step(lg, SD_TECH_COUNT - 1, &st) > 0; i++)
			CHECK(lg->chain_bytes == 0);
	}
	printf("chain-memory: at most %zu bytes held between the steps of a 9x9 rating\n", chain_bytes_seen);
	CHECK(chain_bytes_seen > 0 && chain_bytes_seen < SD_CHAIN_MEMORY / 64);
	free(lg);
}

/* Symmetric clue patterns, minimal puzzles and reproducible seeds. */
static void test_gen(void)
{
	struct sd_geom g;
	struct sd_solve_result *res = calloc(1, sizeof *res);
	uint8_t first[SD_MAXCELLS], v[SD_MAXCELLS];

	sd_geom_default(9, &g);
	for (int sym = SD_SYM_NONE; sym < SD_SYM_RANDOM; sym++) {
		struct sd_gen_opts o = { .level = -1, .symmetry = sym, .max_attempts = 10 };
		CHECK(sd_generate(&gen, &g, &o, 42) == SD_GEN_OK);
		for (int c = 0; c < 81; c++) {
			int r = c / 9, k = c % 9, image = c;
			switch (sym) {
			case SD_SYM_ROT180: image = (8 - r) * 9 + 8 - k; break;
			case SD_SYM_ROT90: image = k * 9 + 8 - r; break;
			case SD_SYM_MIRROR: image = r * 9 + 8 - k; break;
			case SD_SYM_DIAGONAL: image = k * 9 + r; break;
			}
			CHECK(!gen.puzzle[c] == !gen.puzzle[image]);
		}
	}
	/* minimal: no given can go */
	struct sd_gen_opts o = { .level = -1, .max_attempts = 10 };
	CHECK(sd_generate(&gen, &g, &o, 7) == SD_GEN_OK);
	memcpy(first, gen.puzzle, 81);
	for (int c = 0; c < 81; c++) {
		if (!first[c])
			continue;
		struct sd_solve_opts so = { .max_solutions = 2 };
		memcpy(v, first, 81);
		v[c] = 0;
		CHECK(sd_solve(&g, v, &so, res) == 2);
	}
	CHECK(sd_generate(&gen, &g, &o, 7) == SD_GEN_OK);
	CHECK(!memcmp(first, gen.puzzle, 81));
	/* a clue target */
	o.clues = 40;
	CHECK(sd_generate(&gen, &g, &o, 7) == SD_GEN_OK && gen.givens == 40);
	sd_solve_result_free(res);
	free(res);
}

/* The general solver on every box shape, square or not: propagation keeps
 * every digit of a known solution and forces only its digits, and the
 * default (locked candidates, failed literals, restarts) counts the
 * solutions forward checking counts. */
/* A solution found while a digit is ruled out of a cell must not have it
 * there. */
struct excluded { int cell, digit, bad; };

static void check_excluded(const uint8_t *board, void *arg)
{
	struct excluded *x = arg;

	x->bad += board[x->cell] == x->digit;
}

/* With the known solution's digit ruled out of an empty cell, a puzzle
 * with one solution has none, and one with more finds only solutions
 * that differ there; by the fast path too on 9×9.  Returns whether a
 * cell was tried. */
static int check_exclusion(const struct sd_geom *g, const uint8_t *v, const uint8_t *solution,
			   long long solutions, struct sd_solve_result *res)
{
	static uint8_t exclude[SD_MAXCELLS];
	int cell = 0;

	while (cell < sd_cells(g) && v[cell])
		cell++;
	if (cell == sd_cells(g))
		return 0;
	struct excluded x = { cell, solution[cell], 0 };
	struct sd_solve_opts o = {
		.max_solutions = 3, .limits = { .work = 20000 }, .exclude = exclude,
		.on_solution = check_excluded, .arg = &x,
	};
	exclude[cell] = solution[cell];
	for (int fast = 0; fast < 2; fast++) {
		long long got = fast ? sd_solve_fastest(g, v, &o, res) : sd_solve(g, v, &o, res);
		if (res->stop == SD_STOP_DONE) {
			CHECK(solutions > 1 || got == 0);
			CHECK(got < solutions || solutions == 3);
		}
	}
	exclude[cell] = 0;
	CHECK(x.bad == 0);
	return 1;
}

/* Clause learning counts (up to 20) what backtracking counts: a reason
 * that claimed too much would lose solutions.  1 when both finished. */
static int same_count_learnt(const struct sd_geom *g, const uint8_t *v, struct sd_solve_result *cdcl,
			     struct sd_solve_result *bt)
{
	struct sd_solve_opts count = { .max_solutions = 20, .limits = { .work = 20000 } };
	struct sd_solve_opts singles = {
		.order = SD_ORDER_MRV, .propagate = SD_PROP_SINGLES, .max_solutions = 20,
		.limits = { .work = 20000 },
	};

	sd_solve_learn(g, v, &count, cdcl);
	sd_solve(g, v, &singles, bt);
	if (cdcl->stop != SD_STOP_DONE || bt->stop != SD_STOP_DONE)
		return 0;
	CHECK(cdcl->solutions == bt->solutions);
	return 1;
}

/* A solution of the empty board of a box shape, drawn from rng. */
static void random_solution(const char *shape, struct sd_geom *g, struct sd_rng *rng,
			    struct sd_solve_result *res, uint8_t *solution)
{
	static const uint8_t empty[SD_MAXCELLS];
	struct sd_solve_opts fill = {
		.random_values = true, .seed = sd_rng_next(rng), .max_solutions = 1,
		.limits = { .work = 1000000 },
	};

	CHECK(sd_geom_parse(shape, g) == 0);
	CHECK(sd_solve(g, empty, &fill, res) == 1);
	memcpy(solution, res->first, (size_t)sd_cells(g));
}

static void test_solve(void)
{
	static const char *const shapes[] = {
		"2x2", "2x3", "3x2", "2x4", "4x2", "3x3", "2x5", "5x2", "3x4", "4x3",
		"4x4", "3x5", "5x3", "2x8", "8x2", "5x5", "6x6", "8x8",
	};
	static uint64_t cand[SD_MAXCELLS];
	static uint8_t solution[SD_MAXCELLS], v[SD_MAXCELLS], w[SD_MAXCELLS];
	struct sd_solve_result *res = calloc(1, sizeof *res), *fc = calloc(1, sizeof *fc);
	struct sd_solve_result *cdcl = calloc(1, sizeof *cdcl);
	struct sd_rng rng;
	int compared = 0, excluded = 0, learnt = 0;

	sd_rng_seed(&rng, 11);
	for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
		struct sd_geom g;
		random_solution(shapes[k], &g, &rng, res, solution);
		int cells = sd_cells(&g);
		for (int trial = 0; trial < 24; trial++) {
			uint32_t keep = 20 + 3 * (uint32_t)trial;   /* percent of givens */
			if (g.n > 25 && keep < 60)
				continue;   /* searches too long for a unit test */
			for (int i = 0; i < cells; i++)
				v[i] = sd_rng_below(&rng, 100) < keep ? solution[i] : 0;
			memcpy(w, v, (size_t)cells);
			CHECK(sd_cand_propagate(&g, w, cand) == 0);
			for (int i = 0; i < cells; i++) {
				CHECK(!w[i] || w[i] == solution[i]);
				CHECK(cand[i] >> (solution[i] - 1) & 1);
			}
			struct sd_solve_opts best = { .max_solutions = 3, .limits = { .work = 20000 } };
			struct sd_solve_opts plain = {
				.order = SD_ORDER_MRV, .propagate = SD_PROP_FC, .max_solutions = 3,
				.limits = { .work = 20000 },
			};
			sd_solve(&g, v, &best, res);
			sd_solve(&g, v, &plain, fc);
			if (res->stop == SD_STOP_DONE && fc->stop == SD_STOP_DONE) {
				CHECK(res->solutions == fc->solutions);
				CHECK(res->solutions >= 1);
				compared++;
				excluded += check_exclusion(&g, v, solution, res->solutions, fc);
			}
			/* clause learning on every size, against backtracking, and
			 * with one given changed, which mostly leaves no solution */
			learnt += same_count_learnt(&g, v, cdcl, fc);
			int changed = (int)sd_rng_below(&rng, (uint32_t)cells);
			if (v[changed]) {
				v[changed] = (uint8_t)(v[changed] % g.n + 1);
				learnt += same_count_learnt(&g, v, cdcl, fc);
			}
		}
	}
	CHECK(compared > 300);
	CHECK(excluded > 100);
	CHECK(learnt > 500);
	sd_solve_result_free(res);
	sd_solve_result_free(fc);
	sd_solve_result_free(cdcl);
	free(res);
	free(fc);
	free(cdcl);
}

/* The backtracking report's two searches written out the plain way
 * (shared/sources/003): each empty cell in turn by the static or the
 * degree order, each digit its row, column and box do not hold; forward
 * checking also abandons an assignment that leaves some empty cell no
 * digit, and does not start when the givens leave one none.  test_bt_definitions compares sd_solve's counts with them. */
struct naive {
	const struct sd_geom *g;
	struct sd_cand cd;
	uint8_t v[SD_MAXCELLS];
	int order;                     /* SD_ORDER_STATIC or SD_ORDER_DEGREE */
	bool fc, limited;
	long long nodes, solutions, max_solutions, max_nodes;
};

/* The empty cells in the cell's row and column, the report's degree. */
static int naive_degree(const struct naive *s, int cell)
{
	int n = s->g->n, row = cell / n, col = cell % n, count = 0;

	for (int k = 0; k < n; k++)
		count += (k != col && !s->v[row * n + k]) + (k != row && !s->v[k * n + col]);
	return count;
}

/* The first empty cell, or the first of those with the highest degree;
 * -1 when none is empty. */
static int naive_choose(const struct naive *s)
{
	int best = -1, best_degree = -1;

	for (int cell = 0; cell < sd_cells(s->g); cell++) {
		if (s->v[cell])
			continue;
		if (s->order == SD_ORDER_STATIC)
			return cell;
		int degree = naive_degree(s, cell);
		if (degree > best_degree) {
			best = cell;
			best_degree = degree;
		}
	}
	return best;
}

static bool naive_wiped(const struct naive *s)
{
	for (int cell = 0; cell < sd_cells(s->g); cell++)
		if (!s->v[cell] && !sd_cand_of(&s->cd, cell))
			return true;
	return false;
}

/* True when the search is to stop: enough solutions, or the node limit. */
static bool naive_search(struct naive *s)
{
	int cell = naive_choose(s);

	if (cell < 0)
		return ++s->solutions >= s->max_solutions;
	for (int d = 1; d <= s->g->n; d++) {
		if (!(sd_cand_of(&s->cd, cell) >> (d - 1) & 1))
			continue;
		if (s->nodes >= s->max_nodes) {
			s->limited = true;
			return true;
		}
		s->nodes++;
		s->v[cell] = (uint8_t)d;
		sd_cand_place(&s->cd, cell, d);
		bool stop = !(s->fc && naive_wiped(s)) && naive_search(s);
		s->v[cell] = 0;
		sd_cand_unplace(&s->cd, cell, d);
		if (stop)
			return true;
	}
	return false;
}

/* The naive search's nodes, or -1 when it met its limit. */
static long long naive_nodes(const struct sd_geom *g, const uint8_t *puzzle, int order, bool fc,
			     long long max_solutions, long long max_nodes)
{
	static struct naive s;

	s = (struct naive){ .g = g, .order = order, .fc = fc, .max_solutions = max_solutions,
			    .max_nodes = max_nodes };
	memcpy(s.v, puzzle, (size_t)sd_cells(g));
	if (sd_cand_init(&s.cd, g, puzzle) < 0)
		return 0;
	if (!(fc && naive_wiped(&s)))
		naive_search(&s);
	return s.limited ? -1 : s.nodes;
}

/* --propagate none is the report's plain backtracking and fc its forward
 * checking, node for node, under the static and degree orders; under MRV
 * the cell an assignment leaves with no digit is the one MRV takes next,
 * so both search the same tree (degree-mrv too, but for a cell the givens
 * leave dry, which its first, degree's, choice passes by); fc never tries
 * more, and tries fewer where a cell runs dry before the static or degree
 * order reaches it. */
static void test_bt_definitions(void)
{
	static const char *const shapes[] = { "2x2", "2x3", "3x2", "2x4", "3x3" };
	static const int orders[] = { SD_ORDER_STATIC, SD_ORDER_MRV, SD_ORDER_DEGREE, SD_ORDER_DEGREE_MRV };
	static uint8_t solution[SD_MAXCELLS], v[SD_MAXCELLS];
	struct sd_solve_result *none = calloc(1, sizeof *none), *fc = calloc(1, sizeof *fc);
	const long long limit = 100000;
	long long fewer[4] = { 0 }, naive_compared = 0, compared = 0;
	struct sd_rng rng;

	sd_rng_seed(&rng, 49);
	for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
		struct sd_geom g;
		random_solution(shapes[k], &g, &rng, none, solution);
		int cells = sd_cells(&g);
		for (int trial = 0; trial < 40; trial++) {
			uint32_t keep = 30 + (uint32_t)trial;       /* percent of givens */
			for (int i = 0; i < cells; i++)
				v[i] = sd_rng_below(&rng, 100) < keep ? solution[i] : 0;
			if (trial % 4 == 3) {   /* a given changed: mostly no solution */
				int changed = (int)sd_rng_below(&rng, (uint32_t)cells);
				if (v[changed])
					v[changed] = (uint8_t)(v[changed] % g.n + 1);
			}
			for (int o = 0; o < 4; o++) {
				struct sd_solve_opts opts = {
					.order = orders[o], .propagate = SD_PROP_NONE, .max_solutions = 2,
					.limits = { .work = limit },
				};
				sd_solve(&g, v, &opts, none);
				opts.propagate = SD_PROP_FC;
				sd_solve(&g, v, &opts, fc);
				if (none->stop != SD_STOP_DONE || fc->stop != SD_STOP_DONE)
					continue;
				compared++;
				CHECK(none->solutions == fc->solutions);
				CHECK(fc->nodes <= none->nodes);
				CHECK(fc->backtracks <= none->backtracks);
				fewer[o] += fc->nodes < none->nodes;
				if (orders[o] == SD_ORDER_MRV) {
					CHECK(fc->nodes == none->nodes);
					CHECK(fc->backtracks == none->backtracks);
				}
				if (orders[o] == SD_ORDER_MRV || orders[o] == SD_ORDER_DEGREE_MRV)
					continue;
				long long plain = naive_nodes(&g, v, orders[o], false, 2, limit);
				long long checked = naive_nodes(&g, v, orders[o], true, 2, limit);
				if (plain < 0 || checked < 0)
					continue;
				naive_compared++;
				CHECK(none->nodes == plain);
				CHECK(fc->nodes == checked);
			}
		}
	}
	printf("bt-definitions: %lld searches compared, %lld with the naive ones; fc tried fewer "
	       "nodes than none in %lld (static), %lld (mrv), %lld (degree), %lld (degree-mrv)\n",
	       compared, naive_compared, fewer[0], fewer[1], fewer[2], fewer[3]);
	CHECK(naive_compared > 200);
	CHECK(fewer[0] > 50 && fewer[2] > 50);
	sd_solve_result_free(none);
	sd_solve_result_free(fc);
	free(none);
	free(fc);
}

/* The solutions of a 9×9 search in their order, hashed (FNV-1a). */
static void hash_solution(const uint8_t *board, void *arg)
{
	uint64_t *h = arg;

	for (int i = 0; i < 81; i++)
		*h = (*h ^ board[i]) * 0x100000001b3ULL;
}

/* One puzzle through both paths of the 9×9 fast path (or, without a
 * vector path on this CPU, the portable one beside sd_solve): the same
 * counts, the same first solution, and the same solutions in the same
 * order (hashed) up to each limit. */
static void compare_paths(const uint8_t *v, struct sd_solve_result *a, struct sd_solve_result *b)
{
	static const long long limits[] = { 1, 2, 30 };
	struct sd_geom g = { 9, 3, 3 };
	bool vector = sd_solve9_has_vector();

	for (size_t k = 0; k < sizeof limits / sizeof *limits; k++) {
		uint64_t ha = 0xcbf29ce484222325ULL, hb = ha;
		struct sd_solve_opts o = { .max_solutions = limits[k], .on_solution = hash_solution,
					   .arg = &ha };
		long long na = sd_solve9_path(v, &o, a, false);
		o.arg = &hb;
		long long nb = vector ? sd_solve9_path(v, &o, b, true) : sd_solve(&g, v, &o, b);
		CHECK(na == nb);
		CHECK(na == a->solutions && nb == b->solutions);
		CHECK(na == 0 || !memcmp(a->first, b->first, 81) || !vector);
		CHECK(!vector || ha == hb);     /* sd_solve's order may differ */
	}
}

/* Calls each(v, rest, arg) for every 9x9 puzzle of the files named in
 * the environment variable var (line format, separated by spaces;
 * tests/unit.bats passes samples of the shared collections when they are
 * there), rest what follows the puzzle on its line.  Returns how many, and
 * checks that there were some when var is set. */
static int each_sample(const char *var, void (*each)(const uint8_t *v, const char *rest, void *arg),
		       void *arg)
{
	const char *env = getenv(var);
	char *files = strdup(env ? env : ""), *save = NULL, line[512];
	uint8_t v[81];
	int puzzles = 0;

	for (char *name = strtok_r(files, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
		FILE *f = fopen(name, "r");
		CHECK(f != NULL);
		while (f && fgets(line, sizeof line, f)) {
			if (line[0] == '#' || strlen(line) < 81)
				continue;
			for (int i = 0; i < 81; i++)
				v[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
			each(v, line + 81, arg);
			puzzles++;
		}
		if (f)
			fclose(f);
	}
	CHECK(!env || puzzles > 0);
	free(files);
	return puzzles;
}

struct two_results { struct sd_solve_result *a, *b; };

static void compare_sample(const uint8_t *v, const char *rest, void *arg)
{
	struct two_results *r = arg;

	(void)rest;
	compare_paths(v, r->a, r->b);
}

/* The two paths on the empty grid and on every puzzle of SD_SOLVE9_SAMPLE. */
static void test_solve9(void)
{
	struct two_results r = { calloc(1, sizeof *r.a), calloc(1, sizeof *r.b) };
	uint8_t v[81];

	memset(v, 0, sizeof v);
	compare_paths(v, r.a, r.b);
	int puzzles = each_sample("SD_SOLVE9_SAMPLE", compare_sample, &r);
	fprintf(stderr, "solve9: %d puzzles, vector path %s\n", puzzles,
		sd_solve9_has_vector() ? "compared with the portable one" : "absent");
	free(r.a);
	free(r.b);
}

/* What test_trial counts. */
struct trial_counts {
	struct sd_shape sh;
	struct sd_near *nr;
	int singles, locked, top, top_singles, top_locked;
	double deepest[2], longest;     /* deepest[1]: of those singles solve */
	/* widths (with singles) of the puzzles singles solve rated from 6.5 to
	 * 8.9 and from 9.0 to 9.4, summed, and how many */
	double width[2];
	int widths[2];
};

/* T&E(1)'s width the plain way, each trial narrowed afresh from the
 * round's candidates and none skipped: what sd_trial_width must give. */
static int plain_width(const struct sd_shape *sh, const uint8_t *v, bool locked)
{
	int cells = 81, width = SD_TRIAL_WIDE;
	uint64_t cand[81], trial[81], wrong[81];
	uint8_t placed[81] = { 0 }, trial_placed[81];

	for (int c = 0; c < cells; c++)
		cand[c] = v[c] ? 1ULL << (v[c] - 1) : 0x1ff;
	if (sd_cand_narrow(sh, placed, cand, locked) < 0)
		return 0;
	for (;;) {
		int gone = 0, open = 0;
		for (int c = 0; c < cells; c++)
			open += (cand[c] & (cand[c] - 1)) != 0;
		if (!open)
			return width;
		for (int c = 0; c < cells; c++) {
			wrong[c] = 0;
			for (uint64_t left = cand[c]; (cand[c] & (cand[c] - 1)) && left; left &= left - 1) {
				memcpy(trial, cand, sizeof trial);
				memcpy(trial_placed, placed, sizeof trial_placed);
				trial[c] = left & -left;
				if (sd_cand_narrow(sh, trial_placed, trial, locked) < 0) {
					wrong[c] |= left & -left;
					gone++;
				}
			}
		}
		for (int c = 0; c < cells; c++)
			cand[c] &= ~wrong[c];
		if (!gone || sd_cand_narrow(sh, placed, cand, locked) < 0)
			return 0;
		width = gone < width ? gone : width;
	}
}

/* One puzzle of the sample, rest its rating if any. */
static void trial_sample(const uint8_t *v, const char *rest, void *arg)
{
	struct trial_counts *t = arg;
	struct sd_near_opts o = { .min_er = 1, .max_er = SD_RATING_TOP };
	double er = rest[0] == ' ' ? atof(rest + 1) : 0;
	int width = sd_trial_width(&t->sh, v, false);
	bool by_singles = width > 0, by_locked = sd_trial_width(&t->sh, v, true) > 0;

	t->singles += by_singles;
	t->locked += by_locked;
	CHECK(!by_singles || by_locked);
	/* the trials started from copies, and those skipped, change nothing;
	 * the quicker answer, each elimination made at once, is the same */
	CHECK(width == plain_width(&t->sh, v, false));
	CHECK(sd_trial_solves(&t->sh, v, false) == by_singles);
	CHECK(sd_trial_solves(&t->sh, v, true) == by_locked);
	t->top += er >= 9.5;
	t->top_singles += er >= 9.5 && by_singles;
	t->top_locked += er >= 9.5 && by_locked;
	if (by_singles && width < SD_TRIAL_WIDE && er >= 6.5 - 1e-9 && er < 9.5 - 1e-9) {
		t->width[er >= 9.0 - 1e-9] += width;
		t->widths[er >= 9.0 - 1e-9]++;
	}
	if (!by_locked)
		return;
	CHECK(sd_near_seed(t->nr, &o, v, false) && t->nr->rating.level < SD_LEVEL_SEARCH);
	CHECK(!er || fabs(er - t->nr->rating.score) < 0.05);
	CHECK(t->nr->depth <= (by_singles ? 8.5 : 9.0) + 1e-9);
	t->deepest[by_singles] = fmax(t->deepest[by_singles], t->nr->depth);
	t->longest = fmax(t->longest, t->nr->rating.score - t->nr->depth);
}

/* T&E(1)'s claims: sd_trial_solves says what sd_trial_width's sign does;
 * a puzzle it solves with singles needs no chain deeper
 * than a plain dynamic one (8.5), with locked candidates too none deeper
 * than 9.0 (the deepest base of the rater's steps, as the near search
 * takes it); and the narrower its way, the harder the puzzle, which the
 * near search climbs by: on a hard puzzle and an easy one, and on every
 * puzzle of SD_TRIAL_SAMPLE (rated only where T&E(1) solves it, counted by
 * the rating after the puzzle, if any). */
static void test_trial(void)
{
	struct trial_counts t = { .nr = calloc(1, sizeof *t.nr) };
	struct sd_geom g;
	uint8_t v[81];

	sd_geom_default(9, &g);
	sd_shape_set(&t.sh, &g);
	CHECK(sd_near_start(t.nr, &g, 1));
	from_string(v, escargot);
	CHECK(sd_trial_width(&t.sh, v, false) == 0 && sd_trial_width(&t.sh, v, true) == 0);
	CHECK(!sd_trial_solves(&t.sh, v, false) && !sd_trial_solves(&t.sh, v, true));
	from_string(v, wiki);
	CHECK(sd_trial_width(&t.sh, v, false) == SD_TRIAL_WIDE);
	CHECK(sd_trial_solves(&t.sh, v, false));
	int puzzles = each_sample("SD_TRIAL_SAMPLE", trial_sample, &t);
	double below = t.widths[0] ? t.width[0] / t.widths[0] : 0;
	double near = t.widths[1] ? t.width[1] / t.widths[1] : 0;
	fprintf(stderr, "trial: %d puzzles, T&E(1) with singles solves %d (deepest base %.1f), "
		"with locked candidates %d (deepest base of the rest %.1f), rating above the base "
		"at most %.1f; of %d rated 9.5 and up, %d and %d solved; width %.1f on average "
		"from 6.5 to 8.9 (%d), %.1f from 9.0 to 9.4 (%d)\n", puzzles, t.singles,
		t.deepest[1], t.locked, t.deepest[0], t.longest, t.top, t.top_singles, t.top_locked,
		below, t.widths[0], near, t.widths[1]);
	CHECK(!t.widths[1] || near < below / 2);
	sd_near_free(t.nr);
	free(t.nr);
}

/* From 9.5 up, a puzzle that needs no chain with chains inside is as fit
 * as its longest chain and the narrowness of T&E(1)'s way through it, in
 * equal parts; one that needs them, as its chains alone (each within the
 * tie-breaks of steps, EP and ED, below 0.002). */
static void test_near_fitness(void)
{
	/* 9.3 by a long plain dynamic chain, and 9.6 by a chain with chains
	 * inside, of sudoku-gen --rating 9.0-9.4 and 9.5- */
	static const char plain[] =
		"..6.53.4..9..67......9....82....6.5..1.........3...7....7...3.96..73.4....1..2...";
	static const char inside[] =
		".5.39..1..2.8...3.6.........3..19.2.7...........2....4.9.1.......593..8.....542..";
	struct sd_near *nr = calloc(1, sizeof *nr);
	struct sd_geom g;
	uint8_t v[81];
	double reach[2] = { 0 }, narrow = 0;

	sd_geom_default(9, &g);
	struct sd_near_opts o = { .min_er = 9.5, .max_er = SD_RATING_TOP, .remove = 1, .add = 1 };
	CHECK(nr && sd_near_start(nr, &g, 1));
	from_string(v, plain);
	CHECK(sd_near_seed(nr, &o, v, true) && nr->npool == 1);
	reach[0] = nr->reach < 1 ? nr->reach : 1;
	narrow = 1 - nr->pool[0].width / (double)SD_NEAR_NARROW;
	CHECK(fabs(nr->depth - sd_tech_score(SD_TECH_DYNAMIC_CHAIN)) < 1e-9);
	CHECK(nr->pool[0].width > 0 && nr->pool[0].width < SD_NEAR_NARROW);
	double plain_fit = nr->pool[0].fit - (nr->depth + 0.45 * (reach[0] + narrow) / 2);
	from_string(v, inside);
	CHECK(sd_near_seed(nr, &o, v, true) && nr->npool == 2);
	reach[1] = nr->reach < 1 ? nr->reach : 1;
	CHECK(nr->depth >= sd_tech_score(SD_TECH_DYNAMIC_PLUS) - 1e-9);
	double nested_fit = nr->pool[1].fit - (nr->depth + 0.45 * reach[1]);
	fprintf(stderr, "near-fitness: a plain chain, length %.2f of 1, width %d (narrowness %.2f): "
		"fitness %.4f over its due; one with chains inside, length %.2f: %.4f over\n", reach[0],
		nr->pool[0].width, narrow, plain_fit, reach[1], nested_fit);
	CHECK(plain_fit >= 0 && plain_fit < 0.002 && nested_fit >= 0 && nested_fit < 0.002);
	sd_near_free(nr);
	free(nr);
}

/* One search near puzzles of its own in [min_er, 10], asked for finds
 * finds, told to start afresh after a few neighbours (restart; after the
 * first find, then): what the last call gave, how many restarts before
 * the first find and after it, and the pool it ends with. */
struct near_run { int got, restarts, later; uint64_t pool; long long since_best; };

static struct near_run near_restarts(double min_er, long long restart, uint64_t seed, int finds,
				     long long then)
{
	struct sd_near *nr = calloc(1, sizeof *nr);
	struct sd_geom g;
	struct near_run run = { 0 };

	sd_geom_default(9, &g);
	struct sd_near_opts o = {
		.min_er = min_er, .max_er = SD_RATING_TOP, .remove = 1, .add = 1, .minimal = true,
		.max_tries = 1500, .restart = restart, .remake = &gen,
	};
	CHECK(nr && sd_near_start(nr, &g, seed));
	CHECK(sd_near_seed_made(nr, &gen, &o, 20) == SD_GEN_OK && nr->npool > 0);
	for (int i = 0; i < finds; i++) {
		run.got = sd_near_next(nr, &o);
		if (i == 0) {
			run.restarts = nr->restarts;
			o.restart = then;
		}
	}
	run.later = nr->restarts - run.restarts;
	run.since_best = nr->since_best;
	for (int i = 0; i < nr->npool; i++)
		for (int c = 0; c < 81; c++)
			run.pool = run.pool * 31 + nr->pool[i].puzzle[c];
	sd_near_free(nr);
	free(nr);
	return run;
}

/* A pool seeded with a puzzle of chains inside chains, finding nothing in
 * a window above it, told to start afresh after one neighbour: how many
 * times it did. */
static int near_nested_restarts(void)
{
	struct sd_near *nr = calloc(1, sizeof *nr);
	struct sd_geom g;
	uint8_t v[81];
	int restarts = -1;

	sd_geom_default(9, &g);
	from_string(v, escargot);
	struct sd_near_opts o = {
		.min_er = 11.9, .max_er = SD_RATING_TOP, .remove = 1, .add = 1, .minimal = true,
		.max_tries = 300, .restart = 1, .remake = &gen,
	};
	CHECK(nr && sd_near_start(nr, &g, 1) && sd_near_seed(nr, &o, v, true));
	CHECK(nr->best >= sd_tech_score(SD_TECH_DYNAMIC_PLUS));
	CHECK(sd_near_next(nr, &o) == SD_GEN_EXHAUSTED);
	restarts = nr->restarts;
	sd_near_free(nr);
	free(nr);
	return restarts;
}

/* A pool that finds nothing from 9.5 up, its best not rising for
 * o.restart neighbours judged times the Luby sequence's term for its
 * turn (1 1 2 1 1 2 4 ...), starts afresh from new seeds: in 1500 tries,
 * more often than waiting twice as long each time allows (2 times); the
 * same seed, the same restarts; none when not asked.  A find counts as a
 * rise: a pool that keeps finding stays, though its best rises no more;
 * one that holds a chain with chains inside but finds nothing is not
 * spared. */
static void test_near_restart(void)
{
	struct near_run never = near_restarts(9.5, 0, 1, 1, 0);
	struct near_run once = near_restarts(9.5, 100, 1, 1, 0);
	struct near_run again = near_restarts(9.5, 100, 1, 1, 0);
	struct near_run finding = near_restarts(8.0, 0, 5, 20, 100);
	int nested = near_nested_restarts();
	static const long long luby[] = { 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1 };

	for (int i = 0; i < 16; i++)
		CHECK(sd_luby(i) == luby[i]);
	fprintf(stderr, "near-restart: %d restarts after 100, 100, 200, ... neighbours judged (%lld "
		"since the last), none when not asked (%lld judged); from 8.0 up, %d in 20 finds "
		"told to after 100, %lld judged since the best rose; %d above a chain with chains "
		"inside\n", once.restarts, once.since_best, never.since_best, finding.later,
		finding.since_best, nested);
	CHECK(never.got == SD_GEN_EXHAUSTED && once.got == SD_GEN_EXHAUSTED);
	CHECK(never.restarts == 0 && never.since_best > 300);
	CHECK(once.restarts >= 4 && once.since_best < 100 * sd_luby(once.restarts));
	CHECK(once.restarts == again.restarts && once.pool == again.pool);
	CHECK(once.pool != never.pool);
	CHECK(finding.got == SD_GEN_OK && finding.later == 0 && finding.since_best > 100);
	CHECK(nested > 0);
}

/* The game's model on the Wikipedia puzzle: entries and marks undone and
 * redone in order, mistakes counted, wrong entries by the solution and by
 * clashes, the hint sudoku-rate gives, a solve undone as one move, and
 * the record saved. */
static void test_game(void)
{
	struct sd_game *gm = calloc(1, sizeof *gm);
	struct sd_record rec;
	struct sd_limits lim = { 0 };
	struct sd_buf text = { 0 }, why = { 0 };
	struct sd_step st;
	static bool wrong[SD_MAXCELLS];

	sd_record_init(&rec);
	sd_geom_default(9, &rec.g);
	from_string(rec.puzzle, wiki);
	CHECK(sd_game_start(gm, &rec, SD_LEVEL_LIMIT, 0, &lim) == SD_GAME_OK);
	CHECK(gm->level == SD_LEVEL_VERY_EASY && gm->score > 1.1 && gm->score < 1.3);
	CHECK(!sd_game_enter(gm, 0, 4));                /* a given */
	CHECK(sd_game_enter(gm, 2, 4) && gm->mistakes == 0);
	CHECK(sd_game_enter(gm, 3, 7) && gm->mistakes == 1);   /* r1c4 is 6; 7 is r1c5's given too */
	CHECK(sd_game_toggle_mark(gm, 5, 8) && sd_game_toggle_mark(gm, 5, 2));
	CHECK(!sd_game_toggle_mark(gm, 2, 1));          /* a cell with a value */
	CHECK(gm->marks[5] == ((1u << 7) | (1u << 1)));
	CHECK(sd_game_wrong(gm, wrong) == 1 && wrong[3] && !wrong[2] && !wrong[4]);
	CHECK(sd_game_undo(gm) == 5 && gm->marks[5] == 1u << 7);
	CHECK(sd_game_undo(gm) == 5 && gm->marks[5] == 0);
	CHECK(sd_game_redo(gm) == 5 && sd_game_redo(gm) == 5 && sd_game_redo(gm) < 0);
	CHECK(gm->marks[5] == ((1u << 7) | (1u << 1)));
	/* a wrong entry first; cleared, the step sudoku-rate gives */
	CHECK(sd_game_hint(gm, NULL, &text, NULL, &st) == SD_HINT_WRONG && st.cell == 3 && gm->hints == 1);
	CHECK(sd_game_apply_hint(gm, SD_HINT_WRONG, &st) && gm->board[3] == 0);
	sd_buf_free(&text);
	CHECK(sd_game_hint(gm, NULL, &text, &why, &st) == SD_HINT_PLACE && gm->hints == 2);
	/* as sudoku-rate --hint on 534.7....6..195.... (the rest the puzzle's):
	 * the line says what and how, the steps why */
	CHECK(st.cell == 18 && st.digit == 1 && st.tech == SD_TECH_HIDDEN_SINGLE_BOX);
	CHECK(text.p && !strcmp(text.p, "r3c1 must be 1: hidden-single 1.2"));
	CHECK(why.p && !strcmp(why.p, "r3c1 must be 1: it is the only place for 1 in box 1"));
	CHECK(sd_game_apply_hint(gm, SD_HINT_PLACE, &st) && gm->board[18] == 1);
	sd_buf_free(&text);
	sd_buf_free(&why);
	/* a new move drops what was undone */
	CHECK(sd_game_undo(gm) == 18 && gm->board[18] == 0 && sd_game_enter(gm, 6, 9));
	CHECK(sd_game_redo(gm) < 0);
	CHECK(sd_game_enter(gm, 5, 8) && gm->marks[5] == 0);   /* a value replaces the marks */
	/* the clock runs while the board is unsolved, whatever solved it or
	 * undid the solve; the solution shown is said */
	sd_game_clock(gm, true);
	CHECK(!gm->solution_shown);
	sd_game_solve(gm);
	CHECK(sd_game_solved(gm) && gm->clock_start == 0 && gm->solution_shown);
	CHECK(sd_game_undo(gm) >= 0 && !sd_game_solved(gm) && gm->board[6] == 9 && gm->board[7] == 0);
	CHECK(gm->clock_start > 0);
	CHECK(sd_game_redo(gm) >= 0 && gm->clock_start == 0 && sd_game_undo(gm) >= 0 && gm->clock_start > 0);
	CHECK(sd_game_toggle_mark(gm, 7, 3) && sd_game_toggle_mark(gm, 7, 9) && sd_game_toggle_mark(gm, 77, 9));
	gm->elapsed = 75;
	sd_game_record(gm, &rec);
	CHECK(rec.has_board && !memcmp(rec.puzzle, gm->puzzle, 81) && rec.board[6] == 9);
	CHECK(json_integer_value(sd_record_get(&rec, "hints")) == 2);
	CHECK(json_integer_value(sd_record_get(&rec, "mistakes")) == 1);
	CHECK(json_is_true(sd_record_get(&rec, "solution_shown")));
	/* a record saved starts the same game again: its counts, marks, clock */
	struct sd_game *again = calloc(1, sizeof *again);
	CHECK(sd_game_start(again, &rec, gm->level, gm->score, &lim) == SD_GAME_OK);
	CHECK(!memcmp(again->board, gm->board, 81) && again->hints == 2 && again->mistakes == 1);
	CHECK(!memcmp(again->marks, gm->marks, 81 * sizeof *gm->marks) && again->marks[7] == 0x104);
	CHECK(again->solution_shown && again->elapsed >= 75 && again->elapsed < 77);
	/* marks that are not cells and digits of the board's empty cells: refused */
	static const char *const bad_marks[] = {
		"{\"r1c1\":[2]}", "{\"r1c8\":[10]}", "{\"r10c1\":[1]}", "{\"r1c8\":\"3\"}", "[1]",
		"{\"r1c8\":[0]}",
	};
	for (size_t i = 0; i < sizeof bad_marks / sizeof *bad_marks; i++) {
		sd_record_set_new(&rec, "marks", json_loads(bad_marks[i], 0, NULL));
		CHECK(sd_game_start(again, &rec, gm->level, gm->score, &lim) == SD_GAME_MARKS);
	}
	CHECK(!memcmp(again->marks, gm->marks, 81 * sizeof *gm->marks));
	sd_record_set_new(&rec, "marks", json_object());
	/* two solutions: no game */
	rec.puzzle[0] = 0;
	rec.puzzle[1] = 0;
	rec.puzzle[9] = 0;
	rec.puzzle[19] = 0;
	rec.has_board = false;
	CHECK(sd_game_start(again, &rec, gm->level, gm->score, &lim) == SD_GAME_MULTIPLE);
	sd_game_free(gm);
	sd_game_free(again);
	sd_record_free(&rec);
	free(gm);
	free(again);
}

/* What the game's words need in test_layout: a status and the key line
 * wrapped, a line of marks for small cells. */
static int layout_text(int width, bool small_cells, void *arg)
{
	static const char status[] = "very-easy 1.2  00:04  hints 1  mistakes 1  pencil";
	static const char keys[] = "hjkl move  1-9 A-P enter  x clear  p pencil  u undo  ^R redo  "
		"H hint  e why  c check  S solution  s save  Q quit  ? keys";
	struct sd_span none;

	(void)arg;
	return sd_wrap(status, width, true, &none, 0) + sd_wrap(keys, width, true, &none, 0) +
		small_cells;
}

/* The game's screen at every size from 80x24 to 240x90, every box shape
 * of a board to 25x25: the board within the screen, the words beside it
 * or below it and never over it, with room for a message; where nothing
 * fits, the sizes said do, and with the squarest boxes (sudoku-play's -b
 * default) that is only where the board drawn a line a cell is taller
 * than the screen.  Wrapping keeps items whole. */
static void test_layout(void)
{
	struct sd_layout l;
	struct sd_span spans[64];
	int fits = 0, beside = 0, tried = 0;

	for (int n = 4; n <= 25; n++)
	for (int r = 2; r <= n / 2; r++) {
		struct sd_geom g = { n, r, n / r }, square;
		if (n % r || g.c < 2)
			continue;
		bool squarest = sd_geom_default(n, &square) == 0 && square.r == r;
		for (int cols = 80; cols <= 240; cols += 4)
			for (int lines = 24; lines <= 90; lines += 3) {
				tried++;
				sd_lay_out(&g, cols, lines, layout_text, NULL, &l);
				if (!l.fits) {
					struct sd_layout big;
					sd_lay_out(&g, l.below_cols, l.below_lines, layout_text, NULL, &big);
					CHECK(big.fits);
					sd_lay_out(&g, l.beside_cols, l.beside_lines, layout_text, NULL, &big);
					CHECK(big.fits);
					/* neither size said fits in this one; the
					 * squarest boxes fit wherever the board drawn
					 * a line a cell does */
					CHECK((cols < l.below_cols || lines < l.below_lines) &&
					      (cols < l.beside_cols || lines < l.beside_lines));
					CHECK(!squarest || lines < g.n + g.c + 1);
					continue;
				}
				fits++;
				beside += l.beside;
				CHECK(l.width + 1 <= cols && l.height <= lines);
				CHECK(l.text_x >= 1 && l.text_x + l.text_w <= cols && l.text_y + l.text_h <= lines);
				CHECK(l.beside ? l.text_x > l.width + 1 : l.text_y >= l.height);
				CHECK(l.text_h >= layout_text(l.text_w, l.ch == 1, NULL) + SD_MESSAGE_LINES);
				CHECK(sd_layout_cell_y(&l, &g, g.n) - 1 == l.height - 1);
				CHECK(sd_layout_cell_x(&l, &g, g.n) - 1 == l.width);
			}
	}
	fprintf(stderr, "layout: %d of %d sizes fit, %d with the words beside the board\n", fits,
		tried, beside);
	/* 80x24: 9x9 small cells, words below; 16x16 beside; 25x25 does not
	 * fit, 80x31 does */
	struct sd_geom g9 = { 9, 3, 3 }, g16 = { 16, 4, 4 }, g25 = { 25, 5, 5 };
	sd_lay_out(&g9, 80, 24, layout_text, NULL, &l);
	CHECK(l.fits && l.ch == 1 && l.cw == 3 && !l.beside && !l.cell_lines);
	sd_lay_out(&g9, 80, 40, layout_text, NULL, &l);
	CHECK(l.fits && l.ch == 3 && l.cw == 5 && l.beside && l.cell_lines);
	sd_lay_out(&g16, 80, 24, layout_text, NULL, &l);
	CHECK(l.fits && l.ch == 1 && l.cw == 3 && l.beside && l.text_w >= SD_BESIDE_MIN);
	sd_lay_out(&g25, 80, 24, layout_text, NULL, &l);
	CHECK(!l.fits && l.beside_cols == 80 && l.beside_lines == 31);
	sd_lay_out(&g25, 80, 31, layout_text, NULL, &l);
	CHECK(l.fits && l.cw == 2 && l.beside);
	/* wrapping */
	CHECK(sd_wrap("ab cd  ef gh  ij", 8, true, spans, 64) == 3);
	CHECK(spans[0].at == 0 && spans[0].len == 5 && spans[1].at == 7 && spans[1].len == 5);
	CHECK(sd_wrap("ab cd  ef gh  ij", 9, false, spans, 64) == 2 && spans[0].len == 9);
	CHECK(sd_wrap("abcdefghij", 4, false, spans, 64) == 3 && spans[2].len == 2);
	CHECK(sd_wrap("a\n\nb", 10, false, spans, 64) == 3 && spans[1].len == 0 && spans[2].at == 3);
	CHECK(sd_wrap("", 10, false, spans, 64) == 0 && sd_wrap("   ", 10, false, spans, 64) == 0);
}

/* The folder of saved games: each new game a name of its own (game,
 * game-2, ...), which an unfinished game keeps and a finished or empty
 * one gives up; the unfinished ones listed, the last saved first. */
static void test_game_save(void)
{
	char folder[] = "/tmp/unit-game-save.XXXXXX", *path[4] = { NULL };
	struct sd_read_opts in = { .format = SD_FMT_AUTO };
	struct sd_write_opts wo = { .format = SD_FMT_JSON };
	struct sd_game *gm = calloc(1, sizeof *gm);
	struct sd_record rec;
	struct sd_limits lim = { 0 };
	struct sd_saved *list;
	struct sd_buf sub = { 0 };

	sd_alphabet_default(&in.alpha);
	sd_alphabet_default(&wo.alpha);
	CHECK(mkdtemp(folder) != NULL);
	sd_buf_printf(&sub, "%s/a/b", folder);
	sd_record_init(&rec);
	sd_geom_default(9, &rec.g);
	from_string(rec.puzzle, wiki);
	CHECK(sd_game_start(gm, &rec, SD_LEVEL_LIMIT, 0, &lim) == SD_GAME_OK);
	/* the folder made; the first name taken empty until the game is saved */
	CHECK((path[0] = sd_saved_claim(sub.p, &in)) && strstr(path[0], "/a/b/game") &&
	      !strcmp(strstr(path[0], "/a/b/game"), "/a/b/game"));
	CHECK(sd_place_of(path[0], &in, NULL) == SD_PLACE_OTHER);
	CHECK((path[1] = sd_saved_claim(sub.p, &in)) && !strcmp(path[1], path[0]));  /* empty: given again */
	CHECK(sd_game_enter(gm, 2, 4) && sd_game_save(gm, path[0], &wo) == 0);
	CHECK(sd_place_of(path[0], &in, &rec) == SD_PLACE_UNFINISHED && rec.board[2] == 4);
	CHECK((path[2] = sd_saved_claim(sub.p, &in)) && !strcmp(strrchr(path[2], '/'), "/game-2"));
	sleep(1);
	CHECK(sd_game_save(gm, path[2], &wo) == 0);
	CHECK(sd_saved_games(sub.p, &in, &list) == 2 && !strcmp(list[0].path, path[2]) &&
	      list[1].filled == 31 && list[1].cells == 81 && list[1].level &&
	      !strcmp(list[1].level, "very-easy") && list[1].er > 1.1);
	sd_saved_free(list, 2);
	/* finished: its name may be given to a new game, and it is not offered */
	sd_game_solve(gm);
	CHECK(sd_game_save(gm, path[0], &wo) == 0);
	CHECK(sd_place_of(path[0], &in, NULL) == SD_PLACE_FINISHED);
	CHECK((path[3] = sd_saved_claim(sub.p, &in)) && !strcmp(path[3], path[0]));
	CHECK(sd_saved_games(sub.p, &in, &list) == 1 && !strcmp(list[0].path, path[2]));
	sd_saved_free(list, 1);
	/* a collection is no game saved; a missing file is free */
	FILE *fp = fopen(path[0], "w");
	fprintf(fp, "%s %s\n%s\n", wiki, wiki, wiki);
	fclose(fp);
	CHECK(sd_place_of(path[0], &in, NULL) == SD_PLACE_OTHER);
	CHECK(unlink(path[0]) == 0 && sd_place_of(path[0], &in, NULL) == SD_PLACE_FREE);
	/* a save that cannot be made says why and leaves nothing */
	CHECK(sd_game_save(gm, "/nonexistent/dir/game", &wo) == ENOENT);
	unlink(path[2]);
	rmdir(sub.p);
	sd_buf_free(&sub);
	sd_buf_printf(&sub, "%s/a", folder);
	rmdir(sub.p);
	CHECK(rmdir(folder) == 0);
	for (int i = 0; i < 4; i++)
		free(path[i]);
	sd_buf_free(&sub);
	sd_record_free(&rec);
	sd_game_free(gm);
	free(gm);
}

int main(int argc, char **argv)
{
	static const struct { const char *name; void (*fn)(void); } groups[] = {
		{ "geometry", test_geometry }, { "alphabet", test_alphabet },
		{ "rules", test_rules }, { "rng", test_rng }, { "fill", test_fill },
		{ "reader", test_reader }, { "anneal-cost", test_anneal_cost },
		{ "anneal-run", test_anneal_run }, { "vns-moves", test_vns_moves },
		{ "local-rules", test_local_rules }, { "local-rules-run", test_local_rules_run },
		{ "logic", test_logic }, { "chain-length", test_chain_length },
		{ "aligned", test_aligned }, { "memos", test_memos }, { "gen", test_gen },
		{ "chain-memory", test_chain_memory },
		{ "solve", test_solve }, { "solve9", test_solve9 }, { "game", test_game },
		{ "layout", test_layout }, { "game-save", test_game_save },
		{ "trial", test_trial }, { "near-restart", test_near_restart },
		{ "near-fitness", test_near_fitness },
		{ "bt-definitions", test_bt_definitions },
	};

	for (size_t i = 0; i < sizeof groups / sizeof *groups; i++) {
		bool wanted = argc < 2;
		for (int a = 1; a < argc; a++)
			wanted |= !strcmp(argv[a], groups[i].name);
		if (wanted)
			groups[i].fn();
	}
	if (failures)
		fprintf(stderr, "%d checks failed\n", failures);
	return failures != 0;
}
