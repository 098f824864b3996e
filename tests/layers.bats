#!/usr/bin/env bats
# The library's layers only point down (lib/README.md).

load helper

@test "every file of lib/ and cmd/ includes only its own layer and those below" {
	run sh "$ROOT/tests/layers.sh" "$ROOT"
	assert_success
	assert_output ''
}

# a tree of small files, each breaking one rule but ok.c and fine.c
layer_tree() {
	local t=$BATS_TEST_TMPDIR
	mkdir -p "$t/lib/board" "$t/lib/exact" "$t/lib/local" "$t/lib/logic" "$t/lib/gen" \
		"$t/lib/portfolio" "$t/lib/frame" "$t/lib/algo" "$t/cmd"
	printf '#include "board/board.h"\n' > "$t/lib/board/ok.c"
	printf '#include "logic/logic_int.h"\n' > "$t/lib/logic/fine.c"
	printf '#include "exact/exact.h"\n#include "logic/logic.h"\n' > "$t/lib/gen/fine.c"
	printf '#include "frame/frame.h"\n' > "$t/lib/local/up.c"
	printf '#include "logic/logic.h"\n' > "$t/lib/exact/beside.c"
	printf '#include "local/local.h"\n' > "$t/lib/gen/local.c"
	printf '#include "exact/exact.h"\n#include "local/local.h"\n' > "$t/lib/portfolio/fine.c"
	printf '#include "portfolio/portfolio.h"\n' > "$t/lib/exact/race.c"
	printf '#include "exact/exact_int.h"\n' > "$t/lib/gen/inner.c"
	printf '#include "logic/chain_int.h"\n' > "$t/cmd/inner.c"
	printf '#include "board/board.h"\n' > "$t/lib/exact/other.h"
	printf '#include <stdio.h>\n' > "$t/lib/logic/io.c"
	printf '#include <jansson.h>\n' > "$t/lib/board/json.c"
	printf '#include "board.h"\n' > "$t/lib/frame/bare.c"
	printf '#include "board/board.h"\n' > "$t/lib/algo/old.c"
}

@test "the layer check finds every kind of include that breaks a rule" {
	layer_tree
	run sh "$ROOT/tests/layers.sh" "$BATS_TEST_TMPDIR"
	assert_failure 1
	assert_line 'lib/local/up.c: includes a header of frame, which local may not (a layer above, or beside)'
	assert_line 'lib/exact/beside.c: includes a header of logic, which exact may not (a layer above, or beside)'
	assert_line 'lib/gen/local.c: includes a header of local, which gen may not (a layer above, or beside)'
	assert_line 'lib/exact/race.c: includes a header of portfolio, which exact may not (a layer above, or beside)'
	assert_line "lib/gen/inner.c: includes exact/exact_int.h, which is for exact's own files"
	assert_line "cmd/inner.c: includes logic/chain_int.h, which is for logic's own files"
	assert_line 'lib/exact/other.h: a family shows one header, exact.h; another is other_int.h'
	assert_line 'lib/logic/io.c: an algorithm does no input or output'
	assert_line 'lib/board/json.c: includes jansson, getopt or csv'
	assert_line "lib/frame/bare.c: includes a header without its layer's folder"
	assert_line 'lib/algo: not a layer (board, format, exact, local, logic, gen, portfolio, explain, frame, api, paint, play)'
	assert_equal "$(echo "$output" | wc -l)" 11
	refute_output --partial ok.c
	refute_output --partial fine.c
}

@test "the layer check keeps cairo in lib/paint, which the frame does not include" {
	mkdir -p "$BATS_TEST_TMPDIR/lib/frame" "$BATS_TEST_TMPDIR/lib/format" "$BATS_TEST_TMPDIR/lib/paint"
	printf '#include "paint/paint.h"\n' > "$BATS_TEST_TMPDIR/lib/frame/draws.c"
	printf '#include <cairo.h>\n' > "$BATS_TEST_TMPDIR/lib/format/cairo.c"
	printf '#include <cairo.h>\n#include "format/look.h"\n' > "$BATS_TEST_TMPDIR/lib/paint/ok.c"
	printf '#include "frame/frame.h"\n' > "$BATS_TEST_TMPDIR/lib/paint/up.c"
	run sh "$ROOT/tests/layers.sh" "$BATS_TEST_TMPDIR"
	assert_failure 1
	assert_line 'lib/frame/draws.c: includes a header of paint, which frame may not (a layer above, or beside)'
	assert_line 'lib/format/cairo.c: includes cairo, which only lib/paint may'
	assert_line 'lib/paint/up.c: includes a header of frame, which paint may not (a layer above, or beside)'
	refute_output --partial ok.c
}

@test "the layer check keeps curses in the game's screen" {
	mkdir -p "$BATS_TEST_TMPDIR/lib/play"
	printf '#include <curses.h>\n' > "$BATS_TEST_TMPDIR/lib/play/game.c"
	printf '#include <curses.h>\n' > "$BATS_TEST_TMPDIR/lib/play/screen.c"
	printf '#include "local/local.h"\n' > "$BATS_TEST_TMPDIR/lib/play/beside.c"
	run sh "$ROOT/tests/layers.sh" "$BATS_TEST_TMPDIR"
	assert_failure 1
	assert_line 'lib/play/game.c: includes curses, which only lib/play/screen.c draws with'
	assert_line 'lib/play/beside.c: includes a header of local, which play may not (a layer above, or beside)'
	refute_line --partial 'lib/play/screen.c:'
	refute_output --partial ok.c
}

@test "the layer check keeps the library's API and the frame apart, both above explain" {
	mkdir -p "$BATS_TEST_TMPDIR/lib/api" "$BATS_TEST_TMPDIR/lib/frame" "$BATS_TEST_TMPDIR/lib/explain" \
		"$BATS_TEST_TMPDIR/cmd"
	printf '#include "frame/frame.h"\n' > "$BATS_TEST_TMPDIR/lib/api/up.c"
	printf '#include "api/sudoku.h"\n' > "$BATS_TEST_TMPDIR/lib/frame/beside.c"
	printf '#include "api/api_int.h"\n' > "$BATS_TEST_TMPDIR/cmd/inner.c"
	printf '#include "frame/frame.h"\n' > "$BATS_TEST_TMPDIR/lib/explain/up.c"
	printf '#include "explain/explain.h"\n#include "gen/gen.h"\n' > "$BATS_TEST_TMPDIR/lib/api/ok.c"
	printf '#include "explain/explain.h"\n' > "$BATS_TEST_TMPDIR/lib/frame/ok.c"
	run sh "$ROOT/tests/layers.sh" "$BATS_TEST_TMPDIR"
	assert_failure 1
	assert_line 'lib/api/up.c: includes a header of frame, which api may not (a layer above, or beside)'
	assert_line 'lib/frame/beside.c: includes a header of api, which frame may not (a layer above, or beside)'
	assert_line 'cmd/inner.c: includes a header of api, which cmd may not (a layer above, or beside)'
	assert_line 'lib/explain/up.c: includes a header of frame, which explain may not (a layer above, or beside)'
	refute_output --partial ok.c
}
