/* Drives libsudoku through its public header alone, for tests/api.bats:
 *   api-test [-w WORK] [-s SECONDS] GROUP ARGS...
 * prints each group's answer on standard output, or "error: WHY:
 * MESSAGE" and exits 1 when a call returns an error code. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sudoku.h>

static int fail(sd_context *ctx, int code)
{
	printf("error: %s: %s\n", sd_strerror(code), sd_context_message(ctx));
	return 1;
}

static void print_board(const sd_board *b)
{
	int len = sd_board_text(b, NULL, 0);
	char *text = malloc((size_t)len + 1);

	sd_board_text(b, text, (size_t)len + 1);
	printf("%s\n", text);
	free(text);
}

static int parse(sd_context *ctx, const char *text, sd_board **b)
{
	return sd_board_parse(ctx, text, strlen(text), b);
}

/* The answers of one board: what solve, count or rate print. */
static int solved(sd_context *ctx, const sd_board *b, long long max)
{
	sd_board *s;
	int code = sd_board_solve(ctx, b, &s);

	(void)max;
	if (code == 0) {
		print_board(s);
		sd_board_free(s);
	}
	return code;
}

static int counted(sd_context *ctx, const sd_board *b, long long max)
{
	long long found;
	int code = sd_board_count(ctx, b, max, &found);

	if (code == 0)
		printf("%lld %s\n", found, sd_board_unique(ctx, b) == SUDOKU_OK ? "unique" : "not unique");
	return code;
}

static int rated(sd_context *ctx, const sd_board *b, long long max)
{
	struct sd_grade g;
	int code = sd_board_rate(ctx, b, &g);

	(void)max;
	if (code == 0)
		printf("%s %.1f %.1f %.1f %s\n", sd_level_name(g.level), g.er, g.ep, g.ed, g.hardest);
	return code;
}

/* Parses text and gives the board to answer: 0, or 1 after the error. */
static int on_board(sd_context *ctx, const char *text, long long max,
		    int (*answer)(sd_context *, const sd_board *, long long))
{
	sd_board *b;
	int code = parse(ctx, text, &b);

	if (code == 0) {
		code = answer(ctx, b, max);
		sd_board_free(b);
	}
	return code ? fail(ctx, code) : 0;
}

static int hint(sd_context *ctx, const char *text)
{
	sd_board *b;
	sd_hint *h;
	int code = parse(ctx, text, &b), row, col, digit;

	if (code)
		return fail(ctx, code);
	code = sd_board_hint(ctx, b, &h);
	sd_board_free(b);
	if (code)
		return fail(ctx, code);
	printf("%s\n", sd_hint_text(h));
	for (int i = 0; i < sd_hint_steps(h); i++) {
		printf("%s:", sd_hint_technique(h, i));
		for (int k = 0; sd_hint_removal(h, i, k, &row, &col, &digit); k++)
			printf(" -%dr%dc%d", digit, row + 1, col + 1);
		if (sd_hint_placement(h, i, &row, &col, &digit))
			printf(" r%dc%d=%d", row + 1, col + 1, digit);
		printf(" (%d removals)\n", sd_hint_removals(h, i));
	}
	sd_hint_free(h);
	return 0;
}

static int generate(sd_context *ctx, char **arg)
{
	sd_board *b;
	int code = sd_board_generate(ctx, atoi(arg[0]), atoi(arg[1]), atof(arg[2]), atof(arg[3]),
				     strtoull(arg[4], NULL, 10), &b);

	if (code)
		return fail(ctx, code);
	print_board(b);
	sd_board_free(b);
	return 0;
}

static int search(sd_context *ctx, const char *text, const char *method, const char *seed)
{
	sd_board *b, *best = NULL;
	int cost, code = parse(ctx, text, &b);

	if (code)
		return fail(ctx, code);
	code = sd_board_search(ctx, b, strcmp(method, "vns") ? SUDOKU_ANNEAL : SUDOKU_VNS,
			       strtoull(seed, NULL, 10), &best, &cost);
	sd_board_free(b);
	if (best) {
		printf("cost %d\n", cost);
		print_board(best);
		sd_board_free(best);
	}
	return code ? fail(ctx, code) : 0;
}

