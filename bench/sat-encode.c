/* For bench/exact_big.sh, bench/variants.sh and tests/variants_bt.bats,
 * never part of the build: a record as CNF for a SAT solver (CaDiCaL), the
 * solver's model checked and decoded, and an independent count of
 * solutions by blocking clauses.  It reads the first record of FILE (any
 * format the library reads: line, grid, json, csv, with its rules) through
 * libsudoku's reader, and encodes the rules from the record's sd_rules as
 * read, not from the compiled ruleset the solvers walk, so that a mistake
 * there shows as a different count (only the named extra regions,
 * "windoku" and the like, are taken from sd_ruleset_new's units).
 *   sat-encode plain|seq FILE > CNF: variable cell*n + v + 1 says the cell
 *     holds v+1.  Every cell holds at least one value, every unit (rows,
 *     columns, boxes or jigsaw regions, diagonals, extra regions) every
 *     value at least once; at most one value per cell and one cell per
 *     unit and value, pairwise (plain) or by Sinz's sequential counter
 *     (seq, k - 1 new variables and 3k - 4 clauses for k literals).  Two
 *     cells a knight's or king's move apart, or in one cage, never hold the
 *     same value; orthogonal neighbours under non-consecutive never hold
 *     v and v+1; parity and givens are unit clauses.  A cage's sum: a new
 *     variable per set of distinct digits that adds up to it, one of them
 *     true, and each set's digits all present in the cage (its cells
 *     distinct, so they hold that set).
 *   sat-encode check FILE < SOLVER-OUTPUT: exit 0 when the model is a full
 *     grid that keeps the givens and breaks no rule, 1 when it is not (or
 *     the solver found none), 2 on trouble.
 *   sat-encode count LIMIT FILE: runs cadical (on PATH) on the plain
 *     encoding, each model checked as above and then blocked, until no
 *     model is left or LIMIT are found; prints how many (exit 0), or exit
 *     2 when a model breaks a rule (the encoding is wrong) or on trouble.
 * Build: cc -O2 -Ilib bench/sat-encode.c build/libsudoku.a -ljansson -lcsv -lm */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "format/format.h"

static int n, cells, next_var;
static uint8_t given[SD_MAXCELLS];
static const struct sd_rules *rules;  /* NULL: classic */
static struct sd_geom geom;
/* every unit as n cells: rows, columns, boxes or regions, diagonals, extra */
static int (*unit)[SD_MAXN], nunits;
static long clauses;
static FILE *out;

static void fail(const char *what)
{
	fprintf(stderr, "sat-encode: %s\n", what);
	exit(2);
}

static void read_record(const char *path, struct sd_record *rec)
{
	struct sd_read_opts o = { .format = SD_FMT_AUTO, .givens_only = true,
				  .rules_honoured = SD_RULES_ALL };
	struct sd_reader *rd;
	long line;

	sd_alphabet_default(&o.alpha);
	if (!(rd = sd_reader_open(path, &o)))
		fail("cannot open the board");
	sd_record_init(rec);
	if (sd_reader_next(rd, rec) != SD_READ_OK) {
		const char *why = sd_reader_error(rd, &line);
		fprintf(stderr, "sat-encode: %s:%ld: %s\n", path, line, why ? why : "no record");
		exit(2);
	}
	sd_reader_close(rd);
}

static void add_unit(const int *members)
{
	memcpy(unit[nunits++], members, (size_t)n * sizeof *members);
}

/* Units from a board of labels, label l (base..base+count-1) to a unit. */
static void label_units(const uint8_t *label, int base, int count)
{
	int members[SD_MAXN];

	for (int l = base; l < base + count; l++) {
		int k = 0;
		for (int i = 0; i < cells; i++)
			if (label[i] == l) {
				if (k == n)
					fail("a region has too many cells");
				members[k++] = i;
			}
		if (k != n)
			fail("a region has too few cells");
		add_unit(members);
	}
}

