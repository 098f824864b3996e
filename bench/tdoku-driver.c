/* For bench/bt.sh only, never part of the build: tdoku's solver over a file
 * of 9×9 lines, the way sudoku-bt reads and writes them, so that the two
 * whole processes can be timed alike.  Links against a tdoku built apart
 * (its libtdoku_static.a); no code of tdoku is here.
 *   tdoku-driver [-u] FILE: the puzzle and its solution per line, or with -u
 *   the verdict and the count up to 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tdoku.h"

int main(int argc, char **argv)
{
	int unique = argc > 2 && !strcmp(argv[1], "-u");
	FILE *f = fopen(argv[argc - 1], "r");
	char line[1024], solution[82];
	size_t guesses;

	if (argc < 2 || !f) {
		fprintf(stderr, "usage: tdoku-driver [-u] FILE\n");
		return 2;
	}
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || strlen(line) < 81)
			continue;
		line[81] = 0;
		size_t n = TdokuSolverDpllTriadSimd(line, unique ? 2 : 1, 0, solution, &guesses);
		solution[81] = 0;
		if (unique)
			printf("%s %zu\n", n == 1 ? "unique" : n ? "multiple" : "nosolution", n);
		else
			printf("%s %s\n", line, n ? solution : "");
	}
	fclose(f);
	return 0;
}
