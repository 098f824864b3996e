# Shared by every bats file: the programs under test, the data, assertions.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
PATH="$ROOT/bin:$PATH"
DATA="${SUDOKU_DATA:-$ROOT/../shared/data}"
EX="$ROOT/examples"

# Tests that read the public collections skip where they are absent.
need_data() {
	[ -d "$DATA" ] || skip "no $DATA"
}

# A sample of puzzle lines from a collection, comments left out.
sample() {
	grep -v '^#' "$DATA/$1" | head -n "${2:-100}"
}

assert_stderr() {
	output="$stderr" assert_output --partial "$1"
}