static void make_units(void)
{
	int members[SD_MAXN];

	unit = malloc((4 * SD_MAXN + 2) * sizeof *unit);
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < n; k++)
			members[k] = i * n + k;
		add_unit(members);
		for (int k = 0; k < n; k++)
			members[k] = k * n + i;
		add_unit(members);
	}
	if (rules && rules->jigsaw) {
		label_units(rules->region, 0, n);
	} else {
		if (!geom.r)
			fail("no boxes and no regions");
		for (int b = 0; b < n; b++) {
			for (int k = 0; k < n; k++)
				members[k] = (b / geom.r * geom.r + k / geom.c) * n + b % geom.r * geom.c + k % geom.c;
			add_unit(members);
		}
	}
	if (!rules)
		return;
	if (rules->diagonals & SD_DIAGONAL_MAIN) {
		for (int k = 0; k < n; k++)
			members[k] = k * n + k;
		add_unit(members);
	}
	if (rules->diagonals & SD_DIAGONAL_ANTI) {
		for (int k = 0; k < n; k++)
			members[k] = k * n + n - 1 - k;
		add_unit(members);
	}
	if (rules->extra_set == SD_EXTRA_BOARD) {
		label_units(rules->extra, 1, rules->nextra);
	} else if (rules->extra_set) {
		char err[200];
		struct sd_ruleset *rs = sd_ruleset_new(&geom, rules, err, sizeof err);
		if (!rs)
			fail(err);
		for (int u = 0; u < rs->nunits; u++)
			if (rs->unit_rule[u] == SD_RULE_EXTRA) {
				for (int k = 0; k < n; k++)
					members[k] = rs->unit[u][k];
				add_unit(members);
			}
		sd_ruleset_free(rs);
	}
}

/* The pairs of cells a move apart (a knight's, a king's, or an orthogonal
 * step), each once: calls pair(a, b) with a < b. */
static void each_move(const int *dr, const int *dc, int moves, void (*pair)(int, int))
{
	for (int cell = 0; cell < cells; cell++)
		for (int k = 0; k < moves; k++) {
			int r = cell / n + dr[k], c = cell % n + dc[k];
			if (r >= 0 && r < n && c >= 0 && c < n && r * n + c > cell)
				pair(cell, r * n + c);
		}
}
static const int knight_dr[] = { -2, -2, -1, -1, 1, 1, 2, 2 }, knight_dc[] = { -1, 1, -2, 2, -2, 2, -1, 1 };
static const int king_dr[] = { -1, -1, -1, 0, 0, 1, 1, 1 }, king_dc[] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int step_dr[] = { 0, 1 }, step_dc[] = { 1, 0 };

static int var(int cell, int v) { return cell * n + v + 1; }

static void clause2(int x, int y) { fprintf(out, "%d %d 0\n", x, y); clauses++; }
static void clause1(int x) { fprintf(out, "%d 0\n", x); clauses++; }

static void at_most_one(const int *lit, int k, int seq)
{
	if (!seq || k < 3) {
		for (int i = 0; i < k; i++)
			for (int j = i + 1; j < k; j++)
				clause2(-lit[i], -lit[j]);
		return;
	}
	/* s_i: one of lit[0..i] is true */
	int s = next_var - 1;
	next_var += k - 1;
	clause2(-lit[0], s + 1);
	for (int i = 1; i < k - 1; i++) {
		clause2(-lit[i], s + i + 1);
		clause2(-(s + i), s + i + 1);
		clause2(-lit[i], -(s + i));
	}
	clause2(-lit[k - 1], -(s + k - 1));
}

static void differ(int a, int b)
{
	for (int v = 0; v < n; v++)
		clause2(-var(a, v), -var(b, v));
}

static void not_consecutive(int a, int b)
{
	for (int v = 0; v + 1 < n; v++) {
		clause2(-var(a, v), -var(b, v + 1));
		clause2(-var(a, v + 1), -var(b, v));
	}
}

/* A cage's sum: every set of count distinct digits (from low up) adding up
 * to left gets a variable; one of them true, each implying its digits
 * present in the cage. */
static int sets;
static void cage_sets(const struct sd_cage *cg, int low, int count, int left, int *digits, int have,
		      int *chosen)
{
	if (count == 0) {
		if (left)
			return;
		int y = next_var++;
		chosen[sets++] = y;
		if (sets > 1000000)
			fail("a cage has more than a million digit sets");
		for (int i = 0; i < have; i++) {
			fprintf(out, "%d", -y);
			for (int j = 0; j < cg->count; j++)
				fprintf(out, " %d", var(rules->cage_cell[cg->first + j], digits[i]));
			fprintf(out, " 0\n");
			clauses++;
		}
		return;
	}
	for (int d = low; d < n && d + 1 <= left; d++) {
		digits[have] = d;
		cage_sets(cg, d + 1, count - 1, left - (d + 1), digits, have + 1, chosen);
	}
}

