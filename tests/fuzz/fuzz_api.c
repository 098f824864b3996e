/* libFuzzer harness for libsudoku's parser (sd_board_parse) and what a
 * caller does next with the board it returns: its size and text, a
 * count, a rating and a hint, each under a small limit of work, so that a
 * board the parser accepts is one every call can take. */
#include <stdlib.h>
#include <string.h>
#include "api/sudoku.h"

static void check(int cond)
{
	if (!cond)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sd_context *ctx = sd_context_new();
	sd_board *board = NULL;
	int rows, cols;

	check(ctx != NULL);
	check(sd_context_limit(ctx, 2000, 0) == SUDOKU_OK);
	if (sd_board_parse(ctx, (const char *)data, size, &board) == SUDOKU_OK) {
		int n = sd_board_size(board, &rows, &cols);
		check(n >= 4 && n <= 64 && rows * cols == n);
		for (int r = 0; r < n; r++)
			for (int c = 0; c < n; c++)
				check(sd_board_get(board, r, c) >= 0 && sd_board_get(board, r, c) <= n);
		size_t len = (size_t)n * (size_t)n * 3 + 64;
		char *text = malloc(len);
		check(text != NULL && sd_board_text(board, text, len) >= 0);
		free(text);
		long long count = 0;
		sd_board_count(ctx, board, 2, &count);
		struct sd_grade grade;
		if (n <= 16)
			sd_board_rate(ctx, board, &grade);
		sd_hint *hint = NULL;
		if (n <= 16 && sd_board_hint(ctx, board, &hint) == SUDOKU_OK) {
			for (int i = 0; i < sd_hint_steps(hint); i++) {
				int row, col, digit;
				sd_hint_placement(hint, i, &row, &col, &digit);
				for (int k = 0; k < sd_hint_removals(hint, i); k++)
					sd_hint_removal(hint, i, k, &row, &col, &digit);
			}
			sd_hint_free(hint);
		}
		sd_board_free(board);
	}
	sd_context_free(ctx);
	return 0;
}
