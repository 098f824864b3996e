#!/usr/bin/env bats
# The fuzzers' seed corpus and every input a fuzzer ever crashed on
# (tests/fuzz/regressions) go through the readers and writers without a crash.

load helper

@test "fuzz corpus and regressions: no crash in any format" {
	for f in "$ROOT"/tests/fuzz/corpus/* "$ROOT"/tests/fuzz/regressions/*; do
		[ -f "$f" ] || continue
		for from in auto line grid csv json pack; do
			opt=()
			[ "$from" = auto ] || opt=(-f "$from")
			for to in json line csv pretty; do
				run sudoku-print "${opt[@]}" -t "$to" "$f"
				[ "$status" -le 2 ] || fail "sudoku-print ${opt[*]} -t $to $f: status $status"
			done
		done
	done
}
