/* For bench/exact_big.sh only, never part of the build: a board as CNF for
 * a SAT solver (CaDiCaL), and the solver's model checked and decoded.
 *   sat-encode plain|seq BOARD > CNF: variable (r*n + c)*n + v + 1 says cell
 *     (r, c) holds v.  Every cell holds at least one value, every unit holds
 *     every value at least once, at most one value per cell and one cell per
 *     unit and value: pairwise (plain) or by Sinz's sequential counter (seq,
 *     k - 1 new variables and 3k - 4 clauses for k literals); givens as units.
 *   sat-encode check BOARD < SOLVER-OUTPUT: exit 0 when the model is a full
 *     grid that keeps the givens and breaks no rule, 1 when it is not (or
 *     the solver found none), 2 on trouble.
 * BOARD is a grid: a first line (the size or the box shape), then n rows of
 * n numbers, 0 for an empty cell; boxes are sqrt(n) x sqrt(n). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n, b, *given, next_var;
static long clauses;
static FILE *out;

static void read_board(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[64];
	int cap = 4096, count = 0, value;

	if (!f || !fgets(line, sizeof line, f)) {
		fprintf(stderr, "sat-encode: cannot read %s\n", path);
		exit(2);
	}
	given = malloc(cap * sizeof *given);
	while (fscanf(f, "%d", &value) == 1) {
		if (count == cap)
			given = realloc(given, (cap *= 2) * sizeof *given);
		given[count++] = value;
	}
	fclose(f);
	n = (int)lround(sqrt(count));
	b = (int)lround(sqrt(n));
	if (n * n != count || b * b != n) {
		fprintf(stderr, "sat-encode: %s: %d numbers is no square board\n", path, count);
		exit(2);
	}
}

static int var(int r, int c, int v) { return (r * n + c) * n + v + 1; }

/* unit u's i-th cell: rows, then columns, then boxes */
static void unit_cell(int u, int i, int *r, int *c)
{
	if (u < n)
		*r = u, *c = i;
	else if (u < 2 * n)
		*r = i, *c = u - n;
	else
		*r = (u - 2 * n) / b * b + i / b, *c = (u - 2 * n) % b * b + i % b;
}

static void clause2(int x, int y) { fprintf(out, "%d %d 0\n", x, y); clauses++; }

static void at_most_one(const int *lit, int k, int seq)
{
	if (!seq) {
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

static void constraints(int seq)
{
	int lit[256], r, c;

	for (int cell = 0; cell < n * n; cell++) {
		for (int v = 0; v < n; v++)
			fprintf(out, "%d ", lit[v] = var(cell / n, cell % n, v));
		fprintf(out, "0\n");
		clauses++;
		at_most_one(lit, n, seq);
		if (given[cell]) {
			fprintf(out, "%d 0\n", var(cell / n, cell % n, given[cell] - 1));
			clauses++;
		}
	}
	for (int u = 0; u < 3 * n; u++)
		for (int v = 0; v < n; v++) {
			for (int i = 0; i < n; i++) {
				unit_cell(u, i, &r, &c);
				fprintf(out, "%d ", lit[i] = var(r, c, v));
			}
			fprintf(out, "0\n");
			clauses++;
			at_most_one(lit, n, seq);
		}
}

static int check(void)
{
	int *grid = calloc((size_t)n * n, sizeof *grid), x, sat = 0;
	char word[32];

	while (scanf("%31s", word) == 1) {
		if (!strcmp(word, "s")) {
			if (scanf("%31s", word) == 1 && !strcmp(word, "SATISFIABLE"))
				sat = 1;
		} else if (sscanf(word, "%d", &x) == 1 && x > 0 && x <= n * n * n) {
			int cell = (x - 1) / n;
			if (grid[cell])
				return 1;
			grid[cell] = (x - 1) % n + 1;
		}
	}
	if (!sat)
		return 1;
	for (int cell = 0; cell < n * n; cell++)
		if (!grid[cell] || (given[cell] && given[cell] != grid[cell]))
			return 1;
	for (int u = 0; u < 3 * n; u++) {
		unsigned char seen[256] = { 0 };
		for (int i = 0, r, c; i < n; i++) {
			unit_cell(u, i, &r, &c);
			if (seen[grid[r * n + c]]++)
				return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "plain") && strcmp(argv[1], "seq") && strcmp(argv[1], "check"))) {
		fprintf(stderr, "usage: sat-encode plain|seq|check BOARD\n");
		return 2;
	}
	read_board(argv[2]);
	if (!strcmp(argv[1], "check"))
		return check();
	/* the clauses first, to count them, then the header before them */
	out = tmpfile();
	next_var = n * n * n + 1;
	constraints(!strcmp(argv[1], "seq"));
	printf("p cnf %d %ld\n", next_var - 1, clauses);
	rewind(out);
	char buf[1 << 16];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, out)) > 0)
		fwrite(buf, 1, got, stdout);
	return 0;
}
