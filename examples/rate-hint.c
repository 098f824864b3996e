/* Rates the puzzle given as the first argument (any of the toolkit's
 * formats) and prints its level, its ratings and the first hint:
 *   cc rate-hint.c $(pkg-config --cflags --libs sudoku) -o rate-hint
 *   ./rate-hint 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 */
#include <stdio.h>
#include <string.h>
#include <sudoku.h>

int main(int argc, char **argv)
{
	sd_context *ctx;
	sd_board *puzzle = NULL;
	sd_hint *hint = NULL;
	struct sd_grade grade;
	int code;

	if (argc != 2) {
		fprintf(stderr, "usage: rate-hint PUZZLE\n");
		return 2;
	}
	ctx = sd_context_new();
	if (!ctx)
		return 2;
	/* ten seconds at most for each call */
	sd_context_limit(ctx, 0, 10);
	code = sd_board_parse(ctx, argv[1], strlen(argv[1]), &puzzle);
	if (code == SUDOKU_OK)
		code = sd_board_rate(ctx, puzzle, &grade);
	if (code == SUDOKU_OK)
		code = sd_board_hint(ctx, puzzle, &hint);
	if (code != SUDOKU_OK) {
		fprintf(stderr, "rate-hint: %s: %s\n", sd_strerror(code), sd_context_message(ctx));
		sd_board_free(puzzle);
		sd_context_free(ctx);
		return code == SUDOKU_ENOSOLUTION || code == SUDOKU_EMULTIPLE ? 1 : 2;
	}
	printf("%s %.1f (pearl %.1f, diamond %.1f)\nhint: %s\n", sd_level_name(grade.level), grade.er,
	       grade.ep, grade.ed, sd_hint_text(hint));
	sd_hint_free(hint);
	sd_board_free(puzzle);
	sd_context_free(ctx);
	return 0;
}
