#!/usr/bin/env bats
# The C unit tests of the library, one group per test.

load helper

@test "unit: geometry and cell names" { run -0 "$ROOT/bin/unit-tests" geometry; }
@test "unit: the line alphabet" { run -0 "$ROOT/bin/unit-tests" alphabet; }
@test "unit: costs, conflicts and candidate masks" { run -0 "$ROOT/bin/unit-tests" rules; }
@test "unit: the random generator and record seeds" { run -0 "$ROOT/bin/unit-tests" rng; }
@test "unit: every kind of fill at every size" { run -0 "$ROOT/bin/unit-tests" fill; }
@test "unit: the reader's line numbers and resynchronisation" { run -0 "$ROOT/bin/unit-tests" reader; }
@test "unit: annealing's incremental cost equals the full cost after every move" { run -0 "$ROOT/bin/unit-tests" anneal-cost; }
@test "unit: annealing ends within its limit and reports only real solutions" { run -0 "$ROOT/bin/unit-tests" anneal-run; }
@test "unit: the shift, reverse and exchange neighbourhoods on a hand-made box" { run -0 "$ROOT/bin/unit-tests" vns-moves; }
@test "unit: under variant rules the local searches' incremental cost equals sd_ruleset_cost after every move, and the conflicted cells are those that break a rule" { run -0 "$ROOT/bin/unit-tests" local-rules; }
@test "unit: under variant rules propagation keeps the solution and sees contradicting givens; annealing and the variable neighbourhoods call solved only a board that keeps every rule" { run -0 "$ROOT/bin/unit-tests" local-rules-run; }
@test "unit: every logical step on generated puzzles agrees with the solution; levels hold" { run -0 "$ROOT/bin/unit-tests" logic; }
@test "unit: aligned pair and triplet exclusion steps agree with the solution" { run -0 "$ROOT/bin/unit-tests" aligned; }
@test "unit: the memos of a rating (aligned exclusion, subsets, fish) find through a solution what a scan afresh finds" { run -0 "$ROOT/bin/unit-tests" memos; }
@test "unit: the memory a rating's chains hold is counted, given back whole, and far below the bound on 9x9" { run -0 "$ROOT/bin/unit-tests" chain-memory; }
@test "unit: symmetric patterns, minimal puzzles, seeds and clue targets" { run -0 "$ROOT/bin/unit-tests" gen; }
@test "unit: a search near its own puzzles that finds nothing and rises no more starts afresh on the Luby sequence, the same by seed, even holding chains with chains inside; one that keeps finding stays" { run -0 "$ROOT/bin/unit-tests" near-restart; }
@test "unit: from 9.5 up, below chains with chains inside, a puzzle's narrow way through T&E(1) counts as much as its longest chain" { run -0 "$ROOT/bin/unit-tests" near-fitness; }
@test "unit: the general solver on every box shape: propagation keeps the solution, counts agree" { run -0 "$ROOT/bin/unit-tests" solve; }
@test "unit: --propagate none and fc are the backtracking report's plain backtracking and forward checking, node for node; fc never tries more" { run -0 "$ROOT/bin/unit-tests" bt-definitions; }
@test "unit: sudoku-play's game: undo and redo, mistakes, wrong entries, the hint sudoku-rate gives, the clock while unsolved, the record saved with its marks" { run -0 "$ROOT/bin/unit-tests" game; }
@test "unit: sudoku-play's screen laid out at every size from 80x24 up, every board to 25x25: the words beside or below the board, never over it" { run -0 "$ROOT/bin/unit-tests" layout; }
@test "unit: sudoku-play's saved games: a file of its own for each new game, unfinished ones never given to another, listed the last saved first" { run -0 "$ROOT/bin/unit-tests" game-save; }
@test "unit: the 9x9 fast path's portable and vector paths give the same solutions in the same order" {
	run -0 "$ROOT/bin/unit-tests" solve9
	need_data
	# every 100th puzzle of each collection
	for f in 17_clue forum_hardest_1905_11plus serg_multi_solution; do
		grep -v '^#' "$DATA/$f.txt" | awk 'NR % 100 == 1' > "$BATS_TEST_TMPDIR/$f.txt"
	done
	SD_SOLVE9_SAMPLE="$BATS_TEST_TMPDIR/17_clue.txt $BATS_TEST_TMPDIR/forum_hardest_1905_11plus.txt $BATS_TEST_TMPDIR/serg_multi_solution.txt" \
		run -0 "$ROOT/bin/unit-tests" solve9
	assert_output --partial "solve9: 1080 puzzles"
}

@test "unit: a puzzle T&E(1) solves needs no chains inside chains, and the narrower its way the harder, over every rated puzzle of shared/data" {
	run -0 "$ROOT/bin/unit-tests" trial
	need_data
	# the forum's 11+ sampled (every 100th), each with a rating of 11.0 for
	# the count of 9.5 and up: T&E(1) solves none of them
	grep -v '^#' "$DATA/forum_hardest_1905_11plus.txt" |
		awk 'NR % 100 == 1 { print $1, "11.0" }' > "$BATS_TEST_TMPDIR/forum.txt"
	SD_TRIAL_SAMPLE="$(echo "$DATA"/se_rated/*.txt) $BATS_TEST_TMPDIR/forum.txt" run -0 "$ROOT/bin/unit-tests" trial
	assert_output --regexp "trial: 1507 puzzles, T&E\(1\) with singles solves 1002 .* of 502 rated 9\.5 and up, 0 and 3 solved; width 52\.6 on average from 6\.5 to 8\.9 \(215\), 21\.3 from 9\.0 to 9\.4 \(26\)"
}

