#!/usr/bin/env bats
# The library's layers only point down (lib/README.md).

load helper

@test "every file of lib/ includes only its own layer and those below" {
	run sh "$ROOT/tests/layers.sh" "$ROOT"
	assert_success
	assert_output ''
}

@test "the layer check finds a file that includes a layer above its own" {
	mkdir -p "$BATS_TEST_TMPDIR/lib/board" "$BATS_TEST_TMPDIR/lib/algo"
	printf '#include "board/board.h"\n' > "$BATS_TEST_TMPDIR/lib/board/ok.c"
	printf '#include "frame/frame.h"\n' > "$BATS_TEST_TMPDIR/lib/algo/up.c"
	printf '#include <stdio.h>\n' > "$BATS_TEST_TMPDIR/lib/algo/io.c"
	mkdir -p "$BATS_TEST_TMPDIR/lib/play"
	printf '#include <curses.h>\n' > "$BATS_TEST_TMPDIR/lib/play/game.c"
	printf '#include <curses.h>\n' > "$BATS_TEST_TMPDIR/lib/play/screen.c"
	run sh "$ROOT/tests/layers.sh" "$BATS_TEST_TMPDIR"
	assert_failure 1
	assert_line 'lib/algo/up.c: includes a header of frame, a layer above algo'
	assert_line 'lib/algo/io.c: an algorithm does no input or output'
	assert_line 'lib/play/game.c: includes curses, which only lib/play/screen.c draws with'
	refute_line --partial 'lib/play/screen.c:'
	refute_output --partial ok.c
}
