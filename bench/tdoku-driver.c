/* For bench/bt.sh and bench/pencil.sh only, never part of the build:
 * tdoku's solver over a file of 9×9 lines (81 symbols, or 729 of pencil
 * marks), the way sudoku-bt reads and writes them, so that the two whole
 * processes can be timed and compared alike.  Links against a tdoku built
 * apart (its libtdoku_static.a); no code of tdoku is here.
 *   tdoku-driver [-u | -c LIMIT] FILE: the puzzle and its solution per
 *   line, or with -u the verdict and the count up to 2 (-c: up to LIMIT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tdoku.h"

int main(int argc, char **argv)
{
	int unique = argc > 2 && (!strcmp(argv[1], "-u") || !strcmp(argv[1], "-c"));
	size_t limit = argc > 3 && !strcmp(argv[1], "-c") ? strtoul(argv[2], NULL, 10) : 2;
	FILE *f = fopen(argv[argc - 1], "r");
	char line[4096], solution[82];
	size_t guesses;

	if (argc < 2 || !f) {
		fprintf(stderr, "usage: tdoku-driver [-u] FILE\n");
		return 2;
	}
	while (fgets(line, sizeof line, f)) {
		size_t len = strcspn(line, " \t\r\n");
		if (line[0] == '#' || (len != 81 && len != 729))
			continue;
		line[len] = 0;
		/* tdoku reads '.' alone for an empty cell or a place */
		for (size_t i = 0; i < len; i++)
			if (line[i] == '0')
				line[i] = '.';
		size_t n = TdokuSolverDpllTriadSimd(line, unique ? limit : 1, 0, solution, &guesses);
		solution[81] = 0;
		if (unique)
			printf("%s %zu\n", n == 1 ? "unique" : n ? "multiple" : "nosolution", n);
		else
			printf("%s %s\n", line, n ? solution : "");
	}
	fclose(f);
	return 0;
}