static void cages(void)
{
	static int chosen[1000001];
	int digits[SD_MAXN];

	for (int k = 0; rules && k < rules->ncages; k++) {
		const struct sd_cage *cg = &rules->cage[k];
		for (int i = 0; i < cg->count; i++)
			for (int j = i + 1; j < cg->count; j++)
				differ(rules->cage_cell[cg->first + i], rules->cage_cell[cg->first + j]);
		if (!cg->sum)
			continue;
		sets = 0;
		cage_sets(cg, 0, cg->count, cg->sum, digits, 0, chosen);
		for (int i = 0; i < sets; i++)
			fprintf(out, "%d ", chosen[i]);
		fprintf(out, "0\n");    /* no set: the empty clause, unsatisfiable */
		clauses++;
	}
}

static void constraints(int seq)
{
	int lit[SD_MAXN];

	for (int cell = 0; cell < cells; cell++) {
		for (int v = 0; v < n; v++)
			fprintf(out, "%d ", lit[v] = var(cell, v));
		fprintf(out, "0\n");
		clauses++;
		at_most_one(lit, n, seq);
		if (given[cell])
			clause1(var(cell, given[cell] - 1));
		for (int v = 0; rules && rules->has_parity && rules->parity[cell] && v < n; v++)
			if ((v % 2 == 0) != (rules->parity[cell] == SD_ODD))
				clause1(-var(cell, v));
	}
	for (int u = 0; u < nunits; u++)
		for (int v = 0; v < n; v++) {
			for (int i = 0; i < n; i++)
				fprintf(out, "%d ", lit[i] = var(unit[u][i], v));
			fprintf(out, "0\n");
			clauses++;
			at_most_one(lit, n, seq);
		}
	if (rules && rules->anti_knight)
		each_move(knight_dr, knight_dc, 8, differ);
	if (rules && rules->anti_king)
		each_move(king_dr, king_dc, 8, differ);
	if (rules && rules->non_consecutive)
		each_move(step_dr, step_dc, 2, not_consecutive);
	cages();
}

/* The clauses, made once: they are counted before the header goes out. */
static FILE *body;
static long body_clauses;

static void make_body(int seq)
{
	out = body = tmpfile();
	clauses = 0;
	next_var = cells * n + 1;
	constraints(seq);
	body_clauses = clauses;
	fflush(body);
}

static void copy(FILE *from, FILE *to)
{
	char buf[1 << 16];
	size_t got;

	rewind(from);
	while ((got = fread(buf, 1, sizeof buf, from)) > 0)
		fwrite(buf, 1, got, to);
}

/* The CNF on f, with extra clauses (NULL none, else more of them) after. */
static void encode(FILE *f, FILE *extra, long more)
{
	fprintf(f, "p cnf %d %ld\n", next_var - 1, body_clauses + more);
	copy(body, f);
	if (extra)
		copy(extra, f);
}

/* ---- checking a model --------------------------------------------------- */

static int *grid;
static bool bad;

static void check_differ(int a, int b) { bad |= grid[a] == grid[b]; }
static void check_apart(int a, int b) { bad |= abs(grid[a] - grid[b]) == 1; }

/* Reads a model into grid: 1 when the solver said satisfiable. */
static int read_model(FILE *f)
{
	char word[32];
	int x, sat = 0;

	memset(grid, 0, (size_t)cells * sizeof *grid);
	bad = false;
	while (fscanf(f, "%31s", word) == 1) {
		if (!strcmp(word, "s")) {
			if (fscanf(f, "%31s", word) == 1 && !strcmp(word, "SATISFIABLE"))
				sat = 1;
		} else if (sscanf(word, "%d", &x) == 1 && x > 0 && x <= cells * n) {
			int cell = (x - 1) / n;
			bad |= grid[cell] != 0;
			grid[cell] = (x - 1) % n + 1;
		}
	}
	return sat;
}

