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
	run sh "$ROOT/tests/layers.sh" "$BATS_TEST_TMPDIR"
	assert_failure 1
	assert_line 'lib/algo/up.c: includes a header of frame, a layer above algo'
	assert_line 'lib/algo/io.c: an algorithm does no input or output'
	refute_output --partial ok.c
}

@test "the layer check keeps cairo in lib/paint, which the frame does not include" {
	mkdir -p "$BATS_TEST_TMPDIR/lib/frame" "$BATS_TEST_TMPDIR/lib/format" "$BATS_TEST_TMPDIR/lib/paint"
	printf '#include "paint/paint.h"\n' > "$BATS_TEST_TMPDIR/lib/frame/draws.c"
	printf '#include <cairo.h>\n' > "$BATS_TEST_TMPDIR/lib/format/cairo.c"
	printf '#include <cairo.h>\n#include "format/look.h"\n' > "$BATS_TEST_TMPDIR/lib/paint/ok.c"
	printf '#include "frame/frame.h"\n' > "$BATS_TEST_TMPDIR/lib/paint/up.c"
	run sh "$ROOT/tests/layers.sh" "$BATS_TEST_TMPDIR"
	assert_failure 1
	assert_line 'lib/frame/draws.c: includes a header of paint, a layer above frame'
	assert_line 'lib/format/cairo.c: includes cairo, which only lib/paint may'
	assert_line 'lib/paint/up.c: includes a header of frame, a layer above paint'
	refute_output --partial ok.c
}