/* ---- two threads at once ----------------------------------------------- */

struct job {
	char **puzzles;
	int count;
	char out[4096];
};

/* Solves and rates every puzzle with a context of its own. */
static void *solve_and_rate(void *arg)
{
	struct job *job = arg;
	sd_context *ctx = sd_context_new();
	size_t used = 0;

	for (int i = 0; i < job->count && ctx; i++) {
		sd_board *b = NULL, *s = NULL;
		struct sd_grade g = { 0 };
		char line[512] = "";
		int code = parse(ctx, job->puzzles[i], &b);
		if (!code)
			code = sd_board_solve(ctx, b, &s);
		if (!code)
			code = sd_board_rate(ctx, b, &g);
		if (s)
			sd_board_text(s, line, sizeof line);
		used += (size_t)snprintf(job->out + used, sizeof job->out - used, "%d %s %.1f %.1f %.1f\n",
					 code, line, g.er, g.ep, g.ed);
		sd_board_free(b);
		sd_board_free(s);
	}
	sd_context_free(ctx);
	return NULL;
}

static int threads(char **puzzles, int count)
{
	struct job serial = { puzzles, count, "" }, one = serial, two = serial;
	pthread_t a, b;

	solve_and_rate(&serial);
	if (pthread_create(&a, NULL, solve_and_rate, &one) || pthread_create(&b, NULL, solve_and_rate, &two))
		return 1;
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	fputs(serial.out, stdout);
	if (strcmp(serial.out, one.out) || strcmp(serial.out, two.out)) {
		printf("threads differ:\n%s%s", one.out, two.out);
		return 1;
	}
	printf("both threads as serial\n");
	return 0;
}

/* ---- bad arguments: a code, never a crash ------------------------------- */