/* 0 when grid keeps every rule and given, 1 when not. */
static int check_grid(void)
{
	for (int cell = 0; cell < cells; cell++) {
		bad |= !grid[cell] || (given[cell] && given[cell] != grid[cell]);
		if (rules && rules->has_parity && rules->parity[cell])
			bad |= (grid[cell] % 2 == 1) != (rules->parity[cell] == SD_ODD);
	}
	for (int u = 0; u < nunits && !bad; u++) {
		unsigned char seen[SD_MAXN + 1] = { 0 };
		for (int i = 0; i < n; i++)
			bad |= seen[grid[unit[u][i]]]++ != 0;
	}
	if (rules && rules->anti_knight)
		each_move(knight_dr, knight_dc, 8, check_differ);
	if (rules && rules->anti_king)
		each_move(king_dr, king_dc, 8, check_differ);
	if (rules && rules->non_consecutive)
		each_move(step_dr, step_dc, 2, check_apart);
	for (int k = 0; rules && k < rules->ncages; k++) {
		const struct sd_cage *cg = &rules->cage[k];
		int sum = 0;
		for (int i = 0; i < cg->count; i++) {
			sum += grid[rules->cage_cell[cg->first + i]];
			for (int j = i + 1; j < cg->count; j++)
				check_differ(rules->cage_cell[cg->first + i], rules->cage_cell[cg->first + j]);
		}
		bad |= cg->sum && sum != cg->sum;
	}
	return bad;
}

/* Solutions up to limit, by cadical with each model blocked in turn. */
static long long count(long long limit)
{
	char cnf[] = "/tmp/sat-encode-XXXXXX", model[sizeof cnf + 4], command[sizeof cnf * 2 + 40];
	int fd = mkstemp(cnf);
	long long found = 0;
	FILE *blocks = tmpfile();

	if (fd < 0 || !blocks)
		fail("cannot make a temporary file");
	close(fd);
	snprintf(model, sizeof model, "%s.out", cnf);
	snprintf(command, sizeof command, "cadical -q %s > %s", cnf, model);
	while (found < limit) {
		FILE *f = fopen(cnf, "w");
		if (!f)
			fail("cannot write the CNF");
		encode(f, blocks, found);
		fclose(f);
		int status = system(command);
		if (status == -1 || !WIFEXITED(status) || (WEXITSTATUS(status) != 10 && WEXITSTATUS(status) != 20))
			fail("cadical failed");
		FILE *m = fopen(model, "r");
		int sat = m && read_model(m);
		if (m)
			fclose(m);
		if (!sat)
			break;
		if (check_grid())
			fail("a model breaks a rule: the encoding is wrong");
		found++;
		/* the clause that this grid is not the next */
		fseek(blocks, 0, SEEK_END);
		for (int cell = 0; cell < cells; cell++)
			fprintf(blocks, "%d ", -var(cell, grid[cell] - 1));
		fprintf(blocks, "0\n");
		fflush(blocks);
	}
	unlink(cnf);
	unlink(model);
	return found;
}

int main(int argc, char **argv)
{
	static struct sd_record rec;
	const char *mode = argc > 1 ? argv[1] : "";
	long long limit = 0;

	if (!strcmp(mode, "count") && argc == 4)
		limit = atoll(argv[2]);
	else if (argc != 3 || (strcmp(mode, "plain") && strcmp(mode, "seq") && strcmp(mode, "check")))
		fail("usage: sat-encode plain|seq|check FILE, or sat-encode count LIMIT FILE");
	read_record(argv[argc - 1], &rec);
	geom = rec.g;
	n = geom.n;
	cells = n * n;
	memcpy(given, rec.puzzle, (size_t)cells);
	rules = sd_rules_classic(rec.rules) ? NULL : rec.rules;
	grid = calloc((size_t)cells, sizeof *grid);
	make_units();
	if (!strcmp(mode, "check"))
		return read_model(stdin) ? check_grid() : 1;
	make_body(!strcmp(mode, "seq"));
	if (!strcmp(mode, "count")) {
		printf("%lld\n", count(limit));
		return 0;
	}
	encode(stdout, NULL, 0);
	return 0;
}
