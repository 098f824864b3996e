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
@test "unit: every logical step on generated puzzles agrees with the solution; levels hold" { run -0 "$ROOT/bin/unit-tests" logic; }
@test "unit: aligned pair and triplet exclusion steps agree with the solution" { run -0 "$ROOT/bin/unit-tests" aligned; }
@test "unit: symmetric patterns, minimal puzzles, seeds and clue targets" { run -0 "$ROOT/bin/unit-tests" gen; }
@test "unit: the general solver on every box shape: propagation keeps the solution, counts agree" { run -0 "$ROOT/bin/unit-tests" solve; }
