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
	printf("rate NULL grade: %s\n", sd_strerror(sd_board_rate(ctx, b, NULL)));
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
	else if (!strcmp(group, "bad"))
		status = bad(ctx);
	sd_context_free(ctx);
	return status;
}