static int bad(sd_context *ctx)
{
	sd_board *b = NULL, *out = NULL;
	sd_hint *h = NULL;
	struct sd_grade g;
	long long n;
	int cost;
	const char *wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

	printf("parse NULL text: %s\n", sd_strerror(sd_board_parse(ctx, NULL, 0, &b)));
	printf("parse no context: %s\n", sd_strerror(sd_board_parse(NULL, "1", 1, &b)));
	printf("parse empty: %s: %s\n", sd_strerror(sd_board_parse(ctx, "", 0, &b)), sd_context_message(ctx));
	printf("parse 80 symbols: %s: %s\n", sd_strerror(parse(ctx, wiki + 1, &b)), sd_context_message(ctx));
	printf("parse unknown symbol: %s: %s\n", sd_strerror(parse(ctx, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7%", &b)),
	       sd_context_message(ctx));
	printf("solve NULL: %s\n", sd_strerror(sd_board_solve(ctx, NULL, &out)));
	if (parse(ctx, wiki, &b))
		return 1;
	printf("count 0: %s\n", sd_strerror(sd_board_count(ctx, b, 0, &n)));
	printf("hint NULL: %s\n", sd_strerror(sd_board_hint(ctx, NULL, &h)));
	printf("search method 7: %s\n", sd_strerror(sd_board_search(ctx, b, 7, 1, &out, &cost)));
	printf("generate size 7: %s: %s\n", sd_strerror(sd_board_generate(ctx, 7, -1, 0, 0, 1, &out)),
	       sd_context_message(ctx));
	printf("generate level 9: %s\n", sd_strerror(sd_board_generate(ctx, 9, 9, 0, 0, 1, &out)));
	printf("generate level and window: %s\n", sd_strerror(sd_board_generate(ctx, 9, 2, 1, 2, 1, &out)));
	printf("generate window 5-3: %s\n", sd_strerror(sd_board_generate(ctx, 9, -1, 5, 3, 1, &out)));
	printf("limit -1: %s\n", sd_strerror(sd_context_limit(ctx, -1, 0)));
	printf("cell 9 9: %d, size NULL: %d\n", sd_board_get(b, 9, 9), sd_board_size(NULL, NULL, NULL));
	printf("hint step 0 of none: %s\n", sd_hint_technique(NULL, 0) ? "?" : "NULL");
	sd_board_free(b);
	if (parse(ctx, "1........" "........." "........." "........." "........." "........."
		  "........." "........." ".........", &b))
		return 1;
	printf("rate a puzzle of many solutions: %s\n", sd_strerror(sd_board_rate(ctx, b, &g)));
	printf("hint on it: %s\n", sd_strerror(sd_board_hint(ctx, b, &h)));
	printf("unknown code: %s\n", sd_strerror(99));
	sd_board_free(b);
	return out != NULL || h != NULL;
}

/* ---- NULL: an object NULL is an error, an out-pointer NULL is skipped -- */

/* What a call left in an out-pointer that was not NULL: the sentinel it
 * held before, NULL, or a value. */
static const char *what_left(const void *p, const void *sentinel)
{
	return p == sentinel ? "untouched" : p ? "set" : "NULL";
}

/* Every pointer argument of every call NULL in turn, on board text (a
 * board whose hint has a removal and a placement); no call may crash.
 * Each call is made before its line is printed: the order in which a
 * printf's arguments are evaluated is unspecified. */
static int null_args(sd_context *ctx, const char *text)
{
	static char sentinel;
	sd_board *b, *out = (sd_board *)&sentinel;
	sd_hint *h = (sd_hint *)&sentinel;
	struct sd_grade g;
	long long n = -7;
	int cost = -7, r = -7, c = -7, d = -7, place = -1, remove = -1, code, got;
	char buf[8] = "x";
	size_t len = strlen(text);

	sd_context_free(NULL);
	sd_board_free(NULL);
	sd_hint_free(NULL);
	printf("context_limit(NULL): %s\n", sd_strerror(sd_context_limit(NULL, 0, 0)));
	printf("context_message(NULL): %s\n", sd_context_message(NULL));
	code = sd_board_parse(NULL, text, len, &out);
	printf("parse(NULL ctx): %s, board %s\n", sd_strerror(code), what_left(out, &sentinel));
	out = (sd_board *)&sentinel;
	code = sd_board_parse(ctx, NULL, 0, &out);
	printf("parse(NULL text): %s, board %s\n", sd_strerror(code), what_left(out, &sentinel));
	printf("parse(NULL board): %s\n", sd_strerror(sd_board_parse(ctx, text, len, NULL)));
	if (sd_board_parse(ctx, text, len, &b))
		return fail(ctx, 1);
	printf("size(NULL): %d; size(b, NULL, NULL): %d\n", sd_board_size(NULL, &r, &c),
	       sd_board_size(b, NULL, NULL));
	printf("get(NULL): %d, given(NULL): %d\n", sd_board_get(NULL, 0, 0), sd_board_given(NULL, 0, 0));
	got = sd_board_text(NULL, buf, sizeof buf);
	printf("text(NULL): %d, buf \"%s\"; text(b, NULL, 8): %d\n", got, buf, sd_board_text(b, NULL, 8));
	out = (sd_board *)&sentinel;
	code = sd_board_solve(NULL, b, &out);
	printf("solve(NULL ctx): %s, solution %s\n", sd_strerror(code), what_left(out, &sentinel));
	out = (sd_board *)&sentinel;
	code = sd_board_solve(ctx, NULL, &out);
	printf("solve(NULL puzzle): %s, solution %s\n", sd_strerror(code), what_left(out, &sentinel));
	printf("solve(NULL solution): %s\n", sd_strerror(sd_board_solve(ctx, b, NULL)));
	code = sd_board_count(NULL, b, 2, &n);
	printf("count(NULL ctx): %s, count %lld\n", sd_strerror(code), n);
	n = -7;
	code = sd_board_count(ctx, NULL, 2, &n);
	printf("count(NULL puzzle): %s, count %lld\n", sd_strerror(code), n);
	printf("count(NULL count): %s\n", sd_strerror(sd_board_count(ctx, b, 2, NULL)));
	printf("unique(NULL ctx): %s; unique(NULL puzzle): %s\n", sd_strerror(sd_board_unique(NULL, b)),
	       sd_strerror(sd_board_unique(ctx, NULL)));
	g.hardest = "untouched";
	code = sd_board_rate(NULL, b, &g);
	printf("rate(NULL ctx): %s, hardest %s\n", sd_strerror(code), g.hardest ? g.hardest : "NULL");
	printf("rate(NULL puzzle): %s\n", sd_strerror(sd_board_rate(ctx, NULL, &g)));
	printf("rate(NULL grade): %s\n", sd_strerror(sd_board_rate(ctx, b, NULL)));
	code = sd_board_hint(NULL, b, &h);
	printf("hint(NULL ctx): %s, hint %s\n", sd_strerror(code), what_left(h, &sentinel));
	h = (sd_hint *)&sentinel;
	code = sd_board_hint(ctx, NULL, &h);
	printf("hint(NULL board): %s, hint %s\n", sd_strerror(code), what_left(h, &sentinel));
	printf("hint(NULL hint): %s\n", sd_strerror(sd_board_hint(ctx, b, NULL)));
	printf("hint_text(NULL): %s, hint_steps(NULL): %d\n", sd_hint_text(NULL) ? "?" : "NULL",
	       sd_hint_steps(NULL));
	printf("hint_technique(NULL): %s, hint_step_text(NULL): %s\n",
	       sd_hint_technique(NULL, 0) ? "?" : "NULL", sd_hint_step_text(NULL, 0) ? "?" : "NULL");
	got = sd_hint_placement(NULL, 0, &r, &c, &d);
	printf("hint_placement(NULL): %d, row %d; hint_removals(NULL): %d; hint_removal(NULL): %d\n",
	       got, r, sd_hint_removals(NULL, 0), sd_hint_removal(NULL, 0, 0, &r, &c, &d));
	if (sd_board_hint(ctx, b, &h))
		return fail(ctx, 1);
	for (int i = sd_hint_steps(h) - 1; i >= 0; i--) {
		if (sd_hint_placement(h, i, &r, &c, &d) == 1)
			place = i;
		if (sd_hint_removals(h, i) > 0)
			remove = i;
	}
	printf("hint_placement(h, i, NULL, NULL, NULL): %d\n",
	       sd_hint_placement(h, place, NULL, NULL, NULL));
	r = c = d = -7;
	got = sd_hint_placement(h, place, &r, NULL, NULL);
	printf("hint_placement(h, i, row, NULL, NULL): %d, row r%d\n", got, r + 1);
	got = sd_hint_placement(h, place, NULL, NULL, &d);
	printf("hint_placement(h, i, NULL, NULL, digit): %d, digit %d\n", got, d);
	printf("hint_removal(h, i, 0, NULL, NULL, NULL): %d\n",
	       sd_hint_removal(h, remove, 0, NULL, NULL, NULL));
	got = sd_hint_removal(h, remove, 0, NULL, &c, NULL);
	printf("hint_removal(h, i, 0, NULL, col, NULL): %d, col c%d\n", got, c + 1);
	sd_hint_free(h);
	/* the searches stopped early: their answer does not matter here */
	sd_context_limit(ctx, 1000, 0);
	out = (sd_board *)&sentinel;
	code = sd_board_generate(NULL, 4, -1, 0, 0, 1, &out);
	printf("generate(NULL ctx): %s, puzzle %s\n", sd_strerror(code), what_left(out, &sentinel));
	printf("generate(NULL puzzle): %s\n", sd_strerror(sd_board_generate(ctx, 4, -1, 0, 0, 1, NULL)));
	out = (sd_board *)&sentinel;
	code = sd_board_search(NULL, b, SUDOKU_ANNEAL, 1, &out, &cost);
	printf("search(NULL ctx): %s, best %s, cost %d\n", sd_strerror(code), what_left(out, &sentinel),
	       cost);
	out = (sd_board *)&sentinel;
	cost = -7;
	code = sd_board_search(ctx, NULL, SUDOKU_ANNEAL, 1, &out, &cost);
	printf("search(NULL puzzle): %s, best %s, cost %d\n", sd_strerror(code),
	       what_left(out, &sentinel), cost);
	cost = -7;
	code = sd_board_search(ctx, b, SUDOKU_VNS, 1, NULL, &cost);
	printf("search(NULL best): %s, cost %s\n", sd_strerror(code), cost > 0 ? "set" : "?");
	out = (sd_board *)&sentinel;
	code = sd_board_search(ctx, b, SUDOKU_VNS, 1, &out, NULL);
	printf("search(NULL cost): %s, best %s\n", sd_strerror(code), what_left(out, &sentinel));
	sd_board_free(out);
	printf("search(NULL best, NULL cost): %s\n",
	       sd_strerror(sd_board_search(ctx, b, SUDOKU_ANNEAL, 1, NULL, NULL)));
	sd_board_free(b);
	return 0;
}

/* A variant: the board's rules (set to json unless it is "-"), its count
 * to 3, its solution, and what the rating says of it. */
static int rules(sd_context *ctx, const char *text, const char *json)
{
	sd_board *b, *s;
	char buf[512];
	long long found;
	int code = parse(ctx, text, &b);

	if (code)
		return fail(ctx, code);
	if (strcmp(json, "-") && (code = sd_board_set_rules(ctx, b, json))) {
		sd_board_free(b);
		return fail(ctx, code);
	}
	int len = sd_board_rules(b, buf, sizeof buf);
	printf("rules %d %s\n", len, buf);
	if ((code = sd_board_count(ctx, b, 3, &found)) == 0)
		printf("count %lld\n", found);
	if (code == 0 && (code = sd_board_solve(ctx, b, &s)) == 0) {
		print_board(s);
		sd_board_rules(s, buf, sizeof buf);
		printf("its rules %s\n", buf);
		sd_board_free(s);
	}
	if (code == 0) {
		code = sd_board_rate(ctx, b, NULL);
		printf("rate: %s: %s\n", sd_strerror(code), sd_context_message(ctx));
		code = 0;
	}
	sd_board_free(b);
	return code ? fail(ctx, code) : 0;
}

int main(int argc, char **argv)
{
	sd_context *ctx = sd_context_new();
	long long work = 0;
	double seconds = 0;
	int i = 1, status = 2;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "-w"))
			work = atoll(argv[i + 1]);
		else
			seconds = atof(argv[i + 1]);
	}
	if (!ctx || sd_context_limit(ctx, work, seconds) || i >= argc)
		return 2;
	const char *group = argv[i];
	char **arg = argv + i + 1;
	int left = argc - i - 1;

	if (!strcmp(group, "version"))
		status = printf("%s\n", sd_version()) < 0;
	else if (!strcmp(group, "solve") && left == 1)
		status = on_board(ctx, arg[0], 0, solved);
	else if (!strcmp(group, "count") && left == 2)
		status = on_board(ctx, arg[0], atoll(arg[1]), counted);
	else if (!strcmp(group, "rate") && left == 1)
		status = on_board(ctx, arg[0], 0, rated);
	else if (!strcmp(group, "hint") && left == 1)
		status = hint(ctx, arg[0]);
	else if (!strcmp(group, "generate") && left == 5)
		status = generate(ctx, arg);
	else if (!strcmp(group, "search") && left == 3)
		status = search(ctx, arg[0], arg[1], arg[2]);
	else if (!strcmp(group, "threads") && left >= 1)
		status = threads(arg, left);
	else if (!strcmp(group, "rules") && left == 2)
		status = rules(ctx, arg[0], arg[1]);
	else if (!strcmp(group, "bad"))
		status = bad(ctx);
	else if (!strcmp(group, "null") && left == 1)
		status = null_args(ctx, arg[0]);
	sd_context_free(ctx);
	return status;
}
